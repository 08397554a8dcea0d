/** Interaction records with an id but no type, result or learner response: an LMS cannot report on them. */
import { plural, scoped, successfulSets, type Attempt, type Rule, type RuleContext } from './attempts.js';
import type { Anomaly } from './types.js';

const FIELD = /^cmi\.interactions\.(\d+)\.([a-z_]+)$/;
const SHOWN = 10;

function recordFields(ctx: RuleContext, attempt: Attempt, isLast: boolean): Map<number, Set<string>> {
  const records = new Map<number, Set<string>>();
  const note = (element: string): void => {
    const m = FIELD.exec(element);
    if (!m) return;
    const n = Number(m[1]);
    let fields = records.get(n);
    if (!fields) records.set(n, (fields = new Set()));
    fields.add(m[2]!);
  };
  for (const c of successfulSets(attempt)) if (c.element) note(c.element);
  // The final data model belongs to the last attempt; it also holds fields set before a resume.
  if (isLast && ctx.dataModel) {
    for (const [element, value] of Object.entries(ctx.dataModel)) if (value !== '') note(element);
  }
  return records;
}

export const interactionsRule: Rule = (ctx) => {
  const out: Anomaly[] = [];
  const last = ctx.attempts[ctx.attempts.length - 1];
  const wanted = ['type', 'result', ctx.names.response];
  for (const attempt of ctx.attempts) {
    if (!attempt.ended || !attempt.reachedInitialized) continue;
    const records = recordFields(ctx, attempt, attempt === last);
    const incomplete: Array<{ n: number; missing: string[] }> = [];
    for (const [n, fields] of [...records].sort((a, b) => a[0] - b[0])) {
      if (!fields.has('id')) continue;
      const missing = wanted.filter((f) => !fields.has(f));
      if (missing.length > 0) incomplete.push({ n, missing });
    }
    if (incomplete.length === 0) continue;
    const first = incomplete[0]!;
    const list = incomplete
      .slice(0, SHOWN)
      .map((r) => `cmi.interactions.${r.n} (no ${r.missing.join(', ')})`)
      .join('; ');
    out.push(
      scoped(ctx, attempt, {
        type: 'incomplete_interaction',
        severity: 'warning',
        message: `${plural(incomplete.length, 'interaction record')} with an id but missing fields: ${list}${
          incomplete.length > SHOWN ? '; …' : ''
        }. LMS reports on questions need the type, the learner's response and the result.`,
        fix: `For each question, set cmi.interactions.n.id, then .type, .${ctx.names.response} (in the format of the type) and .result (${
          ctx.version === '1.2'
            ? '"correct", "wrong", "unanticipated", "neutral" or a number'
            : '"correct", "incorrect", "unanticipated", "neutral" or a number'
        }).`,
        element: `cmi.interactions.${first.n}`,
        count: incomplete.length,
      }),
    );
  }
  return out;
};
