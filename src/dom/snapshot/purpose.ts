/**
 * What a control is for, inferred the way a learner reads it: role first, then its name and text, then
 * attributes and icon classes (an arrow icon on an unlabeled button), then where it sits (an option in a
 * question group, a submit button of a form).
 */
import { navIdKind } from '../players/nav-id.js';
import { isDropdownPrompt } from './page/drawn-dropdown.js';

export type Purpose =
  | 'next'
  | 'previous'
  | 'submit'
  | 'answer_option'
  | 'menu'
  | 'close'
  | 'play_pause'
  | 'start_resume'
  | 'retry'
  | 'exit'
  | 'text_entry'
  | 'selection'
  | 'toggle'
  | 'link'
  /**
   * A setting or tool of the player or its media (playbar, volume, captions, speed, search, full screen,
   * notes, marker): never an answer, never the way on.
   */
  | 'player_control'
  /** Where a drag item is let go (a drag-and-drop question's target). */
  | 'drop_target'
  | 'other';

export interface PurposeInput {
  role: string;
  tag: string | null;
  type: string | null;
  /** Accessible name. */
  name: string;
  /** Visible text, aria-label, title, alt. */
  text: string;
  /** id, class names, icon classes. */
  hints: string;
  /** In a fieldset, radiogroup or group of same-named options. */
  inQuestionGroup: boolean;
  inForm: boolean;
  /** In a carousel or gallery of the page: its Next and Previous turn the widget's items, not the page. */
  inCarousel?: boolean;
}

// A skip link moves the focus to a place in the page (storyline-3's "Back to top" button is the player's
// #skipnav): a link within the page, neither the previous slide nor a control of no purpose.
// "Skip to the test" is no skip link: it jumps to another part of the course.
const SKIP_LINK =
  /\b(back to (the )?top|to the top|top of (the )?page|skip (to )?(the )?(main )?(content|navigation|nav|menu|main|lesson|slide))\b/;
// Words that look like navigation but are not: media seeking, the window.
const NOT_NAVIGATION = /\b(full ?screen|fast[ -]?forward|rewind|playback|speed)\b|\b\d+(\.\d+)? ?x\b|^x ?\d/;
// The player's own tools around the slide (iSpring, Storyline): they change how the course is shown, never
// where the learner is (ispring-1's learner pressed each of them after the last slide, looking for a way on).
const PLAYER_TOOL =
  /^(turn (on|off) |show |hide |enter |exit )?(accessibility mode|full ?screen|marker tools?|presenter info|notes|resources|glossary|transcript)$/;
// Adapt's drawer toggle ("Open course resources and search") and its progress button ("Progress bar. Select
// here to view your current progress, …"): both open the side drawer over the page, never the way on
// (adapt-2's learner opened it and kept clicking under it).
const DRAWER_TOOL = /^(progress bar\b|(open |show )?(the )?(course )?(resources|side drawer)\b)/;
const MEDIA_SEEK = /\b(fast[ -]?forward|rewind|playback|speed)\b|\b\d+(\.\d+)? ?x\b|^x ?\d/;
// An entry of a course menu (Adapt names each "Menu item. <title>") opens its page.
const MENU_ENTRY = /^menu item\b/;
const MENU_ENTRY_HINT = /(^|[\s_-])menu[-_]+item/;
// An entry of a course outline (Storyline's outline tree) opens its slide, whatever it is called: its
// "Check Your Understanding #1" or "Print Production Menu" is a slide's title, not a submit or the menu.
const OUTLINE_ENTRY_ROLES = new Set(['treeitem']);
// The title of a quiz slide or section ("Knowledge Check", "Check your understanding", "Checkpoint"), which
// names where a control goes; "Check" or "Check my answer" alone submits.
const CHECK_TITLE =
  /\bknowledge check\b|\bcheck (your|my) (understanding|knowledge|learning)\b|\bcheck ?points?\b/g;
