/**
 * Building a course's sequencing engine from the saved learner state, and what a delivery launches:
 * shared by the navigator (scorm_sn_init, every delivery) and by a course reopened where the learner
 * suspended it (the resumeAll is decided before the runtime opens, so the first SCO to load is theirs).
 */
import { courseText } from '../../core/course-text.js';
import { fail, isScormTesterError } from '../../core/errors.js';
import {
  defaultOrganization,
  resolveLaunch,
  walkItems,
  type Item,
  type ScormManifest,
} from '../../manifest/index.js';
import { sharedDataMapsOf } from '../../rte/adapter/from-manifest.js';
import { rteInitForDelivery } from '../../rte/adapter/from-sequencing.js';
import type { RteInit } from '../../rte/adapter/rte-init.js';
import type { SharedDataStore } from '../../rte/strict/shared-data.js';
import type { LaunchSharedData } from '../../runtime/player/wire.js';
import {
  buildSeqTree,
  createSequencingSession,
  SequencingStateError,
  type SeqTree,
  type SequencingSession,
  type SessionOutcome,
} from '../../sequencing/index.js';
import { corrupt } from '../saved-state.js';
import type { LearnerState } from './learner-state.js';
import { markUnservableLaunches } from './launch-files.js';
import type { NavigatorHost, NavigatorOptions } from './navigator-host.js';
import type { DeliveredSco, NavOutcome, SnInitResult } from './types.js';

/** The sequencing section of saved-state@2. */
export const SEQUENCING_STATE_FORMAT = 'scorm-tester/sequencing@1';

export interface PreparedEngine {
  seq: SequencingSession;
  learner: LearnerState;
  /** The saved tracking state was restored. */
  restored: boolean;
  /** The saved sequencing session had ended (a suspendAll ends it too, leaving a suspended activity). */
  ended: boolean;
  /** adl.data buckets of this attempt on the course. */
  buckets: Map<string, string>;
  /** Each activity's saved run-time data. */
  runtimeData: Map<string, Record<string, string>>;
}

type Delivery = Extract<SessionOutcome, { kind: 'deliver' }>;

/** What launching a delivered activity takes. */
export interface DeliverySpec {
  launch: { scoId: string; launchPath: string; rte: RteInit; sharedData?: LaunchSharedData };
  delivered: Omit<DeliveredSco, 'runtime_attempt'>;
}

/** A course opened on its first delivery (resumeAll, or a fresh start): the engine after it and what to launch. */
export interface ResumePlan extends DeliverySpec {
  engine: PreparedEngine;
  launched: Delivery;
  how: 'start' | 'resumeAll';
}

/**
 * SN_INIT_FAILED: the engine's reasons quote the manifest (item and objective ids, IDRef names), so they
 * go in `details.course_text.problems`, one per line of the engine's message, and our sentence names them.
 */
function cannotStart(what: string, error: unknown, then = ''): never {
  const problems = (error as Error).message.split('\n').filter((line) => line.trim() !== '');
  fail('SN_INIT_FAILED', `${what}: see \`course_text.problems\`.${then}`, {
    course_text: { problems: problems.slice(0, 20).map((p) => courseText(p)) },
  });
}

/** Does sequencing apply to this course: more than one launchable activity (SCORM 2004 or 1.2). */
export function sequencingApplies(manifest: ScormManifest): boolean {
  const org = defaultOrganization(manifest);
  return (
    org !== null && org !== undefined && walkItems(org).filter((i) => i.identifierref?.trim()).length > 1
  );
}

/** What scorm_sn_init answers once the engine delivered (or was denied) its first activity. */
export function snInitResult(
  engine: PreparedEngine,
  how: SnInitResult['how'],
  outcome: NavOutcome,
): SnInitResult {
  return {
    success: true,
    sn_available: true,
    how,
    restored: engine.restored,
    activity_count: engine.seq.tree.activities.length,
    outcome,
  };
}

/** The engine with the saved tracking state (unless fresh), the learner's state and each activity's data. */
export async function prepareEngine(
  host: NavigatorHost,
  options: NavigatorOptions = {},
): Promise<PreparedEngine> {
  const fresh = options.fresh === true;
  const saved = fresh ? null : await host.store.load(host.stateKey);
  const learner = await loadLearner(host, fresh);
  let tree: SeqTree;
  try {
    tree = buildSeqTree(host.manifest);
  } catch (error) {
    cannotStart('The activity tree cannot be built', error, ' Run scorm_lint_sequencing.');
  }
  await markUnservableLaunches(tree, host.manifest, host.packageRoot);
  const section = saved?.sequencing ?? null;
  const restore = section ? restoredTracking(host, section) : undefined;
  let seq: SequencingSession;
  try {
    seq = createSequencingSession(tree, {
      learnerId: learner.learnerId,
      globalObjectives: learner.globalObjectives,
      seed: options.seed ?? 1,
      ...(restore === undefined ? {} : { restore }),
    });
  } catch (error) {
    if (error instanceof SequencingStateError)
      corrupt(host.store.pathFor(host.stateKey), `its sequencing section cannot be used (${error.message})`);
    cannotStart('The sequencing engine could not start', error);
  }
  const runtimeData = new Map<string, Record<string, string>>();
  for (const a of saved?.activities ?? []) if (tree.byId.has(a.sco_id)) runtimeData.set(a.sco_id, a.data);
  return {
    seq,
    learner,
    restored: restore !== undefined,
    ended: section?.ended === true,
    buckets: new Map(Object.entries(restoredBuckets(host, section))),
    runtimeData,
  };
}

