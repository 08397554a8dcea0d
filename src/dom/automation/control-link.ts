/**
 * When a course has window.SCORMAutomation, the API-aware tools (scorm_dom_fill_form_batch,
 * scorm_assessment_interaction_trace) answer a control given by selector or ref through it
 * (automation-api-tools.md §4), when the control is unambiguously one interaction's:
 *
 * - the control is in the frame that has the API, and the nearest `data-interaction-id` (on it or an
 *   ancestor) or else its `name` attribute is an id that listInteractions() lists;
 * - the value translates to the interaction's canonical response without guessing: a choice's radio or
 *   checkbox set on (its value attribute; for several answers, added to or removed from getResponse()),
 *   a true-false radio whose value is "true"/"false", text for fill-in, a number for numeric, and for
 *   matching a select whose `data-source` is one of the sources, set to a target by value or label.
 *
 * Anything else stays on the DOM, with the reason.
 */
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import type { FillValue } from '../actions/fill-value.js';
import { readElementValue } from '../element-read.js';
import type { ResolvedTarget } from '../target.js';
import { automationAvailable, callAutomation, type AutomationAvailability } from './call.js';

export interface InteractionInfo {
  id: string;
  type: string;
  multiple?: boolean;
  choices?: string[];
  sources?: string[];
  targets?: string[];
}

/** What one tool call knows of the course's automation API: checked once, the interaction list read once. */
export interface AutomationContext {
  availability: AutomationAvailability;
  interactions(): Promise<InteractionInfo[] | null>;
}

export type ControlIntent = { kind: 'fill'; value: FillValue } | { kind: 'click' };

export type ControlLink =
  | { linked: true; interactionId: string; response: unknown; reason: string }
  | { linked: false; reason: string };

export async function automationContext(runtime: CourseRuntime): Promise<AutomationContext> {
  const availability = await automationAvailable(runtime);
  let list: Promise<InteractionInfo[] | null> | null = null;
  return {
    availability,
    interactions: () => {
      list ??= callAutomation(runtime, 'listInteractions', [])
        .then((r) => interactionList(r.result))
        .catch(() => null);
      return list;
    },
  };
}

/** Whether the control answers one interaction, and with which response. Reads, never acts. */
export async function linkControl(
  runtime: CourseRuntime,
  context: AutomationContext,
  target: ResolvedTarget,
  intent: ControlIntent,
): Promise<ControlLink> {
  const { availability } = context;
  const where = target.target;
  if (!availability.available) {
    return { linked: false, reason: 'window.SCORMAutomation is not present in this course.' };
  }
  if (!availability.methods.includes('setResponse') || !availability.methods.includes('listInteractions')) {
    return { linked: false, reason: 'window.SCORMAutomation has no setResponse() or listInteractions().' };
  }
  if (target.frame.label !== availability.frame) {
    return {
      linked: false,
      reason: `${where} is in frame ${target.frame.label}, the automation API in ${availability.frame}.`,
    };
  }
  const list = await context.interactions();
  if (!list) return { linked: false, reason: 'listInteractions() gave no list of interactions.' };
  // Read where the course cannot fake them (its own name, value or checked getters): ../element-read.ts.
  const facts = await readElementValue(runtime, target, readControl, undefined, 2_000);
  if (!facts) return { linked: false, reason: `${where} could not be read.` };
  const named = [facts.interactionAttr, facts.name].filter((n): n is string => n !== null && n !== '');
  const matches = [...new Set(named)].filter((n) => list.some((i) => i.id === n));
  if (matches.length !== 1) {
    return {
      linked: false,
      reason:
        matches.length === 0
          ? `${where} names no interaction of listInteractions() (by data-interaction-id or name).`
          : `${where} names two interactions (${matches.join(', ')}): ambiguous.`,
    };
  }
  const interaction = list.find((i) => i.id === matches[0]) as InteractionInfo;
  const response = await responseFor(runtime, interaction, facts, intent);
  if ('unsupported' in response) return { linked: false, reason: `${where}: ${response.unsupported}` };
  const by = facts.interactionAttr === interaction.id ? 'data-interaction-id' : 'name';
  return {
    linked: true,
    interactionId: interaction.id,
    response: response.value,
    reason: `${where} is a control of interaction ${interaction.id} (its ${by}); answered with SCORMAutomation.setResponse.`,
  };
}

