/**
 * scorm_dom_find_interactive_elements from one page read: every control with its ref, unique selector,
 * role, accessible name, frame, state and inferred purpose, then the same controls grouped the way an
 * agent tests a course: forms with their fields and submit button, questions with their answer options,
 * navigation controls.
 */
import { isPlayerControl } from './player-control.js';
import { inferPurpose, NAVIGATION_PURPOSES, type Purpose } from './purpose.js';
import type { PageRead } from './read-page.js';
import type { ScanCandidate, ScanGroup } from './page/types.js';
import type { ScoFrame } from '../frames.js';
import { capData } from '../course-text-fields.js';

export interface ElementState {
  disabled: boolean;
  visible: boolean;
  checked?: boolean | 'mixed';
  value?: string;
  expanded?: boolean;
  pressed?: boolean | 'mixed';
  selected?: boolean;
  /**
   * Drawn at most 2x2 px, clipped or transparent: a screen-reader control with no shape of its own on
   * screen (a Storyline twin whose drawn object is shown is not: the learner clicks that drawing).
   */
  visually_hidden?: boolean;
  focused?: boolean;
  /** Picked up and moved by the pointer (a drag-and-drop item): scorm_pointer_drag, not a click. */
  draggable?: boolean;
  /** The course shows the field as wrong (aria-invalid, the browser's check, its error style). */
  invalid?: boolean;
  /** A link to another site (another origin, mailto:, tel:): following it leaves the course. */
  external?: boolean;
  /** Where a drag item is let go (scorm_pointer_drag's `to`); its question lists it in `targets`. */
  drop_target?: boolean;
}

export interface InteractiveElement {
  /** Element ref ("f1e7"), null for controls that are not rendered. */
  ref: string | null;
  /** Matches exactly this element in its frame (pass `frame` with it). */
  selector: string;
  frame: string;
  role: string;
  name: string;
  tag: string | null;
  type?: string;
  purpose: Purpose;
  state: ElementState;
  /** For answer options and fields: the question they belong to. */
  question?: string;
}

export interface FormInfo {
  frame: string;
  selector: string;
  id: string | null;
  name: string | null;
  action: string | null;
  inputs: InteractiveElement[];
  submit: InteractiveElement | null;
}

export interface AssessmentInfo {
  frame: string;
  /** What groups the options: a fieldset, a radiogroup, same-named radios, one field, drawn options. */
  kind: ScanGroup['kind'];
  selector: string;
  question: string;
  type: 'single_choice' | 'multiple_choice' | 'text_entry' | 'selection' | 'drag_and_drop' | 'mixed';
  /** For drag_and_drop: the items to drag. */
  options: InteractiveElement[];
  /** For drag_and_drop: where the items may be let go (which item goes where is the learner's answer). */
  targets?: InteractiveElement[];
  /** A drawn drop-down's box (kind `dropdown`): clicked to open or close the options. */
  control?: InteractiveElement;
}

export interface InteractiveElements {
  forms: FormInfo[];
  buttons: InteractiveElement[];
  inputs: InteractiveElement[];
  assessments: AssessmentInfo[];
  navigation: InteractiveElement[];
  interactive_elements: InteractiveElement[];
  counts: Record<string, number>;
  frames: Array<{ label: string; url: string; title: string; element_count: number | null }>;
  snapshot_truncated: boolean;
  elements_truncated: boolean;
  notes: string[];
}

const INPUT_ROLES = new Set([
  'textbox',
  'searchbox',
  'spinbutton',
  'combobox',
  'listbox',
  'slider',
  'checkbox',
  'radio',
  'switch',
  'menuitemradio',
  'menuitemcheckbox',
]);
// What a learner could answer with; the player's own such controls are told apart (player-control.ts).
const ANSWER_PURPOSES: ReadonlySet<Purpose> = new Set(['answer_option', 'text_entry', 'selection', 'toggle']);
const BUTTON_ROLES = new Set(['button', 'generic', 'menuitem', 'tab']);

interface Built {
  element: InteractiveElement;
  candidate: ScanCandidate;
  frame: ScoFrame;
  groups: ScanGroup[];
}