/**
 * When the saved sequencing state left the learner in an activity (suspendAll on close, or a state
 * saved mid-activity that did not end), the engine delivers resumeAll now; null otherwise.
 */
export async function planResume(host: NavigatorHost): Promise<ResumePlan | null> {
  if (!(await host.store.load(host.stateKey))?.sequencing) return null;
  const engine = await prepareEngine(host);
  const { seq } = engine;
  if (!engine.restored) return null;
  if (seq.suspendedActivity === null) {
    // Saved mid-activity (the server stopped before a close): resumed like a suspended one.
    if (engine.ended || seq.currentActivity === null) return null;
    seq.navigate({ type: 'suspendAll' });
  }
  const launched = seq.launch();
  if (launched.kind !== 'deliver' || launched.how !== 'resumeAll') return null;
  const buckets = bucketStoreOf(seq.tree, engine.learner, engine.buckets);
  return {
    ...deliverySpec(host, seq.tree, engine.runtimeData, buckets, launched),
    engine,
    launched,
    how: 'resumeAll',
  };
}

/**
 * A fresh sequenced start decided before any runtime opens (the engine's start delivers its first
 * activity), so the runtime opens on that activity and no SCO is launched outside sequencing first;
 * null when the engine delivers nothing (the caller starts sequencing the usual way and reports why).
 */
export async function planStart(host: NavigatorHost): Promise<ResumePlan | null> {
  const engine = await prepareEngine(host, { fresh: true });
  const launched = engine.seq.launch();
  if (launched.kind !== 'deliver' || launched.how !== 'start') return null;
  const buckets = bucketStoreOf(engine.seq.tree, engine.learner, engine.buckets);
  return {
    ...deliverySpec(host, engine.seq.tree, engine.runtimeData, buckets, launched),
    engine,
    launched,
    how: 'start',
  };
}

/** The launch of a delivered activity: its URL, run-time data (the saved data when resumed) and adl.data. */
export function deliverySpec(
  host: NavigatorHost,
  tree: SeqTree,
  runtimeData: ReadonlyMap<string, Record<string, string>>,
  buckets: SharedDataStore,
  outcome: Delivery,
): DeliverySpec {
  const id = outcome.activityId;
  const target = resolveLaunch(host.manifest, id);
  const saved = runtimeData.get(id);
  const rte = rteInitForDelivery({
    version: host.version,
    scoId: id,
    ...(host.stateKey.learnerId === undefined ? {} : { learnerId: host.stateKey.learnerId }),
    ...(host.learnerName === undefined ? {} : { learnerName: host.learnerName }),
    runtime: outcome.runtime,
    ...(saved ? { saved } : {}),
  });
  return {
    launch: {
      scoId: id,
      launchPath: target.launchUrl,
      rte,
      ...(host.version === '2004' ? { sharedData: sharedDataFor(target.item, buckets) } : {}),
    },
    delivered: {
      activity_id: id,
      title: tree.byId.get(id)?.title ?? '',
      launch_url: target.launchUrl,
      entry: outcome.runtime.entry,
    },
  };
}

/** The learner's buckets, or this course attempt's with sharedDataGlobalToSystem="false". */
export function bucketStoreOf(
  tree: SeqTree,
  learner: LearnerState,
  attemptBuckets: Map<string, string>,
): SharedDataStore {
  if (tree.sharedDataGlobalToSystem) return learner.sharedData;
  return {
    get: (id) => attemptBuckets.get(id),
    set: (id, value) => void attemptBuckets.set(id, value),
  };
}

/** adl.data for a delivered SCO: its item's maps and the current value of each bucket. */
function sharedDataFor(item: Item, store: SharedDataStore): LaunchSharedData {
  const maps = sharedDataMapsOf(item);
  const values: Record<string, string> = {};
  for (const m of maps) {
    const v = store.get(m.targetId);
    if (v !== undefined) values[m.targetId] = v;
  }
  return { maps, values };
}

async function loadLearner(host: NavigatorHost, fresh: boolean): Promise<LearnerState> {
  const { learnerId, namespace, courseId, writer = null } = host.stateKey;
  try {
    return await host.learners.load(learnerId, namespace, courseId, writer);
  } catch (error) {
    // A new attempt starts without an unreadable learner file (and replaces it on the first save).
    if (fresh && isScormTesterError(error) && error.code === 'SESSION_STATE_CORRUPT')
      return host.learners.empty(learnerId, namespace, courseId, writer);
    throw error;
  }
}

function restoredTracking(host: NavigatorHost, section: Record<string, unknown>): unknown {
  if (section.format !== SEQUENCING_STATE_FORMAT || section.tracking === undefined)
    corrupt(
      host.store.pathFor(host.stateKey),
      `its sequencing section is not a ${SEQUENCING_STATE_FORMAT} state`,
    );
  return section.tracking;
}

function restoredBuckets(
  host: NavigatorHost,
  section: Record<string, unknown> | null,
): Record<string, string> {
  const buckets = section?.shared_data ?? {};
  if (typeof buckets !== 'object' || buckets === null || Array.isArray(buckets))
    corrupt(host.store.pathFor(host.stateKey), 'its sequencing section has shared_data that is not a map');
  for (const v of Object.values(buckets))
    if (typeof v !== 'string')
      corrupt(
        host.store.pathFor(host.stateKey),
        'its sequencing section has shared_data that is not a map of strings',
      );
  return buckets as Record<string, string>;
}
