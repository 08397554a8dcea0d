/**
 * What player recognition exchanges between the page script (page/) and Node: plain data only, so it
 * crosses Playwright's serialization unchanged. Slide numbers are 1-based everywhere.
 */

/** Players we recognise by their own runtime objects and DOM; "automation_api" is our template's SCORMAutomation. */
export const PLAYER_NAMES = [
  'automation_api',
  'storyline',
  'rise',
  'captivate',
  'ispring',
  'adapt',
  'lectora',
] as const;
export type PlayerName = (typeof PLAYER_NAMES)[number];

/** One observed signature of a player; weight (0..1) is how strongly it alone points to that player. */
export interface Evidence {
  signal: string;
  weight: number;
}

export interface NavControl {
  /** A CSS selector for scorm_dom_click, unique within the frame's document. */
  selector: string;
  label: string;
  enabled: boolean;
}

export interface NavControls {
  next: NavControl | null;
  previous: NavControl | null;
  menu: NavControl | null;
}

/** Slide/page indicators found in the DOM, independent of any player. */
export interface GenericFacts {
  /** A visible "3 / 10", "Slide 3 of 10" text. */
  indicator: { current: number; total: number; text: string } | null;
  /** A <progress>, role=progressbar or "40% complete" text. */
  progress: { percent: number; source: string } | null;
  /** Slide containers ([data-slide], section.slide, ...) or an aria-current item in a list. */
  slides: { total: number; current: number | null; source: string; ids: Array<string | null> } | null;
  nav: NavControls;
  /** The first visible h1/h2. */
  heading: string | null;
  /** Visible answer inputs (radio, checkbox, select, text fields, ARIA radios and checkboxes). */
  answerInputs: number;
  /** Words of the visible headings that hint at the page's role ("quiz", "summary", ...). */
  headingText: string;
}

export interface FrameFacts {
  url: string;
  title: string;
  players: Partial<Record<PlayerName, Evidence[]>>;
  generic: GenericFacts;
}

/** What a player's own runtime says about the current slide; absent fields were not read. */
export interface PlayerReading {
  slide_number: number | null;
  total_slides: number | null;
  slide_id: string | null;
  slide_title: string | null;
  section_title: string | null;
  progress_percent: number | null;
  /**
   * The player shows its menu of the course's pages (Adapt's location-menu): the menu's heading is the
   * course's title, which says nothing of a page's role.
   */
  course_menu?: boolean;
  /**
   * The player's own count of the course's pages where it gives no slide number (Lectora's page tracking):
   * it stands for total_slides only where the page shows no position of its own, since what the learner
   * sees wins.
   */
  page_count?: { total: number; source: string };
  notes: string[];
}

export interface SlideEntry {
  /** 1-based position in the player's order. */
  index: number;
  id?: string;
  title?: string;
  current: boolean;
}

export type SlideListing = { supported: true; slides: SlideEntry[] } | { supported: false; reason: string };

export interface GotoTarget {
  index: number;
  id: string | null;
  /** Storyline's menu navigation from the course's frame data (free, restricted, locked); null when unread. */
  menu_flow?: string | null;
}

export type GotoOutcome = { ok: true; method: string } | { ok: false; reason: string };

/** An iSpring 9 presentation's slides as its page declares them (ispring-deck.ts). */
export interface IspringDeck {
  /** `text`: the presentation declares words on the slide (presInfo's `x`); a slide of pictures has none. */
  slides: Array<{ title: string | null; sprite: string | null; quiz: boolean; text: boolean }>;
}

/** What Node read of the course's own files for the page script (a player's data, never run). */
export interface PlayerHints {
  ispringDeck?: IspringDeck;
}

export type ProbeRequest =
  | { op: 'detect' }
  | { op: 'read'; player: PlayerName; hints?: PlayerHints }
  | { op: 'slides'; player: PlayerName; hints?: PlayerHints }
  | { op: 'goto'; player: PlayerName; target: GotoTarget; hints?: PlayerHints }
  | { op: 'current'; player: PlayerName; hints?: PlayerHints };
