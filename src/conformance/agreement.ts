/**
 * Do the Node run and the browser run of the same cases agree? Per case: the same verdict, the same
 * deliveries and the same judgement of every step. The first difference is reported with what each run
 * saw, so a disagreement points at the call where the player and the Node engines part ways.
 */
import type { StepRecord } from './evaluate/record.js';
import type { CaseResult, RunReport } from './results.js';

export interface Disagreement {
  id: string;
  nodePassed: boolean;
  browserPassed: boolean;
  /** The first difference, in words. */
  difference: string;
  node?: StepRecord;
  browser?: StepRecord;
}

const stepKey = (s: StepRecord) => `${s.block}#${s.index}`;

function describe(s: StepRecord | undefined): string {
  return s ? `${s.pass ? 'pass' : 'fail'} (returned "${s.returned}", error ${s.error})` : 'not run';
}

function firstDifference(
  node: CaseResult,
  browser: CaseResult,
): Omit<Disagreement, 'id' | 'nodePassed' | 'browserPassed'> | undefined {
  const nodeSteps = node.blocks.flatMap((b) => b.steps);
  const browserSteps = new Map(browser.blocks.flatMap((b) => b.steps).map((s) => [stepKey(s), s]));
  const deliveries = Math.max(node.delivered.length, browser.delivered.length);
  for (let i = 0; i < deliveries; i++) {
    const n = node.delivered[i];
    const b = browser.delivered[i];
    if (n === b) continue;
    // Steps of the blocks both runs reached come first: the wrong delivery usually follows from one.
    const step = stepDifference(
      node.blocks.slice(0, i).flatMap((x) => x.steps),
      browserSteps,
    );
    if (step) return step;
    return {
      difference: `delivery ${i + 1}: Node delivered ${n ?? 'nothing'}, the browser ${b ?? 'nothing'}`,
    };
  }
  const step = stepDifference(nodeSteps, browserSteps);
  if (step) return step;
  for (let i = 0; i < Math.max(node.blocks.length, browser.blocks.length); i++) {
    const n = node.blocks[i]?.ui;
    const b = browser.blocks[i]?.ui;
    if (n?.answered !== b?.answered)
      return {
        difference: `block ${node.blocks[i]?.id ?? browser.blocks[i]?.id}: UI answers Node ${n?.answered ?? '-'}, browser ${b?.answered ?? '-'}`,
      };
  }
  if (node.passed !== browser.passed || node.reason !== browser.reason)
    return { difference: `Node: ${node.reason ?? 'passed'}; browser: ${browser.reason ?? 'passed'}` };
  return undefined;
}

function stepDifference(
  nodeSteps: readonly StepRecord[],
  browserSteps: ReadonlyMap<string, StepRecord>,
): Omit<Disagreement, 'id' | 'nodePassed' | 'browserPassed'> | undefined {
  for (const n of nodeSteps) {
    const b = browserSteps.get(stepKey(n));
    if (b && b.pass === n.pass) continue;
    return {
      difference: `block ${n.block} step ${n.index} (${n.source}): Node ${describe(n)}, browser ${describe(b)}`,
      node: n,
      ...(b ? { browser: b } : {}),
    };
  }
  return undefined;
}

/** Cases of `browser` whose verdict, deliveries or step judgements differ from `node` (matched by id). */
export function compareRuns(node: RunReport, browser: RunReport): Disagreement[] {
  const byId = new Map(node.cases.map((c) => [c.id, c]));
  const out: Disagreement[] = [];
  for (const b of browser.cases) {
    const n = byId.get(b.id);
    if (!n) continue;
    const diff = firstDifference(n, b);
    if (diff) out.push({ id: b.id, nodePassed: n.passed, browserPassed: b.passed, ...diff });
  }
  return out;
}

export function formatDisagreements(list: readonly Disagreement[], compared: number): string {
  const lines = list.map(
    (d) =>
      `DIFFER ${d.id}: Node ${d.nodePassed ? 'PASS' : 'FAIL'}, browser ${d.browserPassed ? 'PASS' : 'FAIL'}; ${d.difference}`,
  );
  lines.push(`Node and browser agree on ${compared - list.length} of ${compared} cases`);
  return lines.join('\n');
}
