/**
 * scorm_dom_find_interactive_elements from one page read: every control with its ref, unique selector,
 * role, accessible name, frame, state and inferred purpose, then the same controls grouped the way an
 * agent tests a course: forms with their fields and submit button, questions with their answer options,
 * navigation controls.
 */
import type { AriaNode } from './aria.js';
import { inferPurpose, NAVIGATION_PURPOSES, type Purpose } from './purpose.js';
import type { ReadControl, PageRead } from './read-page.js';
import type { ScanCandidate, ScanGroup } from './page-scan.js';
import type { ScoFrame } from '../frames.js';

export interface ElementState {
  disabled: boolean;
  visible: boolean;
  checked?: boolean | 'mixed';
  value?: string;
  expanded?: boolean;
  pressed?: boolean | 'mixed';
  selected?: boolean;
  /** Drawn at most 2x2 px, clipped or transparent: a screen-reader control whose visible shape is elsewhere. */
  visually_hidden?: boolean;
  focused?: boolean;
}

export interface InteractiveElement {
  /** Snapshot ref ("f1e7"), null for controls the snapshot does not show (hidden, aria-hidden). */
  ref: string | null;
  /** Matches exactly this element in its frame (pass `frame` with it); null when none could be built. */
  selector: string | null;
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
  /** What groups the options: a fieldset, a radiogroup, same-named radios, one field. */
  kind: ScanGroup['kind'];
  selector: string;
  question: string;
  type: 'single_choice' | 'multiple_choice' | 'text_entry' | 'selection' | 'mixed';
  options: InteractiveElement[];
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
const BUTTON_ROLES = new Set(['button', 'generic', 'menuitem', 'tab']);

interface Built {
  element: InteractiveElement;
  candidate: ScanCandidate | null;
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
    const roleCounts = new Map<string, number>();
    for (const control of fr.controls) {
      const element = toElement(control, groups, roleCounts);
      if (control.candidate && control.candidate === focusedCandidate) element.state.focused = true;
      built.push({ element, candidate: control.candidate, frame: fr.frame, groups });
    }
    hiddenCount += fr.hidden.length;
    if (opts.includeHidden) {
      for (const candidate of fr.hidden) {
        const element = toElement(
          { frame: fr.frame, node: null, candidate, locatedSelector: null },
          groups,
          roleCounts,
        );
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
    for (const b of kept) {
      if (b.frame !== fr.frame || !b.candidate) continue;
      if (b.candidate.form >= 0) pushTo(byForm, b.candidate.form, b.element);
      if (b.candidate.group >= 0) pushTo(byGroup, b.candidate.group, b.element);
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
      if (options.length === 0) return;
      assessments.push({
        frame: fr.frame.label,
        kind: group.kind,
        selector: group.selector,
        question: options[0]?.question ?? group.question,
        type: assessmentType(options),
        options,
      });
    });
  }
  const buttons = elements.filter((e) => BUTTON_ROLES.has(e.role));
  const inputs = elements.filter((e) => INPUT_ROLES.has(e.role));
  const navigation = elements.filter((e) => NAVIGATION_PURPOSES.has(e.purpose));
  const scanTruncated = read.frames.some((f) => f.scan?.truncated || f.scanError !== null);
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
    },
    frames: read.frames.map((f) => ({
      label: f.frame.label,
      url: f.scan?.url ?? f.frame.frame.url(),
      title: f.scan?.title ?? '',
      element_count: f.scan?.elementCount ?? null,
    })),
    snapshot_truncated: read.snapshotError !== null || scanTruncated,
    elements_truncated: total > elements.length,
    notes:
      total > elements.length
        ? [
            ...read.notes,
            `${total} controls found; the first ${elements.length} are returned (max_elements).`,
          ]
        : [...read.notes],
  };
}

function toElement(
  control: ReadControl,
  groups: ScanGroup[],
  roleCounts: Map<string, number>,
): InteractiveElement {
  const node: AriaNode | null = control.node?.node ?? null;
  const c = control.candidate;
  const role = node?.role ?? c?.role ?? implicitRoleName(c);
  const name = node?.name || control.node?.text || c?.label || c?.text || '';
  const group = c && c.group >= 0 ? groups[c.group] : undefined;
  const state: ElementState = {
    disabled: node?.disabled ?? c?.disabled ?? false,
    visible: true,
  };
  const checked = node?.checked ?? c?.checked ?? undefined;
  if (checked !== undefined && checked !== null) state.checked = checked;
  const value = valueOf(node, c);
  if (value !== undefined) state.value = value;
  if (node?.expanded !== undefined) state.expanded = node.expanded;
  if (node?.pressed !== undefined) state.pressed = node.pressed;
  if (node?.selected !== undefined) state.selected = node.selected;
  if (c?.srOnly) state.visually_hidden = true;
  if (node?.active) state.focused = true;
  // Every snapshot node counts towards the n-th of its role (and name), paired or not.
  const nth = node ? bump(roleCounts, role) : -1;
  const nthNamed = node && node.name ? bump(roleCounts, `${role}\u0000${node.name}`) : nth;
  const element: InteractiveElement = {
    ref: node?.ref ?? null,
    selector:
      c?.selector ??
      control.locatedSelector ??
      (node && role !== 'generic' ? roleSelector(role, node.name ?? '', node.name ? nthNamed : nth) : null),
    frame: control.frame.label,
    role,
    name,
    tag: c?.tag ?? null,
    purpose: inferPurpose({
      role,
      tag: c?.tag ?? null,
      type: c?.type ?? null,
      name,
      text: c ? `${c.text} ${c.label}` : (control.node?.text ?? ''),
      hints: c?.hints ?? '',
      inQuestionGroup: group !== undefined && group.kind !== 'field',
      inForm: (c?.form ?? -1) >= 0,
    }),
    state,
  };
  if (c?.type) element.type = c.type;
  // A field's own label is its question; options share their group's.
  const question = group?.kind === 'field' ? name || group.question : group?.question;
  if (question) element.question = question;
  return element;
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function implicitRoleName(c: ScanCandidate | null): string {
  if (!c) return 'generic';
  if (c.tag === 'input') return c.type === 'checkbox' || c.type === 'radio' ? c.type : 'textbox';
  if (c.tag === 'select') return 'combobox';
  if (c.tag === 'a') return 'link';
  if (c.tag === 'button') return 'button';
  if (c.tag === 'textarea') return 'textbox';
  return 'generic';
}

function valueOf(node: AriaNode | null, c: ScanCandidate | null): string | undefined {
  if (node?.role === 'combobox' || node?.role === 'listbox') {
    const selected = (node.children ?? []).find((o) => typeof o !== 'string' && o.selected);
    if (selected && typeof selected !== 'string') return selected.name ?? '';
  }
  if (node && (node.role === 'textbox' || node.role === 'searchbox' || node.role === 'spinbutton')) {
    return typeof node.text === 'string' ? node.text : (c?.value ?? '');
  }
  return c?.value ?? undefined;
}

/**
 * Playwright's role selector for a snapshot node the page pass could not pair (the same accessibility
 * rules as the snapshot, so the n-th match in the frame is the n-th node with that role and name).
 */
function roleSelector(role: string, name: string, nth: number): string {
  const base = name ? `internal:role=${role}[name=${JSON.stringify(name)}s]` : `internal:role=${role}`;
  return `${base} >> nth=${nth}`;
}

function bump(counts: Map<string, number>, key: string): number {
  const n = counts.get(key) ?? 0;
  counts.set(key, n + 1);
  return n;
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
