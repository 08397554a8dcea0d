/**
 * What the LMS side knows before a SCO starts (learner, manifest launch data, prior attempt), turned
 * into scorm-again settings plus the flat CMI values loaded before the SCO's Initialize.
 * Pure data: no browser, no sequencing decisions.
 */
import { fail } from '../../core/errors.js';

export type RteVersion = '1.2' | '2004';
export type Credit = 'credit' | 'no-credit';
export type LessonMode = 'normal' | 'browse' | 'review';
export type Entry = 'ab-initio' | 'resume' | '';

export interface RteLaunch {
  version: RteVersion;
  /** Manifest item identifier of the SCO being launched. */
  scoId: string;
  learnerId?: string;
  learnerName?: string;
  /** adlcp:dataFromLMS (2004) / adlcp:datafromlms (1.2) -> cmi.launch_data. */
  launchData?: string | null;
  /** 2004: completion threshold (0..1) -> cmi.completion_threshold. */
  completionThreshold?: string | null;
  /** 2004: primary objective minNormalizedMeasure when satisfiedByMeasure (-1..1) -> cmi.scaled_passing_score. */
  scaledPassingScore?: string | null;
  /** 1.2: adlcp:masteryscore (0..100) -> cmi.student_data.mastery_score. */
  masteryScore?: string | null;
  /** 2004: ISO 8601 duration; 1.2: HHHH:MM:SS(.SS). */
  maxTimeAllowed?: string | null;
  /** e.g. "exit,message", "continue,no message". */
  timeLimitAction?: string | null;
  /** Objective ids declared for the SCO in the manifest, pre-created in cmi.objectives. */
  objectiveIds?: string[];
  credit?: Credit;
  mode?: LessonMode;
  /** Default: "resume" when `restore` is given, else "ab-initio". */
  entry?: Entry;
  /**
   * Flat CMI values saved from a previous attempt (as returned by the runtime's data model dump).
   * Launch-owned elements (learner, thresholds, credit, mode, entry, exit, session time) are not restored.
   */
  restore?: Record<string, string> | null;
}

/** JSON-safe scorm-again settings (functions are added in the page). */
export interface EngineSettings {
  autocommit: false;
  lmsCommitUrl: false;
  logLevel: 5;
  uninitializedGetLogLevel: 5;
  useAsynchronousCommits: false;
  accumulateSessionTimeOnTerminate: true;
  autoProgress: false;
  strict_errors: true;
  scoId: string;
}

export interface RteInit {
  version: RteVersion;
  scoId: string;
  settings: EngineSettings;
  /** Flat element -> value map loaded into the engine before Initialize. */
  values: Record<string, string>;
}

export const DEFAULT_LEARNER_ID = 'learner-1';
export const DEFAULT_LEARNER_NAME = 'Learner, Test';

const TIME_LIMIT_ACTIONS = new Set([
  'exit,message',
  'exit,no message',
  'continue,message',
  'continue,no message',
]);
const ISO_DURATION = /^P(?:\d+Y)?(?:\d+M)?(?:\d+D)?(?:T(?:\d+H)?(?:\d+M)?(?:\d+(?:\.\d{1,2})?S)?)?$/;
const CMI_TIMESPAN = /^\d{2,4}:\d{2}:\d{2}(?:\.\d{1,2})?$/;
const DECIMAL = /^-?\d+(?:\.\d+)?$/;

/** Elements the LMS owns at launch; never taken from restored data. */
const LAUNCH_OWNED: Record<RteVersion, Set<string>> = {
  '2004': new Set([
    'cmi.learner_id',
    'cmi.learner_name',
    'cmi.launch_data',
    'cmi.completion_threshold',
    'cmi.scaled_passing_score',
    'cmi.max_time_allowed',
    'cmi.time_limit_action',
    'cmi.credit',
    'cmi.mode',
    'cmi.entry',
    'cmi.exit',
    'cmi.session_time',
  ]),
  '1.2': new Set([
    'cmi.core.student_id',
    'cmi.core.student_name',
    'cmi.launch_data',
    'cmi.student_data.mastery_score',
    'cmi.student_data.max_time_allowed',
    'cmi.student_data.time_limit_action',
    'cmi.core.credit',
    'cmi.core.lesson_mode',
    'cmi.core.entry',
    'cmi.core.exit',
    'cmi.core.session_time',
  ]),
};

function invalid(field: string, value: string, expected: string, scoId: string): never {
  fail(
    'INVALID_ARGUMENT',
    `${field} "${value}" for SCO "${scoId}" is not ${expected}. Fix the manifest (or the launch parameters) and open the course again.`,
    { field, value, scoId },
  );
}

function checkDecimal(field: string, value: string, min: number, max: number, scoId: string): string {
  const t = value.trim();
  if (!DECIMAL.test(t) || Number(t) < min || Number(t) > max) {
    invalid(field, value, `a decimal number between ${min} and ${max}`, scoId);
  }
  return t;
}

function present(v: string | null | undefined): v is string {
  return typeof v === 'string' && v.trim() !== '';
}