// "Home" opens the course's home page, its list of lessons (Rise's lesson header links its first lesson
// back to the cover as "Home", classed as the previous-lesson link): the menu, not one page back.
const HOME = /^(go (to )?|back to |return to )?(the )?(course )?home( page)?$/;
// Said before the word rules: "Back to menu" opens the menu, it does not go back a page.
const BACK_TO_MENU =
  /\b(back to|return to) (the )?(course )?(menu|contents|table of contents|outline|index)\b/;

// An in-page widget's own arrow names the item it turns (Rise's flashcards: "Next flashcard", rise-3 lesson 4;
// "Next card", "Previous image", "Next tab"): it stays on the page. A slide, page, lesson, question or
// chapter is the course's own item ("Next slide" of h5p-1's deck goes on).
const WIDGET_ITEM =
  /\b(next|prev|previous)\s+(flash ?cards?|cards?|images?|photos?|pictures?|tabs?|panels?|hotspots?|markers?)\b/;

// Words are matched on the name and text first; class and id hints only when those say nothing.
const WORD_RULES: Array<[Purpose, RegExp]> = [
  ['submit', /\b(submit|check(\s+(my\s+)?answers?)?|send|grade|confirm|finish( quiz)?|done)\b/],
  // A quiz's "View results" goes on to its result slide (iSpring), which counts the quiz as done. A bare ">" is
  // said twice when name and text both hold it (Lectora's arrow image button).
  [
    'next',
    /\b(next|continue|forward|proceed|weiter|suivant|siguiente|(view|see|show) (my )?results)\b|[→›»▶⟶]|^[>\s]+$/,
  ],
  ['previous', /\b(prev|previous|back|zurück|précédent|anterior)\b|[←‹«◀⟵]|^[<\s]+$/],
  ['menu', /\b(menu|toc|table of contents|contents|outline|sidebar|hamburger|index)\b|☰/],
  ['close', /\b(close|dismiss|cancel)\b|^[×✕✖x]$/],
  // The sound settings (Storyline's volume button) change how the course is heard; they play nothing.
  ['player_control', /\b(volume|mute|unmute)\b/],
  ['play_pause', /\b(play|pause|replay|rewind|audio|video)\b|[⏯⏸⏵]/],
  ['start_resume', /\b(start|begin|resume|launch|get started|let'?s go|enter)\b/],
  ['retry', /\b(retry|try again|restart|reset|retake)\b/],
  ['exit', /\b(exit|quit|log ?out|leave)\b/],
];

const HINT_RULES: Array<[Purpose, RegExp]> = [
  ['next', /(^|[\s_-])(next|arrow[-_]?right|chevron[-_]?right|fwd|forward)([\s_-]|$)/],
  ['previous', /(^|[\s_-])(prev|previous|back|arrow[-_]?left|chevron[-_]?left)([\s_-]|$)/],
  ['submit', /(^|[\s_-])(submit|check)([\s_-]|$)/],
  ['menu', /(^|[\s_-])(menu|toc|hamburger|bars)([\s_-]|$)/],
  ['close', /(^|[\s_-])(close|times|dismiss)([\s_-]|$)/],
  ['player_control', /(^|[\s_-])(volume|mute|unmute)([\s_-]|$)/],
  ['play_pause', /(^|[\s_-])(play|pause)([\s_-]|$)/],
];

const ICON_GLYPHS = /[\ue000-\uf8ff]/g;
const TEXT_ENTRY_ROLES = new Set(['textbox', 'searchbox', 'spinbutton']);
const SELECTION_ROLES = new Set(['combobox', 'listbox', 'slider']);
const OPTION_ROLES = new Set(['radio', 'menuitemradio', 'option']);
const CHECK_ROLES = new Set(['checkbox', 'menuitemcheckbox', 'switch']);
const BOX_ROLES = new Set(['button', 'generic']);
// A container's text is all its controls' words (rise-3's scenario block, a group "Scenario" holding its
// "CONTINUE" buttons, was taken for the lesson's next): only its own name says what it is for.
const CONTAINER_ROLES = new Set(['group', 'region']);

// An outline or menu toggle (ispring-2's "Outline", pressed or not; Rise's sidebar toggle) is `menu`: it opens
// the course's outline, where a learner picks a slide, as page context's navigation_available.menu says.
export function inferPurpose(input: PurposeInput): Purpose {
  const { role } = input;
  if (TEXT_ENTRY_ROLES.has(role)) return 'text_entry';
  if (SELECTION_ROLES.has(role)) return 'selection';
  if (OPTION_ROLES.has(role)) return 'answer_option';
  if (CHECK_ROLES.has(role)) return input.inQuestionGroup ? 'answer_option' : 'toggle';
  // The box of a drop-down the course draws ("--- SELECT ---"): a learner clicks it to see the options.
  if (BOX_ROLES.has(role) && isDropdownPrompt(input.name)) return 'selection';
  // An image's file-like name ("arrow2_next") is read as words: the underscore separates them. An icon
  // font's glyph (private use, rise-3's "\ue60c Home") says nothing.
  const words = `${input.name} ${CONTAINER_ROLES.has(role) ? '' : input.text}`
    .toLowerCase()
    .replace(ICON_GLYPHS, '')
    .replace(/[\s_]+/g, ' ')
    .trim();
  if (OUTLINE_ENTRY_ROLES.has(role)) return 'link';
  const ownName = input.name.toLowerCase().replace(ICON_GLYPHS, '').replace(/\s+/g, ' ').trim();
  if (BACK_TO_MENU.test(words) || HOME.test(ownName)) return 'menu';
  if (role !== 'link' && (PLAYER_TOOL.test(ownName) || DRAWER_TOOL.test(ownName))) return 'player_control';
  if (MENU_ENTRY.test(words) || SKIP_LINK.test(words)) return 'link';
  if (NOT_NAVIGATION.test(words))
    return MEDIA_SEEK.test(words) ? 'play_pause' : role === 'link' ? 'link' : 'other';
  if (WIDGET_ITEM.test(words)) return 'other';
  const hints = input.hints.toLowerCase();
  const untitled = words.replace(CHECK_TITLE, ' ');
  for (const [purpose, re] of WORD_RULES)
    if (re.test(purpose === 'submit' ? untitled : words)) return inPlace(againstItsId(purpose, hints), input);
  const submitType = input.type === 'submit' || input.type === 'image';
  if (submitType && (input.tag === 'input' || input.inForm)) return 'submit';
  // An entry of a menu (Adapt's `menu-item` page links) goes where it names; it does not open the menu.
  if (MENU_ENTRY_HINT.test(hints)) return 'link';
  for (const [purpose, re] of HINT_RULES) if (re.test(hints)) return inPlace(purpose, input);
  if (input.inQuestionGroup) return 'answer_option';
  if (role === 'link') return 'link';
  return 'other';
}

/** A carousel's arrows move within the page: to a learner they are no way to the next page. */
function inPlace(purpose: Purpose, input: PurposeInput): Purpose {
  return input.inCarousel && (purpose === 'next' || purpose === 'previous') ? 'other' : purpose;
}

/**
 * A bare prev/next id of the other direction (nav-id.ts) wins over the words: a translated player
 * (Storyline) can label both arrows "siguiente", while its ids stay #prev and #next.
 */
function againstItsId(purpose: Purpose, hints: string): Purpose {
  if (purpose !== 'next' && purpose !== 'previous') return purpose;
  const kinds = hints.split(/\s+/).map(navIdKind);
  const other: Purpose = purpose === 'next' ? 'previous' : 'next';
  return kinds.includes(other) && !kinds.includes(purpose) ? other : purpose;
}

export const NAVIGATION_PURPOSES: ReadonlySet<Purpose> = new Set([
  'next',
  'previous',
  'menu',
  'start_resume',
  'exit',
]);