export function buildInteractiveElements(
  read: PageRead,
  opts: { includeHidden: boolean; maxElements: number },
): InteractiveElements {
  const built: Built[] = [];
  let hiddenCount = 0;
  for (const fr of read.frames) {
    const groups = fr.scan?.groups ?? [];
    const focused = fr.scan?.focused;
    const focusedCandidate = typeof focused === 'number' ? fr.scan?.candidates[focused] : undefined;
    for (const candidate of fr.controls) {
      const element = toElement(fr.frame, candidate, groups);
      if (candidate === focusedCandidate) element.state.focused = true;
      built.push({ element, candidate, frame: fr.frame, groups });
    }
    hiddenCount += fr.hidden.length;
    if (opts.includeHidden) {
      for (const candidate of fr.hidden) {
        const element = toElement(fr.frame, candidate, groups);
        element.state.visible = false;
        built.push({ element, candidate, frame: fr.frame, groups });
      }
    }
  }
  const total = built.length;
  const kept = built.slice(0, opts.maxElements);
  const elements = kept.map((b) => b.element);

  const forms: FormInfo[] = [];
  const assessments: AssessmentInfo[] = [];
  for (const fr of read.frames) {
    const byForm = new Map<number, InteractiveElement[]>();
    const byGroup = new Map<number, InteractiveElement[]>();
    const targetsOf = new Map<number, InteractiveElement[]>();
    for (const b of kept) {
      if (b.frame !== fr.frame) continue;
      if (b.candidate.form >= 0) pushTo(byForm, b.candidate.form, b.element);
      if (b.candidate.group >= 0 && b.candidate.dropTarget) pushTo(targetsOf, b.candidate.group, b.element);
      else if (b.candidate.group >= 0 && answers(b)) pushTo(byGroup, b.candidate.group, b.element);
    }
    (fr.scan?.forms ?? []).forEach((form, index) => {
      const members = byForm.get(index) ?? [];
      const submit =
        members.find((e) => e.purpose === 'submit') ??
        members.find((e) => e.role === 'button' && (e.type === 'submit' || e.type === 'image')) ??
        null;
      forms.push({
        frame: fr.frame.label,
        ...form,
        inputs: members.filter((e) => INPUT_ROLES.has(e.role)),
        submit,
      });
    });
    (fr.scan?.groups ?? []).forEach((group, index) => {
      const options = byGroup.get(index) ?? [];
      // Drawn options are told from a row of drawn buttons by their number: one alone is a button.
      if (options.length < (group.kind === 'clickable' ? 2 : 1)) return;
      const assessment: AssessmentInfo = {
        frame: fr.frame.label,
        kind: group.kind,
        selector: group.selector,
        question: options[0]?.question ?? group.question,
        type:
          group.kind === 'dropdown'
            ? 'selection'
            : group.kind === 'drag_drop'
              ? 'drag_and_drop'
              : assessmentType(options),
        options,
      };
      const targets = targetsOf.get(index);
      if (targets) assessment.targets = targets;
      const box =
        group.kind === 'dropdown'
          ? kept.find(
              (b) => b.frame === fr.frame && b.candidate.dropdownBox && b.element.selector === group.selector,
            )
          : undefined;
      if (box) assessment.control = box.element;
      assessments.push(assessment);
    });
  }
  const buttons = elements.filter((e) => BUTTON_ROLES.has(e.role));
  const inputs = elements.filter((e) => INPUT_ROLES.has(e.role));
  const navigation = elements.filter((e) => NAVIGATION_PURPOSES.has(e.purpose));
  const scanTruncated = read.frames.some(
    (f) => f.scan?.truncated || f.scan?.walkTruncated || f.scanError !== null,
  );
  return {
    forms,
    buttons,
    inputs,
    assessments,
    navigation,
    interactive_elements: elements,
    counts: {
      interactive_elements: total,
      returned: elements.length,
      buttons: buttons.length,
      inputs: inputs.length,
      forms: forms.length,
      assessments: assessments.length,
      navigation: navigation.length,
      hidden: hiddenCount,
      // Shown controls beside the page's main content, listed after it (main-first.ts).
      outside_main: kept.filter((b) => b.candidate.outsideMain && b.element.state.visible).length,
    },
    frames: read.frames.map((f) => ({
      label: f.frame.label,
      url: capData(f.scan?.url ?? f.frame.frame.url()),
      title: capData(f.scan?.title ?? ''),
      element_count: f.scan?.elementCount ?? null,
    })),
    snapshot_truncated: scanTruncated,
    elements_truncated: total > elements.length,
    notes:
      total > elements.length
        ? [...read.notes, `${total} controls found; the first ${elements.length} are read.`]
        : [...read.notes],
  };
}

