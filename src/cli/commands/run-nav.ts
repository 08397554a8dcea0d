/**
 * `scorm-tester run --nav continue,choice:ID,…`: the navigation part of a run. The steps are parsed up
 * front (a bad step is a usage error naming it), sent in order after the course starts, and each
 * delivery is printed (text or JSON). A denied step is reported with the SN rule or control that denied
 * it and makes the run exit 1.
 */
import { fail, isScormTesterError } from '../../core/errors.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { afterLaunch, parseNavSteps, type NavStep } from '../../session/navigation/nav-steps.js';
import {
  runNavSteps,
  settleStep,
  startSequencing,
  type StepRecord,
} from '../../session/navigation/run-steps.js';
import type { NavOutcome } from '../../session/navigation/types.js';
import type { Session } from '../../session/session.js';
import { CliUsageError } from '../exit.js';

export function parseNavFlag(text: string): NavStep[] {
  const parts = text.split(',').map((s) => s.trim());
  if (parts.some((p) => p === ''))
    throw new CliUsageError(`--nav takes comma-separated steps with none empty (got "${text}")`);
  try {
    return parseNavSteps(parts, '--nav');
  } catch (error) {
    if (isScormTesterError(error)) throw new CliUsageError(error.message.replace(/\.$/, ''));
    throw error;
  }
}

export interface NavRun {
  steps: StepRecord[];
  current_activity: string | null;
  session_ended: boolean;
  denied: number;
}

/** Starts sequencing on the open runtime (a fresh attempt), then runs the steps. */
export async function runNavigation(
  session: Session,
  runtime: CourseRuntime,
  steps: readonly NavStep[],
  timing: { settleMs: number; maxWaitMs: number; signal?: AbortSignal },
): Promise<NavRun> {
  const started = await startSequencing(session);
  if (!('navigator' in started))
    fail('NAV_UNSUPPORTED_ACTION', `--nav needs a course with more than one SCO. ${started.message}`);
  const { navigator, result } = started;
  const records = [
    await settleStep(navigator, runtime, { index: 0, step: 'launch', outcome: result.outcome }, timing),
  ];
  records.push(...(await runNavSteps(navigator, runtime, afterLaunch(steps), timing)));
  const state = navigator.state();
  return {
    steps: records,
    current_activity: state.current_activity,
    session_ended: state.session_ended,
    denied: records.flatMap((r) => [r.outcome, ...r.followed_by]).filter((o) => o.outcome === 'denied')
      .length,
  };
}

function outcomeLine(o: NavOutcome): string {
  switch (o.outcome) {
    case 'delivered': {
      const d = o.delivered!;
      return `delivered ${d.activity_id} "${d.title}" (${d.launch_url}${d.entry === 'resume' ? ', resumed' : ''})`;
    }
    case 'denied':
      return `DENIED ${o.code ?? ''}: ${o.reason ?? 'not valid'}`;
    case 'ended':
      return `ended the course${o.reason ? `: ${o.reason}` : ''}`;
    default:
      return `nothing delivered${o.reason ? `: ${o.reason}` : ''}`;
  }
}

export function navText(run: NavRun): string {
  const lines = [`Navigation: ${run.steps.length - 1} step(s), ${run.denied} denied`];
  const width = Math.max(...run.steps.map((r) => r.step.length));
  for (const r of run.steps) {
    lines.push(`  ${String(r.index).padStart(2)} ${r.step.padEnd(width)} -> ${outcomeLine(r.outcome)}`);
    if (r.outcome.unloaded?.ignored_nav_request)
      lines.push(`       (the SCO's own request "${r.outcome.unloaded.ignored_nav_request}" was ignored)`);
    for (const f of r.followed_by) lines.push(`       then the SCO asked ${f.request} -> ${outcomeLine(f)}`);
  }
  lines.push(
    `  current activity: ${run.current_activity ?? 'none'}${run.session_ended ? ' (the sequencing session ended)' : ''}`,
  );
  return lines.join('\n') + '\n';
}

export function navJson(run: NavRun): Record<string, unknown> {
  return {
    steps: run.steps.map((r) => ({
      index: r.index,
      step: r.step,
      ...r.outcome,
      followed_by: r.followed_by,
      settled: r.settled,
    })),
    denied: run.denied,
    current_activity: run.current_activity,
    session_ended: run.session_ended,
  };
}
