/** Our short, actionable fix for the axe rules courses break most; other rules fall back to axe's help. */

const HINTS: Record<string, string> = {
  'image-alt':
    'Give the <img> an alt attribute that says what the image shows or does; alt="" if it is decoration only.',
  'input-image-alt': 'Give the <input type="image"> an alt attribute naming the action (e.g. alt="Submit").',
  'role-img-alt': 'Give the element with role="img" an aria-label (or aria-labelledby) describing the image.',
  'svg-img-alt': 'Give the <svg role="img"> a <title> child or an aria-label describing the image.',
  'area-alt': 'Give every <area> of the image map an alt text naming its link.',
  'object-alt': 'Give the <object> a text alternative (aria-label, title, or text content).',
  label:
    'Label the field: <label for="ID">Question or field name</label>, or wrap it in a <label>; aria-label only when no visible text fits.',
  'select-name': 'Label the <select> with a <label for="ID">, or aria-label when no visible label fits.',
  'form-field-multiple-labels': 'Keep one <label> per field; merge the texts into it.',
  'button-name':
    'Give the button text content, or an aria-label when it shows only an icon (e.g. aria-label="Next slide").',
  'input-button-name': 'Give the <input type="button|submit|reset"> a value attribute naming the action.',
  'link-name':
    'Give the link text content, or an aria-label when it shows only an icon or image (then alt text).',
  'color-contrast':
    'Raise the contrast between text and background to at least 4.5:1 (3:1 for text from 24px, or 18.66px bold): darken the text or lighten the background.',
  'color-contrast-enhanced':
    'For AAA, raise text contrast to at least 7:1 (4.5:1 for large text): darken the text or lighten the background.',
  'link-in-text-block':
    'Make links inside text distinguishable without colour: underline them, or give them 3:1 contrast with the text around.',
  'html-has-lang': 'Add the page language to the root element: <html lang="en"> (the course\'s language).',
  'html-lang-valid': 'Use a valid BCP 47 language code in <html lang> (e.g. "en", "fr-CA").',
  'valid-lang': 'Use a valid BCP 47 language code in the lang attribute (e.g. "de").',
  'document-title': "Add a <title> naming the lesson or slide to the page's <head>.",
  'frame-title': 'Give the <iframe> a title attribute saying what it holds (e.g. title="Lesson content").',
  'frame-title-unique': 'Give each <iframe> its own title, so screen-reader users can tell them apart.',
  'heading-order': 'Do not skip heading levels: follow an <h1> with an <h2>, not an <h3>.',
  'empty-heading': 'Put text in the heading, or remove it if it is only used for styling.',
  'page-has-heading-one': "Start the slide's content with one <h1> naming it.",
  'landmark-one-main': "Wrap the slide's main content in one <main> element.",
  region:
    'Put all content inside landmarks (<header>, <nav>, <main>, <footer>), so it can be reached by region.',
  bypass: 'Add a "skip to content" link or landmarks, so keyboard users can bypass repeated blocks.',
  list: 'Inside <ul>/<ol>, use only <li> (and <script>/<template>) as direct children.',
  listitem: 'Put every <li> inside a <ul> or <ol>.',
  'duplicate-id-aria':
    'Make the id unique: an element referenced by aria-labelledby or a <label for> must have its own id.',
  tabindex: 'Use tabindex="0" or "-1" only; positive values break the keyboard order.',
  'nested-interactive':
    'Do not put a focusable control inside another one (e.g. a button inside a link): make them siblings.',
  'scrollable-region-focusable':
    'Make the scrolling area reachable by keyboard: tabindex="0" on it, or a focusable element inside.',
  'meta-viewport':
    'Remove user-scalable=no and maximum-scale below 2 from <meta name="viewport">: learners must be able to zoom.',
  'meta-refresh': 'Remove the timed <meta http-equiv="refresh">: move on when the learner asks.',
  'target-size': 'Make the control at least 24 by 24 CSS pixels, or leave that much space around it.',
  'video-caption': 'Add captions to the video: a <track kind="captions"> with a WebVTT file.',
  'autocomplete-valid':
    'Use a valid autocomplete token for the field (e.g. autocomplete="email"), or remove the attribute.',
  'aria-hidden-focus':
    'Do not hide focusable controls with aria-hidden="true": remove aria-hidden, or make them unfocusable (tabindex="-1", disabled).',
  'aria-hidden-body': 'Remove aria-hidden="true" from <body>: it hides the whole slide from screen readers.',
  'aria-required-attr': 'Add the attributes the ARIA role requires (e.g. aria-checked on role="checkbox").',
  'aria-required-children':
    'Give the ARIA role the children it needs (e.g. role="radiogroup" holds role="radio" items).',
  'aria-required-parent':
    'Put the element inside the parent its role needs (e.g. role="option" inside role="listbox").',
  'aria-allowed-attr': "Remove ARIA attributes the element's role does not support, or change the role.",
  'aria-valid-attr':
    'Fix the misspelt aria-* attribute name (see the WAI-ARIA list of states and properties).',
  'aria-valid-attr-value':
    'Give the aria-* attribute a valid value (true/false, an existing id, a token the spec allows).',
  'aria-roles': 'Use a valid, non-abstract ARIA role (e.g. "button", "radio"), or remove the role attribute.',
  'aria-command-name':
    'Give the element with role button, link or menuitem an accessible name (text or aria-label).',
  'aria-input-field-name':
    'Give the ARIA input (role textbox, combobox, slider…) a name with aria-label or aria-labelledby.',
  'aria-toggle-field-name':
    'Give the ARIA toggle (role checkbox, radio, switch…) a name: text content or aria-label.',
  'aria-dialog-name': 'Give the dialog a name: aria-labelledby pointing at its heading, or aria-label.',
};

const PREFIX_HINTS: Array<[prefix: string, hint: string]> = [
  [
    'aria-',
    "Check the element's ARIA role and attributes against WAI-ARIA 1.2: valid role, its required attributes and context, a name.",
  ],
  [
    'landmark-',
    'Use each landmark once where the rule says (one <main>, top-level <header>/<footer>/<nav>), each with its own name when repeated.',
  ],
];

/** Our hint for this rule, or the help text axe gives. */
export function fixHint(rule: string, axeHelp: string): string {
  const own = HINTS[rule];
  if (own) return own;
  const byPrefix = PREFIX_HINTS.find(([prefix]) => rule.startsWith(prefix));
  return byPrefix ? `${byPrefix[1]} (axe: ${axeHelp})` : axeHelp;
}
