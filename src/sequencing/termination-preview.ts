/**
 * What a termination request would leave behind (TB.2.3: exit with its end attempt, exit action rules and
 * post-condition rules; exitAll, suspendAll, abandon, abandonAll), worked out on a copy: the tracking state is cloned,
 * global objective writes go to an overlay, and the generator continues from a copy of its state. The
 * real session is never touched, so the validity answers can follow what a request would really do.
 */
import type { GlobalObjectiveStore } from './global-objective-store.js';
import type { SequencingRequest, TerminationRequest } from './navigation-request.js';
import { isLeaf } from './activity-tree.js';
import { createRng } from './random.js';
import type { SequencingContext } from './sequencing-context.js';
import { terminationRequestProcess } from './termination-request-process.js';
import {
  copyActivityState,
  type ActivityState,
  type GlobalObjectiveRecord,
  type TrackingState,
} from './tracking-model.js';

export type TerminationPreview =
  | {
      valid: true;
      /** The context after the termination (work on it in dry-run mode only). */
      after: SequencingContext;
      /** The sequencing request a post-condition rule puts in place of the navigation's own. */
      replacement?: SequencingRequest;
    }
  | { valid: false; code: string; reason: string };

/** `pending` is the navigation's own sequencing request (retryAll keeps its retry through exitAll). */
export function previewTermination(
  ctx: SequencingContext,
  request: TerminationRequest,
  pending?: SequencingRequest,
): TerminationPreview {
  const after: SequencingContext = {
    ...ctx,
    state: writableCopy(ctx),
    globals: overlayStore(ctx.globals),
    rng: createRng(ctx.rng.state()),
    trace: null,
    dryRun: false,
    lastDenial: null,
    changedGlobals: new Set(ctx.changedGlobals),
    propagatingRollup: false,
    rollupParent: null,
  };
  const term = terminationRequestProcess(after, request, pending);
  if (!term.valid) {
    const d = after.lastDenial;
    return {
      valid: false,
      code: d?.code ?? term.exception ?? 'TB.2.3',
      reason: d?.message ?? `${request} is not possible now`,
    };
  }
  after.dryRun = true;
  return term.sequencing ? { valid: true, after, replacement: term.sequencing } : { valid: true, after };
}

/**
 * The tracking state termination may write, copied; the rest shared. Termination writes only the
 * current activity and clusters (end attempt, exit rules and suspension on the current activity and its
 * ancestors, rollup on clusters), so the other leaves' states are shared as they are: a 1,000-activity tree then
 * copies about a tenth of its states. test/unit/sequencing/navigation-validity.test.ts checks that a
 * validity snapshot leaves the session's state unchanged.
 */
function writableCopy(ctx: SequencingContext): TrackingState {
  const state = ctx.state;
  const activities: Record<string, ActivityState> = {};
  for (const a of ctx.tree.activities) {
    const s = state.activities[a.id] as ActivityState;
    activities[a.id] = !isLeaf(a) || a.id === state.currentActivity ? copyActivityState(s) : s;
  }
  const localGlobals: Record<string, GlobalObjectiveRecord> = {};
  for (const key in state.localGlobals) localGlobals[key] = { ...state.localGlobals[key] };
  return { ...state, activities, localGlobals };
}

/** Reads fall through to the real store until the preview writes the same objective. */
function overlayStore(base: GlobalObjectiveStore): GlobalObjectiveStore {
  const written = new Map<string, GlobalObjectiveRecord>();
  const key = (l: string, t: string) => `${l.length}:${l}${t}`;
  return {
    read: (l, t) => (written.has(key(l, t)) ? written.get(key(l, t)) : base.read(l, t)),
    write: (l, t, record) => void written.set(key(l, t), { ...record }),
  };
}