function toElement(frame: ScoFrame, c: ScanCandidate, groups: ScanGroup[]): InteractiveElement {
  const role = c.ariaRole ?? 'generic';
  const name = c.accName || c.label || c.text;
  const group = c.group >= 0 ? groups[c.group] : undefined;
  const state: ElementState = { disabled: c.disabled, visible: true };
  if (c.checked !== null) state.checked = c.checked;
  if (c.value !== null) state.value = c.value;
  if (c.expanded !== undefined) state.expanded = c.expanded;
  if (c.pressed !== undefined) state.pressed = c.pressed;
  if (c.selected !== undefined) state.selected = c.selected;
  if (c.invalid) state.invalid = true;
  if (c.external) state.external = true;
  if (c.srOnly) state.visually_hidden = true;
  if (c.draggable) state.draggable = true;
  if (c.dropTarget) state.drop_target = true;
  const purpose = inferPurpose({
    role,
    tag: c.tag,
    type: c.type,
    name,
    text: `${c.text} ${c.label}`,
    hints: c.hints,
    inQuestionGroup: group !== undefined && group.kind !== 'field',
    inForm: c.form >= 0,
    inCarousel: c.inCarousel === true,
  });
  // A choice, field or slider of the player (captions, speed, search, playbar) is a setting, not an answer;
  // a button of no other purpose that names one (rise-3's "Show Search Bar", Storyline's captions) is too.
  const setting =
    (ANSWER_PURPOSES.has(purpose) || purpose === 'other') &&
    isPlayerControl({
      role,
      type: c.type,
      name,
      hints: c.hints,
      question: group?.question ?? '',
      container: group?.selector,
    });
  const element: InteractiveElement = {
    ref: c.ref,
    selector: c.selector,
    frame: frame.label,
    role,
    name,
    tag: c.tag,
    purpose: c.dropTarget
      ? 'drop_target'
      : c.dropdownBox
        ? 'selection'
        : setting
          ? 'player_control'
          : purpose,
    state,
  };
  if (c.type) element.type = c.type;
  // A field's own label is its question; options share their group's.
  const question = group?.kind === 'field' ? name || group.question : group?.question;
  if (question) element.question = question;
  return element;
}

/**
 * Whether a grouped control is an answer: not a player's own control (search, playbar, captions), and,
 * for drawn options, one whose words say no other purpose (a "NEXT" shape beside the options).
 */
function answers(b: Built): boolean {
  const group = b.groups[b.candidate.group];
  if (group?.kind === 'drag_drop') return true;
  if (group?.kind === 'clickable' && b.element.purpose !== 'answer_option') return false;
  return !isPlayerControl({
    role: b.element.role,
    type: b.candidate.type,
    name: b.element.name,
    hints: b.candidate.hints,
    question: group?.question ?? '',
    container: group?.selector,
  });
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function assessmentType(options: InteractiveElement[]): AssessmentInfo['type'] {
  const roles = new Set(options.map((o) => o.role));
  if (roles.size === 1) {
    if (roles.has('radio') || roles.has('menuitemradio') || roles.has('option')) return 'single_choice';
    if (roles.has('checkbox') || roles.has('switch')) return 'multiple_choice';
    if (roles.has('textbox') || roles.has('searchbox') || roles.has('spinbutton')) return 'text_entry';
    if (roles.has('combobox') || roles.has('listbox') || roles.has('slider')) return 'selection';
  }
  return 'mixed';
}
