/**
 * The run-time data a delivered SCO starts with when the sequencing engine delivers it (RTE book,
 * data model initialization): what the engine says (entry, objectives read through objective maps,
 * thresholds, time limits, launch data) plus the activity's saved data when the engine resumes it.
 */
import type { RuntimeInit } from '../../sequencing/index.js';
import { buildRteInit, type RteInit } from './rte-init.js';

export interface SequencedLaunch {
  scoId: string;
  learnerId?: string;
  learnerName?: string;
  runtime: RuntimeInit;
  /** The activity's run-time data from its last delivery; used only when the engine resumes it. */
  saved?: Record<string, string>;
}

export function rteInitForDelivery(launch: SequencedLaunch): RteInit {
  const { runtime } = launch;
  const restore = runtime.entry === 'resume' ? launch.saved : undefined;
  return runtimeValues(
    buildRteInit({
      version: '2004',
      scoId: launch.scoId,
      ...(launch.learnerId === undefined ? {} : { learnerId: launch.learnerId }),
      ...(launch.learnerName === undefined ? {} : { learnerName: launch.learnerName }),
      entry: runtime.entry,
      ...(restore ? { restore } : {}),
      launchData: runtime.launchData ?? null,
      completionThreshold: runtime.completionThreshold?.toString() ?? null,
      scaledPassingScore: runtime.scaledPassingScore?.toString() ?? null,
      maxTimeAllowed: runtime.maxTimeAllowed ?? null,
      timeLimitAction: runtime.timeLimitAction ?? null,
    }),
    runtime,
    restore !== undefined,
  );
}

/**
 * cmi.objectives and cmi.completion_status as sequencing knows them (read through objective maps).
 * They overwrite a resumed attempt's saved values: what the objective maps read now wins.
 */
function runtimeValues(init: RteInit, runtime: RuntimeInit, resumed: boolean): RteInit {
  const values = { ...init.values };
  const indexById = new Map<string, number>();
  let next = 0;
  for (const [k, v] of Object.entries(values)) {
    const m = /^cmi\.objectives\.(\d+)\.id$/.exec(k);
    if (!m) continue;
    indexById.set(v, Number(m[1]));
    next = Math.max(next, Number(m[1]) + 1);
  }
  for (const o of runtime.objectives) {
    let i = indexById.get(o.id);
    if (i === undefined) {
      i = next++;
      indexById.set(o.id, i);
    }
    const at = `cmi.objectives.${i}`;
    values[`${at}.id`] = o.id;
    values[`${at}.success_status`] = o.successStatus;
    values[`${at}.completion_status`] = o.completionStatus;
    if (o.scaled !== undefined) values[`${at}.score.scaled`] = String(o.scaled);
    if (o.raw !== undefined) values[`${at}.score.raw`] = String(o.raw);
    if (o.min !== undefined) values[`${at}.score.min`] = String(o.min);
    if (o.max !== undefined) values[`${at}.score.max`] = String(o.max);
    if (o.progressMeasure !== undefined) values[`${at}.progress_measure`] = String(o.progressMeasure);
  }
  if (runtime.completionStatus && !resumed) values['cmi.completion_status'] = runtime.completionStatus;
  return { ...init, values };
}
