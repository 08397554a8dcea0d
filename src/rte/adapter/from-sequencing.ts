/**
 * The run-time data a delivered SCO starts with when the sequencing engine delivers it (RTE book,
 * data model initialization): what the engine says (entry, objectives read through objective maps,
 * thresholds, time limits, launch data) plus the activity's saved data when the engine resumes it.
 */
import type { RuntimeInit } from '../../sequencing/index.js';
import { buildRteInit, type RteInit, type RteLaunch, type RteVersion } from './rte-init.js';

export interface SequencedLaunch {
  /** Default 2004. */
  version?: RteVersion;
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
  if (launch.version === '1.2') return scorm12Values(launch, restore);
  const init = buildRteInit({
    ...commonFields(launch, '2004', restore),
    completionThreshold: runtime.completionThreshold?.toString() ?? null,
    scaledPassingScore: runtime.scaledPassingScore?.toString() ?? null,
  });
  return runtimeValues(init, runtime, restore !== undefined);
}

/** What both versions' launches take from the engine: learner, entry, saved data, launch data, time limits. */
function commonFields(
  launch: SequencedLaunch,
  version: RteVersion,
  restore: Record<string, string> | undefined,
): RteLaunch {
  const { runtime } = launch;
  return {
    version,
    scoId: launch.scoId,
    ...(launch.learnerId === undefined ? {} : { learnerId: launch.learnerId }),
    ...(launch.learnerName === undefined ? {} : { learnerName: launch.learnerName }),
    entry: runtime.entry,
    ...(restore ? { restore } : {}),
    launchData: runtime.launchData ?? null,
    maxTimeAllowed: runtime.maxTimeAllowed ?? null,
    timeLimitAction: runtime.timeLimitAction ?? null,
  };
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

/** SCORM 1.2: the item's launch facts, and the lesson status 1.2 keeps from session to session. */
function scorm12Values(launch: SequencedLaunch, restore: Record<string, string> | undefined): RteInit {
  const { runtime } = launch;
  const init = buildRteInit({
    ...commonFields(launch, '1.2', restore),
    masteryScore: launch.runtime.masteryScore?.toString() ?? null,
  });
  if (!runtime.lessonStatus) return init;
  return { ...init, values: { ...init.values, 'cmi.core.lesson_status': runtime.lessonStatus } };
}