/** Builds engine settings and initial values; throws INVALID_ARGUMENT for values the engine would reject. */
export function buildRteInit(launch: RteLaunch): RteInit {
  const { version, scoId } = launch;
  if (version !== '1.2' && version !== '2004') {
    fail('INVALID_ARGUMENT', `Unknown SCORM version "${String(version)}"; use "1.2" or "2004".`);
  }
  if (!present(scoId)) fail('INVALID_ARGUMENT', 'scoId is required to launch a SCO.');
  const is2004 = version === '2004';
  const values: Record<string, string> = {};

  const owned = LAUNCH_OWNED[version];
  if (launch.restore) {
    for (const [element, value] of Object.entries(launch.restore)) {
      if (owned.has(element) || !isRestorable(element, version)) continue;
      if (typeof value !== 'string') continue;
      values[element] = value;
    }
  }

  const learnerId = launch.learnerId ?? DEFAULT_LEARNER_ID;
  const learnerName = launch.learnerName ?? DEFAULT_LEARNER_NAME;
  values[is2004 ? 'cmi.learner_id' : 'cmi.core.student_id'] = learnerId;
  values[is2004 ? 'cmi.learner_name' : 'cmi.core.student_name'] = learnerName;
  values[is2004 ? 'cmi.credit' : 'cmi.core.credit'] = launch.credit ?? 'credit';
  values[is2004 ? 'cmi.mode' : 'cmi.core.lesson_mode'] = launch.mode ?? 'normal';
  values[is2004 ? 'cmi.entry' : 'cmi.core.entry'] = launch.entry ?? (launch.restore ? 'resume' : 'ab-initio');
  if (launch.launchData !== undefined && launch.launchData !== null)
    values['cmi.launch_data'] = launch.launchData;
  // The LMS starts the clock at zero; a resumed attempt brings its own total.
  const totalTime = is2004 ? 'cmi.total_time' : 'cmi.core.total_time';
  if (values[totalTime] === undefined) values[totalTime] = is2004 ? 'PT0S' : '0000:00:00';

  if (is2004) {
    if (present(launch.completionThreshold)) {
      values['cmi.completion_threshold'] = checkDecimal(
        'completion threshold',
        launch.completionThreshold,
        0,
        1,
        scoId,
      );
    }
    if (present(launch.scaledPassingScore)) {
      values['cmi.scaled_passing_score'] = checkDecimal(
        'scaled passing score (minNormalizedMeasure)',
        launch.scaledPassingScore,
        -1,
        1,
        scoId,
      );
    }
    if (present(launch.masteryScore)) {
      invalid('masteryScore', launch.masteryScore, 'used by SCORM 2004 (use scaledPassingScore)', scoId);
    }
  } else {
    if (present(launch.masteryScore)) {
      values['cmi.student_data.mastery_score'] = checkDecimal(
        'adlcp:masteryscore',
        launch.masteryScore,
        0,
        100,
        scoId,
      );
    }
    if (present(launch.completionThreshold) || present(launch.scaledPassingScore)) {
      invalid(
        'completionThreshold/scaledPassingScore',
        String(launch.completionThreshold ?? launch.scaledPassingScore),
        'part of SCORM 1.2 (use masteryScore)',
        scoId,
      );
    }
  }

  if (present(launch.maxTimeAllowed)) {
    const t = launch.maxTimeAllowed.trim();
    if (is2004 ? !ISO_DURATION.test(t) || t === 'P' || t.endsWith('T') : !CMI_TIMESPAN.test(t)) {
      invalid(
        'max time allowed',
        launch.maxTimeAllowed,
        is2004 ? 'an ISO 8601 duration like PT1H30M' : 'HHHH:MM:SS',
        scoId,
      );
    }
    values[is2004 ? 'cmi.max_time_allowed' : 'cmi.student_data.max_time_allowed'] = t;
  }
  if (present(launch.timeLimitAction)) {
    const t = launch.timeLimitAction.trim();
    if (!TIME_LIMIT_ACTIONS.has(t)) {
      invalid(
        'time limit action',
        launch.timeLimitAction,
        `one of ${[...TIME_LIMIT_ACTIONS].join(' | ')}`,
        scoId,
      );
    }
    values[is2004 ? 'cmi.time_limit_action' : 'cmi.student_data.time_limit_action'] = t;
  }

  addObjectives(values, launch.objectiveIds ?? [], scoId);

  return {
    version,
    scoId,
    settings: {
      autocommit: false,
      lmsCommitUrl: false,
      logLevel: 5,
      uninitializedGetLogLevel: 5,
      useAsynchronousCommits: false,
      accumulateSessionTimeOnTerminate: true,
      autoProgress: false,
      strict_errors: true,
      scoId,
    },
    values,
  };
}

function isRestorable(element: string, version: RteVersion): boolean {
  if (!element.startsWith('cmi.')) return false;
  if (/\._(count|children|version)$/.test(element) || element === 'cmi._version') return false;
  // 2004 adl.nav.* and 1.2 cmi.nav.* are per-session requests, not learner state.
  if (version === '1.2' && element.startsWith('cmi.nav.')) return false;
  return true;
}

function addObjectives(values: Record<string, string>, ids: string[], scoId: string): void {
  const existing = new Set<string>();
  let next = 0;
  for (const [k, v] of Object.entries(values)) {
    const m = /^cmi\.objectives\.(\d+)\.id$/.exec(k);
    if (!m) continue;
    existing.add(v);
    next = Math.max(next, Number(m[1]) + 1);
  }
  for (const raw of ids) {
    const id = raw.trim();
    if (id === '') invalid('objective id', raw, 'a non-empty identifier', scoId);
    if (existing.has(id)) continue;
    existing.add(id);
    values[`cmi.objectives.${next}.id`] = id;
    next += 1;
  }
}
