/**
 * What the sequencing engine reads from a SCO's run-time data at Commit or Terminate: the flat
 * cmi.* values as the data model holds them, turned into the engine's RuntimeAttemptReport.
 */
import type { RuntimeAttemptReport, RuntimeObjective, RuntimeScore } from '../../sequencing/index.js';

function number(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

function score(values: Readonly<Record<string, string>>, prefix: string): RuntimeScore | undefined {
  const out: RuntimeScore = {};
  for (const part of ['scaled', 'raw', 'min', 'max'] as const) {
    const n = number(values[`${prefix}.score.${part}`]);
    if (n !== undefined) out[part] = n;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export function attemptReport(
  values: Readonly<Record<string, string>>,
  navRequest: string,
): RuntimeAttemptReport {
  const report: RuntimeAttemptReport = { navRequest };
  const set = <K extends keyof RuntimeAttemptReport>(k: K, v: RuntimeAttemptReport[K] | undefined) => {
    if (v !== undefined) report[k] = v;
  };
  set('completionStatus', values['cmi.completion_status']);
  set('successStatus', values['cmi.success_status']);
  set('score', score(values, 'cmi'));
  set('progressMeasure', number(values['cmi.progress_measure']));
  set('sessionTime', values['cmi.session_time']);
  set('exit', values['cmi.exit']);
  const objectives: RuntimeObjective[] = [];
  for (let i = 0; values[`cmi.objectives.${i}.id`] !== undefined; i++) {
    const at = `cmi.objectives.${i}`;
    const o: RuntimeObjective = { id: values[`${at}.id`] ?? '' };
    const success = values[`${at}.success_status`];
    const completion = values[`${at}.completion_status`];
    const s = score(values, at);
    const progress = number(values[`${at}.progress_measure`]);
    if (success !== undefined) o.successStatus = success;
    if (completion !== undefined) o.completionStatus = completion;
    if (s) o.score = s;
    if (progress !== undefined) o.progressMeasure = progress;
    objectives.push(o);
  }
  if (objectives.length > 0) report.objectives = objectives;
  return report;
}
