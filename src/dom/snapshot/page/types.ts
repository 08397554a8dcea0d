/**
 * What the in-page read of a SCO frame (controls.ts, in an isolated world) returns to Node. Shared by the
 * page script and the Node side; types only.
 */

export interface ReadOptions {
  maxCandidates: number;
  /** Characters kept of texts and hints. */
  maxText: number;
  /** Elements looked at for clickable non-controls (cursor: pointer) and open shadow roots. */
  maxWalk: number;
  /** The token of the last read: when the page is unchanged since, the answer is only the token. */
  lastToken: string | null;
  /** Storyline objects its slide data declares drag items or drop targets, by data-model-id. */
  dragDrop?: DragDropDeclarations;
}

/** What Storyline's slide data says of one object a learner drags or drops on (never which goes where). */
export interface DragDropObject {
  role: 'item' | 'target';
  /** The drag-and-drop interaction it belongs to: its items and targets share it. */
  group: string;
  /** The slide's title, the question the interaction asks. */
  question: string;
}

export type DragDropDeclarations = Record<string, DragDropObject>;

export interface ScanCandidate {
  /** Ref of the element in this read ("f1e7"); null for controls that are not rendered. */
  ref: string | null;
  selector: string;
  tag: string;
  type: string | null;
  /** The role attribute's first token, or null. */
  role: string | null;
  /** The element's ARIA role (explicit, else implicit); "generic" for clickable non-controls. */
  ariaRole: string | null;
  /** Its accessible name (W3C accname, as assistive technology computes it). */
  accName: string;
  /** Rendered with a box and not display:none / visibility:hidden. */
  rendered: boolean;
  /** pointer-events is not none. */
  pointerEvents: boolean;
  /** Rendered but at most 2x2 px or clipped away: a screen-reader-only control. */
  srOnly: boolean;
  /** A non-control the page styles as clickable (cursor: pointer), such as a "NEXT" div. */
  clickable: boolean;
  text: string;
  /** aria-label, title, alt, placeholder, value of buttons: what a name may come from. */
  label: string;
  /** Text of the aria-labelledby elements and of the <label>s of a field: what a name may come from. */
  labelledBy: string;
  /** href attribute of links. */
  href: string | null;
  /** id, class, name and icon classes of the element and its first children, for purpose hints. */
  hints: string;
  form: number;
  group: number;
  name: string | null;
  /** A field's value; a select's selected option text. */
  value: string | null;
  checked: boolean | 'mixed' | null;
  disabled: boolean;
  expanded?: boolean;
  pressed?: boolean | 'mixed';
  selected?: boolean;
  /** Picked up and moved by the pointer (draggable="true", or a Storyline drag item). */
  draggable?: boolean;
  /** Shown as wrong: aria-invalid, :user-invalid or the course's error class on the field. */
  invalid?: boolean;
  /** A link to another site (another origin, mailto:, tel:): it leaves the course. */
  external?: boolean;
  /** In a carousel or gallery of the page (in-page-widget.ts): its arrows turn the widget, not the page. */
  inCarousel?: boolean;
  /** Outside the main landmark of a page that has one (a course outline beside the content). */
  outsideMain?: boolean;
  /** The box of a drawn drop-down shown open (drawn-dropdown.ts): its rows are its group's options. */
  dropdownBox?: boolean;
  /** Where a drag item may be let go (a Storyline drop target its slide data declares). */
  dropTarget?: boolean;
}

export interface ScanGroup {
  /**
   * `clickable`: clickable non-controls under one close container (drawn answer options); `dropdown`:
   * the rows of a drawn drop-down shown open; `drag_drop`: the items and drop targets of one drag-and-drop.
   */
  kind:
    | 'fieldset'
    | 'radiogroup'
    | 'group'
    | 'listbox'
    | 'name'
    | 'field'
    | 'clickable'
    | 'dropdown'
    | 'drag_drop';
  selector: string;
  question: string;
}

export interface ScanForm {
  selector: string;
  id: string | null;
  name: string | null;
  action: string | null;
}

export interface ScanHeading {
  level: number | null;
  text: string;
  ref: string | null;
}

export interface ScanDialog {
  role: string;
  name: string;
  ref: string | null;
  text: string;
  /** A pop-up drawn without dialog semantics (unmarked-modal.ts): the ref of its close control. */
  close?: string;
}

export interface ScanResult {
  url: string;
  title: string;
  candidates: ScanCandidate[];
  groups: ScanGroup[];
  forms: ScanForm[];
  headings: ScanHeading[];
  dialogs: ScanDialog[];
  /** The frame's visible text, clipped. */
  text: string;
  /** Index of the focused candidate, or a short description of the focused element if it is not one. */
  focused: number | string | null;
  elementCount: number;
  candidateCount: number;
  truncated: boolean;
  /** More elements than `maxWalk`: clickable non-controls and shadow roots past it were not looked for. */
  walkTruncated: boolean;
  /** Elements whose reading threw; they are left out. */
  failed: number;
  /** Storyline slides shown (the ids of their data files), when the page is a Storyline player. */
  storylineSlides?: string[];
}

/** One read: the scan, or only the token when the page is unchanged since `lastToken`. */
export type ReadAnswer =
  { token: string; unchanged: true } | { token: string; unchanged: false; scan: ScanResult };
