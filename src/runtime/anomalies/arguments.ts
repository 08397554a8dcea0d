/** Arguments that are not strings (or are missing): the binding says every parameter is a string. */
import { plural, scoped, type Canonical, type Rule } from './attempts.js';
import { courseRef, courseText, type CourseTexts } from '../../core/course-text.js';
import { callRef, callTexts, describeArg, isStringValue } from './recorded.js';
import type { Anomaly } from './types.js';

/** How many string parameters each function takes. */
const ARITY: Record<Canonical, number> = {
  Initialize: 1,
  Terminate: 1,
  Commit: 1,
  GetValue: 1,
  SetValue: 2,
  GetLastError: 0,
  GetErrorString: 1,
  GetDiagnostic: 1,
};

export const nonStringArgumentsRule: Rule = (ctx) => {
  const out: Anomaly[] = [];
  for (const attempt of ctx.attempts) {
    const groups = new Map<
      string,
      {
        first: { index: number; course: CourseTexts; problem: string; element: string | null };
        count: number;
        refused: number;
      }
    >();
    for (const c of attempt.calls) {
      if (!c.fromSco) continue;
      const arity = ARITY[c.method] ?? 0;
      for (let p = 0; p < arity; p++) {
        const arg = c.call.args[p];
        if (isStringValue(arg)) continue;
        const refused = c.call.errorCode !== '0' ? 1 : 0;
        const group = groups.get(c.call.method);
        if (group) {
          group.count += 1;
          group.refused += refused;
        } else
          groups.set(c.call.method, {
            first: {
              index: c.call.index,
              course: { ...callTexts(c.call), argument: courseText(describeArg(arg)) },
              problem: `argument ${p + 1} is not a string (what it is: ${courseRef('argument')})`,
              element: c.element,
            },
            count: 1,
            refused,
          });
        break;
      }
    }
    for (const [method, { first, count, refused }] of groups) {
      out.push(
        scoped(ctx, attempt, {
          type: 'non_string_argument',
          severity: 'warning',
          message: `In ${callRef(first)}, ${first.problem}${count > 1 ? ` (${plural(count, `${method} call`)} like this)` : ''}. ${engineOutcome(count, refused)}, but the SCORM API takes strings only and other LMSs may refuse or store it differently.`,
          fix: `Pass strings: wrap values in String(...), and call ${ctx.names.initialize}(""), ${ctx.names.commit}("") and ${ctx.names.terminate}("") with the empty string.`,
          call_index: first.index,
          count,
          ...(first.element ? { element: first.element } : {}),
          course_text: first.course,
        }),
      );
    }
  }
  return out;
};

/** What the engine did with the calls, from their error codes: the sentence must not claim a value was taken. */
function engineOutcome(count: number, refused: number): string {
  if (refused === 0)
    return count > 1
      ? 'The engine here converted and accepted them'
      : 'The engine here converted and accepted it';
  if (refused === count)
    return count > 1 ? 'The engine here refused these calls' : 'The engine here refused the call';
  return `The engine here refused ${refused} of these calls and converted and accepted ${count - refused}`;
}
