/**
 * Controls that take input but answer no question: a player's search box, its playbar and volume
 * sliders, its caption, speed and language menus. They stay listed as controls; they are never an
 * assessment's options.
 */
export interface PlayerControlInput {
  role: string;
  type: string | null;
  name: string;
  /** id, class names, icon classes. */
  hints: string;
  /** The text before the control or its group (what would be its question). */
  question: string;
  /** The selector of its group's container, when it is in one. */
  container?: string;
}

const SEARCH = /\bsearch\b/;
// Said by the control's name.
const MEDIA =
  /\b(volume|mute|seek|scrub|playbar|play ?bar|progress|timeline|playback|speed|captions?|subtitles?|cc|transcript|quality|audio track)\b/;
// Said by its id or classes (short words such as "cc" are too common in class names); MediaElement.js
// (Lectora's player) classes its seek bar "mejs__time-total mejs__time-slider".
const MEDIA_HINTS =
  /\b(volume|mute|seek|scrub|playbar|timeline|playback|captions?|subtitles?|time (slider|rail|total))\b/;
// A control's label is a word or a few ("Volume", "Playback speed 1.5x"); an answer that mentions
// progress or audio is a sentence (ispring-1's "Track the student's progress" was no option).
const LABEL_WORDS = 3;
const SLIDER_ROLES = new Set(['slider', 'progressbar']);
// A playbar's seek slider that names itself by the time it shows ("00:24", "1:02:03") while media plays.
const TIME_CODE = /^\d{1,2}(:\d{2}){1,2}$/;
// Said by the text before a group of options: only words no question is about.
const MEDIA_MENU = /\b(captions?|subtitles?|closed captions|playback (speed|rate))\b/;
// A menu is headed by a few words: the same words deep in a long question's text do not make it a menu.
const MENU_HEADING_CHARS = 120;
const MENU_CHOICE_ROLES = new Set(['menuitemradio', 'menuitemcheckbox']);
// The player's settings panel (Storyline's #settings holds its "Accessible text" and "Keyboard shortcuts"
// switches, storyline-1): what it holds changes how the course is shown, it answers nothing.
const SETTINGS_PANEL = /(^|[\s>])[#.][\w-]*\b(settings|preferences)\b/i;
const SETTING_NAMES = /^(accessible text|keyboard shortcuts|zoom to fit)$/;

export function isPlayerControl(input: PlayerControlInput): boolean {
  if (input.role === 'searchbox' || input.type === 'search') return true;
  // An option of a menu (a caption or speed menu) is a setting; questions do not use menus.
  if (MENU_CHOICE_ROLES.has(input.role)) return true;
  const name = input.name.toLowerCase();
  if (input.role === 'slider' && TIME_CODE.test(name.trim())) return true;
  const hints = input.hints.toLowerCase().replace(/[_-]+/g, ' ');
  return (
    SEARCH.test(name) ||
    (MEDIA.test(name) && (SLIDER_ROLES.has(input.role) || isLabel(name))) ||
    SETTING_NAMES.test(name.trim()) ||
    SETTINGS_PANEL.test(input.container ?? '') ||
    SEARCH.test(hints) ||
    MEDIA_HINTS.test(hints) ||
    MEDIA_MENU.test(input.question.slice(0, MENU_HEADING_CHARS).toLowerCase())
  );
}

function isLabel(name: string): boolean {
  return name.trim().split(/\s+/).length <= LABEL_WORDS;
}