async function responseFor(
  runtime: CourseRuntime,
  q: InteractionInfo,
  c: ControlFacts,
  intent: ControlIntent,
): Promise<{ value: unknown } | { unsupported: string }> {
  const checkable = c.tag === 'input' && (c.type === 'radio' || c.type === 'checkbox');
  // A click on a radio selects it, on a checkbox toggles it; a fill says which.
  const on =
    intent.kind === 'click'
      ? c.type === 'checkbox'
        ? !c.checked
        : true
      : typeof intent.value === 'boolean'
        ? intent.value
        : null;
  const textual = (c.tag === 'input' && !checkable && c.type !== 'file') || c.tag === 'textarea';
  const value = intent.kind === 'fill' ? intent.value : null;
  switch (q.type) {
    case 'choice': {
      if (!checkable || on === null)
        return { unsupported: 'a choice is answered by a radio or checkbox set on or off.' };
      if (q.choices && !q.choices.includes(c.value)) {
        return { unsupported: `its value "${c.value}" is not one of the choices.` };
      }
      if (!q.multiple)
        return on ? { value: c.value } : { unsupported: 'clearing a single choice is left to the page.' };
      const current = (await callAutomation(runtime, 'getResponse', [q.id], { interactionId: q.id })).result;
      const picked = Array.isArray(current) ? current.filter((v): v is string => typeof v === 'string') : [];
      const next = on ? [...new Set([...picked, c.value])] : picked.filter((v) => v !== c.value);
      return { value: next.length > 0 ? next : null };
    }
    case 'true-false':
      if (!checkable || on !== true || (c.value !== 'true' && c.value !== 'false')) {
        return { unsupported: 'a true-false answer is a radio valued "true" or "false", set on.' };
      }
      return { value: c.value === 'true' };
    case 'fill-in':
      if (!textual || (typeof value !== 'string' && typeof value !== 'number')) {
        return { unsupported: 'a fill-in answer is text in a text field.' };
      }
      return { value: String(value) };
    case 'numeric': {
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && value.trim() !== ''
            ? Number(value)
            : NaN;
      if (!textual || !Number.isFinite(n))
        return { unsupported: 'a numeric answer is a finite number in a field.' };
      return { value: n };
    }
    case 'matching': {
      const source = c.source;
      if (
        c.tag !== 'select' ||
        source === null ||
        !(q.sources ?? []).includes(source) ||
        typeof value !== 'string'
      ) {
        return { unsupported: 'a matching answer is a select whose data-source is one of the sources.' };
      }
      const option = c.options.find((o) => o.value === value) ?? c.options.find((o) => o.label === value);
      if (!option || !(q.targets ?? []).includes(option.value)) {
        return { unsupported: `"${value}" is not a target among its options.` };
      }
      const current = (await callAutomation(runtime, 'getResponse', [q.id], { interactionId: q.id })).result;
      const pairs = Array.isArray(current)
        ? current.filter((p): p is [string, string] => Array.isArray(p) && p.length === 2 && p[0] !== source)
        : [];
      return { value: [...pairs, [source, option.value]] };
    }
  }
  return { unsupported: `interactions of type "${q.type}" are left to the page.` };
}

function interactionList(result: unknown): InteractionInfo[] | null {
  if (!Array.isArray(result)) return null;
  const strings = (v: unknown): string[] | undefined =>
    Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : undefined;
  return result.flatMap((item: unknown) => {
    if (item === null || typeof item !== 'object') return [];
    const o = item as Record<string, unknown>;
    if (typeof o.id !== 'string' || typeof o.type !== 'string') return [];
    const info: InteractionInfo = { id: o.id, type: o.type };
    if (typeof o.multiple === 'boolean') info.multiple = o.multiple;
    const choices = strings(o.choices);
    const sources = strings(o.sources);
    const targets = strings(o.targets);
    if (choices) info.choices = choices;
    if (sources) info.sources = sources;
    if (targets) info.targets = targets;
    return [info];
  });
}

interface ControlFacts {
  tag: string;
  type: string;
  name: string | null;
  interactionAttr: string | null;
  value: string;
  checked: boolean;
  source: string | null;
  options: Array<{ value: string; label: string }>;
}

/** Runs in the page's isolated world (self-contained): what links a control to an interaction. */
function readControl(el: Element): ControlFacts {
  const input = el as HTMLInputElement;
  const tag = el.tagName.toLowerCase();
  return {
    tag,
    type: tag === 'input' ? (input.type || 'text').toLowerCase() : '',
    name: el.getAttribute('name'),
    interactionAttr: el.closest('[data-interaction-id]')?.getAttribute('data-interaction-id') ?? null,
    value: tag === 'input' ? (el.getAttribute('value') ?? input.value) : '',
    checked: tag === 'input' && input.checked,
    source: el.getAttribute('data-source'),
    options:
      el instanceof HTMLSelectElement
        ? Array.from(el.options)
            .slice(0, 500)
            .map((o) => ({ value: o.value, label: (o.label || o.text).trim() }))
        : [],
  };
}
