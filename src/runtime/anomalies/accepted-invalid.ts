/**
 * Values this engine accepted (SetValue returned "true", error 0) that the standard forbids, per our data
 * model catalogue: unknown or read-only elements, values outside the element's value space. The course
 * works here but a conformant LMS refuses the value, so these are findings about the course.
 */
import { lookupElement, validateValue, type ElementInfo } from '../../rte/datamodel/index.js';
import {
  isSuccess,
  plural,
  scoped,
  type Attempt,
  type Rule,
  type RuleContext,
  type TimedCall,
} from './attempts.js';
import { SUSPEND_DATA } from './elements.js';
import { courseRef, courseText, type CourseTexts } from '../../core/course-text.js';
import { callRef, callTexts, primitiveText } from './recorded.js';
import type { Anomaly } from './types.js';

const INTERACTION_TYPE = /^cmi\.interactions\.(\d+)\.type$/;

interface Problem {
  key: string;
  severity: 'error' | 'warning';
  /** Our sentence; it names what the course sent only through course_text. */
  reason: string;
  fix: string;
  course?: CourseTexts;
}

function problemFor(
  ctx: RuleContext,
  element: string,
  info: ElementInfo | undefined,
  value: string | undefined,
  types: Map<number, string>,
): Problem | null {
  if (!info) {
    return {
      key: `unknown\u0000${element}`,
      severity: 'error',
      reason: `${courseRef('element')} is not an element of the SCORM ${ctx.version} data model`,
      fix: `Use an element the SCORM ${ctx.version} data model defines (check the spelling and the version: e.g. ${
        ctx.version === '1.2'
          ? 'cmi.core.lesson_location, not cmi.location'
          : 'cmi.location, not cmi.core.lesson_location'
      }); keep custom data in cmi.suspend_data.`,
    };
  }
  if (info.keyword || info.access === 'ro') {
    return {
      key: `ro\u0000${info.pattern}`,
      severity: 'error',
      reason: `${info.pattern} is read-only`,
      fix: `Do not set ${info.pattern}; only read it.`,
    };
  }
  if (value === undefined) return null;
  const interactionType = info.response ? types.get(info.indices[0] ?? -1) : undefined;
  if (info.response && interactionType === undefined) return null; // the format depends on a type we never saw
  const check = validateValue(info, value, interactionType !== undefined ? { interactionType } : {});
  if (check.ok) return null;
  // Oversized suspend data has its own, more specific rule.
  if (element === SUSPEND_DATA && (check.kind === 'length' || check.kind === 'spm')) return null;
  return {
    key: `${check.kind}\u0000${info.pattern}`,
    severity: check.kind === 'spm' ? 'warning' : 'error',
    // The data model's check quotes the value, so it is course text too.
    reason: `the data model's check in ${courseRef('value_check')} refuses the value`,
    fix: `Set ${info.pattern} to ${check.expected}.`,
    course: { value_check: courseText(check.reason) },
  };
}

function acceptedIn(ctx: RuleContext, attempt: Attempt): Anomaly[] {
  const types = new Map<number, string>();
  const groups = new Map<
    string,
    { problem: Problem; call: TimedCall['call']; element: string; count: number }
  >();
  for (const c of attempt.calls) {
    if (c.method !== 'SetValue' || !c.element || !isSuccess(c.call)) continue;
    const value = primitiveText(c.call.args[1]);
    const typeSet = INTERACTION_TYPE.exec(c.element);
    if (typeSet && value !== undefined) types.set(Number(typeSet[1]), value);
    if (!c.fromSco) continue;
    const problem = problemFor(ctx, c.element, lookupElement(ctx.version, c.element), value, types);
    if (!problem) continue;
    const group = groups.get(problem.key);
    if (group) group.count += 1;
    else
      groups.set(problem.key, {
        problem,
        call: c.call,
        element: c.element,
        count: 1,
      });
  }
  return [...groups.values()].map(({ problem, call, element, count }) =>
    scoped(ctx, attempt, {
      type: 'engine_accepted_invalid_value',
      severity: problem.severity,
      message: `The engine accepted ${callRef(call)}${
        count > 1 ? ` (and ${plural(count - 1, 'similar call')})` : ''
      }, but SCORM ${ctx.version} does not allow it: ${problem.reason}. ${
        problem.severity === 'warning'
          ? 'An LMS only has to keep the smallest permitted maximum and may truncate the rest.'
          : 'A conformant LMS refuses this value, so the course will lose it there.'
      }`,
      fix: problem.fix,
      call_index: call.index,
      element,
      count,
      course_text: { ...callTexts(call), element: courseText(element), ...problem.course },
    }),
  );
}

export const acceptedInvalidRule: Rule = (ctx) => ctx.attempts.flatMap((a) => acceptedIn(ctx, a));
