/**
 * `scorm-tester run --nav continue,choice:ID,…`: the navigation part of a run. The steps are parsed up
 * front (a bad step is a usage error naming it), sent in order after the course starts, and each
 * delivery is printed (text or JSON). A denied step is reported with the SN rule or control that denied
 * it and makes the run exit 1.
 */
import { courseText } from '../../core/course-text.js';
import { fail, isScormTesterError } from '../../core/errors.js';
import { courseTextLine, courseTextLines } from '../../report/course-text-lines.js';
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

/**
 * Starts sequencing on the open runtime (a fresh attempt; already started when the runtime opened on
 * sequencing's first delivery, see Session.openSequencedStart), then runs the steps.
 */
export async function runNavigation(
  session: Session,
  runtime: CourseRuntime,
  steps: readonly NavStep[],
  timing: { settleMs: number; maxWaitMs: number; signal?: AbortSignal },
): Promise<NavRun> {
  const started = await startSequencing(session, session.navigator === null);
  if (!('navigator' in started))
    fail(
      'NAV_UNSUPPORTED_ACTION',
      `--nav needs a course with more than one SCO. ${started.not_applicable.message}`,
    );
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
      return `delivered${d.entry === 'resume' ? ' (resumed)' : ''}`;
    }
    case 'denied':
      return `DENIED ${o.code ?? ''}${o.process ? ` in ${o.process}` : ''}`;
    case 'ended':
      return 'ended the course';
    default:
      return 'nothing delivered';
  }
}

/**
 * The course's words in an outcome (activity ids, titles, launch URLs, the SCO's own requests): each on
 * a labelled line of its own, escaped, never inside our line. Our message names them by field.
 */
function outcomeDetails(o: NavOutcome, indent: string): string[] {
  const lines: string[] = [];
  if (o.delivered) {
    lines.push(courseTextLine('activity_id', courseText(o.delivered.activity_id), indent));
    lines.push(courseTextLine('title', courseText(o.delivered.title), indent));
    lines.push(courseTextLine('launch_url', courseText(o.delivered.launch_url), indent));
  } else if (o.message) {
    lines.push(`${indent}reason: ${o.message}`);
    lines.push(...courseTextLines(o.course_text, indent));
  }
  return lines;
}

/** A choice or jump step names an activity of the course: its target goes on a labelled line. */
function stepParts(step: string): { label: string; target: string | null } {
  const m = /^(choice|jump):(.*)$/s.exec(step);
  return m ? { label: m[1] as string, target: m[2] as string } : { label: step, target: null };
}

export function navText(run: NavRun): string {
  const lines = [`Navigation: ${run.steps.length - 1} step(s), ${run.denied} denied`];
  const width = Math.max(...run.steps.map((r) => stepParts(r.step).label.length));
  for (const r of run.steps) {
    const { label, target } = stepParts(r.step);
    lines.push(`  ${String(r.index).padStart(2)} ${label.padEnd(width)} -> ${outcomeLine(r.outcome)}`);
    if (target !== null) lines.push(courseTextLine('target', courseText(target), '       '));
    lines.push(...outcomeDetails(r.outcome, '       '));
    const ignored = r.outcome.unloaded?.ignored_nav_request;
    if (ignored) {
      lines.push("       the SCO's own navigation request was ignored:");
      lines.push(courseTextLine('request', courseText(ignored), '         '));
    }
    for (const f of r.followed_by) {
      lines.push(`       then the SCO asked -> ${outcomeLine(f)}`);
      lines.push(courseTextLine('request', courseText(f.request), '         '));
      lines.push(...outcomeDetails(f, '         '));
    }
  }
  const current = run.current_activity;
  lines.push(
    `  current activity: ${current === null ? 'none' : 'below'}${run.session_ended ? ' (the sequencing session ended)' : ''}`,
  );
  if (current !== null) lines.push(courseTextLine('current_activity', courseText(current), '    '));
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
