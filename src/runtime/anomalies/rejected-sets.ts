/**
 * SetValue calls the engine refused because of what the course sent (RTE 2004 3.1.7 / RTE 1.2 3.3.2
 * error codes): the value was not stored, whether or not the SCO then looked at the error. Calls outside
 * the session are left to the lifecycle rules; engine-side failures (101) to unchecked-errors.ts.
 */
import { lookupElement, validateValue } from '../../rte/datamodel/index.js';
import { plural, scoped, type Attempt, type Rule, type RuleContext, type TimedCall } from './attempts.js';
import { courseRef, courseText, type CourseTexts } from '../../core/course-text.js';
import { callRef, callTexts, primitiveText } from './recorded.js';
import type { Anomaly } from './types.js';

type Reason = 'unknown' | 'read_only' | 'keyword' | 'value' | 'dependency' | 'refused' | 'unimplemented';

/** What each code says the course did, per version; codes not listed are not the course's mistake. */
const REASONS: Record<'1.2' | '2004', Readonly<Record<string, Reason>>> = {
  '1.2': {
    '201': 'unknown',
    '202': 'keyword',
    '203': 'keyword',
    '401': 'unimplemented',
    '402': 'keyword',
    '403': 'read_only',
    '405': 'value',
  },
  '2004': {
    '201': 'unknown',
    '351': 'refused',
    '401': 'unknown',
    '402': 'unimplemented',
    '404': 'read_only',
    '406': 'value',
    '407': 'value',
    '408': 'dependency',
  },
};

/** The reason a refused SetValue is the course's mistake, or null (not a SetValue, not refused, or not its mistake). */
export function rejectedSetReason(ctx: RuleContext, c: TimedCall): Reason | null {
  if (c.method !== 'SetValue' || !c.fromSco || c.state !== 'initialized') return null;
  if (c.call.result !== 'false') return null;
  return REASONS[ctx.version][c.call.errorCode] ?? null;
}

const ELEMENT = courseRef('element');

/** Why the call was refused (our sentence) and, for a refused value, the data model's check (it quotes the value). */
function explain(
  ctx: RuleContext,
  reason: Reason,
  element: string,
  value: string | undefined,
): { text: string; course?: CourseTexts } {
  const v = ctx.version;
  switch (reason) {
    case 'unknown':
      return { text: `${ELEMENT} is not an element of the SCORM ${v} data model, so nothing was stored.` };
    case 'read_only':
      return { text: `${ELEMENT} is read-only: only the LMS sets it.` };
    case 'keyword':
      return {
        text: `${ELEMENT} is a keyword (_children, _count, _version) or a collection, which a SCO cannot set.`,
      };
    case 'unimplemented':
      return {
        text: `this LMS does not implement ${ELEMENT} (an optional element), so the value is lost here.`,
      };
    case 'dependency':
      return {
        text: `SCORM ${v} requires another element to be set first (RTE 4.1: an interaction's or objective's id before its other fields, an interaction's type before its responses).`,
      };
    case 'refused':
      return { text: 'the LMS refused the value (for example a duplicate identifier in a collection).' };
    case 'value': {
      const info = lookupElement(v, element);
      const check = info && value !== undefined ? validateValue(info, value) : undefined;
      return check && !check.ok
        ? {
            text: `the value is not of the element's type (the data model's check is in ${courseRef('value_check')}), so it was not stored.`,
            course: { value_check: courseText(check.reason) },
          }
        : { text: `the value is not of ${ELEMENT}'s type or range, so it was not stored.` };
    }
  }
}

function fixFor(ctx: RuleContext, reason: Reason, element: string): string {
  const v = ctx.version;
  // Only the data model's own pattern of a known element is quoted: what the course sent stays in course_text.
  const pattern = lookupElement(v, element)?.pattern;
  element = pattern ?? 'that element';
  switch (reason) {
    case 'unknown':
      return `Use an element the SCORM ${v} data model defines (check the spelling and the version: ${
        v === '1.2'
          ? 'e.g. cmi.core.lesson_location, not cmi.location; cmi.core.lesson_status, not cmi.completion_status'
          : 'e.g. cmi.location, not cmi.core.lesson_location; cmi.completion_status, not cmi.core.lesson_status'
      }); keep custom data in cmi.suspend_data.`;
    case 'read_only':
    case 'keyword':
      return `Do not set ${element}; only read it.`;
    case 'unimplemented':
      return `Do not rely on ${element}: keep what the course needs in cmi.suspend_data.`;
    case 'dependency':
      return `Set the element ${element} depends on first (its record's id, or the interaction's type), then set ${element}.`;
    case 'refused':
      return `Check the value against ${element}'s rules in the SCORM ${v} RTE book (identifiers in a collection must be unique); the engine's diagnostic names the cause.`;
    case 'value': {
      const info = lookupElement(v, element);
      return `Send a value ${element} accepts${info ? `: ${info.type.expected}` : ''}, as a string.`;
    }
  }
}

function rejectedIn(ctx: RuleContext, attempt: Attempt): Anomaly[] {
  const groups = new Map<string, { first: TimedCall; reason: Reason; count: number; checked: boolean }>();
  const sco = attempt.calls.filter((c) => c.fromSco);
  for (let i = 0; i < sco.length; i++) {
    const c = sco[i]!;
    const reason = rejectedSetReason(ctx, c);
    if (!reason) continue;
    const checked = sco[i + 1]?.method === 'GetLastError';
    const key = `${c.element ?? ''}\u0000${c.call.errorCode}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { first: c, reason, count: 1, checked });
  }
  return [...groups.values()].map(({ first, reason, count, checked }) => {
    const call = first.call;
    const element = first.element ?? '';
    const value = primitiveText(call.args[1]);
    const where = `attempt ${attempt.number} of the SCO in sco_id`;
    const others = count > 1 ? ` (and ${plural(count - 1, 'similar call')})` : '';
    const why = explain(ctx, reason, element, value);
    return scoped(ctx, attempt, {
      type: 'set_value_rejected',
      severity: reason === 'unimplemented' ? 'warning' : 'error',
      message: `${capitalized(callRef(call))}${others} (${where}) was rejected with error ${call.errorCode}${
        call.errorString ? ` (${call.errorString})` : ''
      }: ${why.text}${checked ? '' : ` The SCO did not call ${ctx.names.getLastError} afterwards, so it cannot know.`}`,
      fix: fixFor(ctx, reason, element),
      call_index: call.index,
      element,
      count,
      course_text: { ...callTexts(call), element: courseText(element), ...why.course },
    });
  });
}

function capitalized(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export const rejectedSetsRule: Rule = (ctx) => ctx.attempts.flatMap((a) => rejectedIn(ctx, a));
