/**
 * The whole tracking state as versioned plain JSON (saved with the learner state) and its checked
 * restore: a state that does not fit the activity tree is refused with a precise reason.
 */
import type { SeqTree } from './activity-tree.js';
import { lessonStatusOf } from './scorm12-prerequisites.js';
import { newActivityState, type TrackingState } from './tracking-model.js';

export const TRACKING_STATE_VERSION = 1;

export interface SerializedTracking {
  format: 'scorm-tester/sequencing-state';
  version: number;
  /** Activity ids of the tree in preorder: a state saved for another tree is refused. */
  treeSignature: string;
  state: TrackingState;
}

export function treeSignature(tree: SeqTree): string {
  return tree.activities.map((a) => `${a.depth}:${a.id}`).join('|');
}

export function serializeTracking(tree: SeqTree, state: TrackingState): SerializedTracking {
  return {
    format: 'scorm-tester/sequencing-state',
    version: TRACKING_STATE_VERSION,
    treeSignature: treeSignature(tree),
    state: JSON.parse(JSON.stringify(state)) as TrackingState,
  };
}

/** Returns the state, or a message saying why it cannot be used. */
export function restoreTracking(tree: SeqTree, data: unknown): TrackingState | string {
  if (!isObject(data) || data.format !== 'scorm-tester/sequencing-state')
    return 'not a saved sequencing state';
  if (data.version !== TRACKING_STATE_VERSION)
    return `saved sequencing state version ${String(data.version)} is not supported (expected ${TRACKING_STATE_VERSION})`;
  if (data.treeSignature !== treeSignature(tree))
    return 'the saved sequencing state belongs to a different activity tree (the course changed)';
  const state = data.state;
  if (
    !isObject(state) ||
    !isObject(state.activities) ||
    !isObject(state.localGlobals) ||
    typeof state.rngState !== 'number'
  )
    return 'the saved sequencing state is incomplete';
  for (const key of ['currentActivity', 'suspendedActivity'] as const) {
    const v = state[key];
    if (v !== null && (typeof v !== 'string' || !tree.byId.has(v)))
      return `${key} names no activity of the tree`;
  }
  const template = newActivityState(tree.root);
  for (const a of tree.activities) {
    const s = state.activities[a.id];
    if (!isObject(s)) return `no saved state for activity "${a.id}"`;
    // Saved before deliveries were timed: nothing is being delivered.
    if (s.deliveryStartedAt === undefined) s.deliveryStartedAt = null;
    if (s.deliveryReportedTime === undefined) s.deliveryReportedTime = 0;
    for (const [k, v] of Object.entries(template)) {
      if (NULLABLE_TIMES.has(k)) {
        if (s[k] !== null && typeof s[k] !== 'number') return `activity "${a.id}": "${k}" has the wrong type`;
      } else if (typeof s[k] !== typeof v) return `activity "${a.id}": "${k}" has the wrong type`;
    }
    if (
      s.lessonStatus !== undefined &&
      (typeof s.lessonStatus !== 'string' || !lessonStatusOf(s.lessonStatus))
    )
      return `activity "${a.id}": "lessonStatus" is not a SCORM 1.2 lesson status`;
    const kids = s.availableChildren;
    if (
      !Array.isArray(kids) ||
      kids.some((id) => typeof id !== 'string' || !a.children.some((c) => c.id === id))
    )
      return `activity "${a.id}": availableChildren names activities that are not its children`;
  }
  return state as unknown as TrackingState;
}

const NULLABLE_TIMES = new Set(['attemptStartedAt', 'deliveryStartedAt']);

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
