/**
 * A close for a page that cannot answer takes the delivered SCO's end from the record instead of the
 * page: its run-time data, the adl.data it wrote, how its attempt ended and the exit, as a close would
 * end it (recorded-delivery.ts reads them).
 */
import type { SharedDataStore } from '../../rte/strict/shared-data.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import type { SequencingSession } from '../../sequencing/index.js';
import type { CourseStateSaver } from './course-state-saver.js';
import { ignoredRequest, pendingRequest, reportOf, type Delivery } from './delivery.js';
import type { RecordClose } from './navigator-host.js';
import { recordedDelivery } from './recorded-delivery.js';
import type { UnloadedSco } from './types.js';

export interface RecordedEnd {
  unloaded: UnloadedSco | null;
  exit: Pick<RecordClose, 'exit' | 'exit_set_by' | 'omitted'>;
}

/**
 * The SCO `d` (null: none) as the record leaves it: its data kept for the save, its adl.data written to
 * `buckets` (2004), and unless its data already went to the engine, committed there.
 */
export function endFromRecord(
  runtime: CourseRuntime,
  version: '1.2' | '2004',
  d: Delivery | null,
  why: string,
  to: { saver: CourseStateSaver; buckets: () => SharedDataStore; seq: SequencingSession },
): RecordedEnd {
  const none: RecordedEnd = { unloaded: null, exit: { exit: null, exit_set_by: null, omitted: [] } };
  const live = d !== null && d.attempt === runtime.log.currentAttempt;
  if (!d || !live || runtime.initializeState === 'none') return none;
  const rec = recordedDelivery(runtime, version, d.sharedMaps, why);
  const pending = pendingRequest(d, rec.values);
  to.saver.keepRuntimeData(d.activityId, rec.values);
  if (version === '2004') {
    const store = to.buckets();
    for (const [id, value] of Object.entries(rec.sharedData)) store.set(id, value);
  }
  if (!d.reported) {
    d.reported = true;
    to.seq.commit(d.activityId, reportOf(version, rec.values, '_none_', rec.setByContent));
  }
  return {
    unloaded: {
      activity_id: d.activityId,
      terminated_by: rec.terminatedBy,
      ignored_nav_request: ignoredRequest(pending),
    },
    exit: { exit: rec.exit, exit_set_by: rec.exitSetBy, omitted: rec.omitted },
  };
}
