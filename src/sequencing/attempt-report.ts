/**
 * What the sequencing engine reads from a SCO's run-time data at Commit or Terminate: the flat
 * cmi.* values as the data model holds them (SCORM 2004, or 1.2 at LMSCommit/LMSFinish), turned into
 * the engine's RuntimeAttemptReport. The player and the conformance harness both use it.
 */
import type { RuntimeAttemptReport, RuntimeObjective, RuntimeScore } from './runtime-mapping.js';

function number(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

function score(
  values: Readonly<Record<string, string>>,
  prefix: string,
  parts: ReadonlyArray<keyof RuntimeScore> = ['scaled', 'raw', 'min', 'max'],
): RuntimeScore | undefined {
  const out: RuntimeScore = {};
  for (const part of parts) {
    const n = number(values[`${prefix}.score.${part}`]);
    if (n !== undefined) out[part] = n;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function setter(report: RuntimeAttemptReport) {
  return <K extends keyof RuntimeAttemptReport>(k: K, v: RuntimeAttemptReport[K] | undefined): void => {
    if (v !== undefined) report[k] = v;
  };
}

/**
 * A SCORM 2004 SCO: cmi.* and the adl.nav.request it left. `setByContent` names the elements the SCO
 * set itself: a status of "unknown" is reported only when the SCO set it (the LMS loads "unknown" into
 * every objective), as the engine's report expects.
 */
export function attemptReport(
  values: Readonly<Record<string, string>>,
  navRequest: string,
  setByContent: ReadonlySet<string>,
): RuntimeAttemptReport {
  const report: RuntimeAttemptReport = { navRequest };
  const set = setter(report);
  const status = (name: string): string | undefined => {
    const v = values[name];
    return v === 'unknown' && !setByContent.has(name) ? undefined : v;
  };
  set('completionStatus', status('cmi.completion_status'));
  set('successStatus', status('cmi.success_status'));
  set('score', score(values, 'cmi'));
  set('progressMeasure', number(values['cmi.progress_measure']));
  set('sessionTime', values['cmi.session_time']);
  set('exit', values['cmi.exit']);
  const objectives: RuntimeObjective[] = [];
  for (let i = 0; values[`cmi.objectives.${i}.id`] !== undefined; i++) {
    const at = `cmi.objectives.${i}`;
    const o: RuntimeObjective = { id: values[`${at}.id`] ?? '' };
    const success = status(`${at}.success_status`);
    const completion = status(`${at}.completion_status`);
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

/**
 * A SCORM 1.2 SCO: cmi.core.lesson_status, score (raw/min/max), session_time, exit and credit. The
 * engine applies the LMSFinish rules (masteryscore) itself. 1.2 has no navigation request of its own.
 */
export function scorm12AttemptReport(values: Readonly<Record<string, string>>): RuntimeAttemptReport {
  const report: RuntimeAttemptReport = {};
  const set = setter(report);
  set('lessonStatus', values['cmi.core.lesson_status']);
  set('score', score(values, 'cmi.core', ['raw', 'min', 'max']));
  set('sessionTime', values['cmi.core.session_time']);
  set('exit', values['cmi.core.exit']);
  set('credit', values['cmi.core.credit']);
  return report;
}
