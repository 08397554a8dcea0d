/**
 * What every process works on: the activity tree, its tracking state, the global objective store and
 * the trace. `dryRun` is set while answering "would this request be valid?" (validity and TOC): the
 * processes then skip every step that changes state.
 */
import type { SeqActivity, SeqTree } from './activity-tree.js';
import type { GlobalObjectiveStore } from './global-objective-store.js';
import type { Rng } from './random.js';
import type { TraceEvent, TraceSink } from './trace.js';
import type { ActivityState, TrackingState } from './tracking-model.js';

export interface SequencingContext {
  tree: SeqTree;
  state: TrackingState;
  globals: GlobalObjectiveStore;
  learnerId: string;
  rng: Rng;
  /** Milliseconds; used for attempt durations when the content does not report them. */
  now: () => number;
  trace: TraceSink | null;
  dryRun: boolean;
  /** The latest denial, so an outcome can say which process refused and why. */
  lastDenial: Denial | null;
  /** Global objectives written since the last rollup: the activities that read them roll up too. */
  changedGlobals: Set<string>;
  propagatingRollup: boolean;
  /** The cluster whose rollup is reading its children now (useCurrentAttempt*Info applies). */
  rollupParent: SeqActivity | null;
}

export interface Denial {
  process: string;
  code: string;
  message: string;
}

export function stateOf(ctx: SequencingContext, a: SeqActivity): ActivityState {
  const s = ctx.state.activities[a.id];
  if (!s) throw new Error(`no tracking state for activity "${a.id}"`);
  return s;
}

export function activityById(ctx: SequencingContext, id: string | null | undefined): SeqActivity | null {
  return id == null ? null : (ctx.tree.byId.get(id) ?? null);
}

export function currentActivity(ctx: SequencingContext): SeqActivity | null {
  return activityById(ctx, ctx.state.currentActivity);
}

export function suspendedActivity(ctx: SequencingContext): SeqActivity | null {
  return activityById(ctx, ctx.state.suspendedActivity);
}

/** Resolved children per availableChildren array (the array is replaced whenever the order changes). */
const resolvedChildren = new WeakMap<readonly string[], SeqActivity[]>();

export function availableChildren(ctx: SequencingContext, a: SeqActivity): SeqActivity[] {
  const ids = stateOf(ctx, a).availableChildren;
  let out = resolvedChildren.get(ids);
  if (!out) {
    out = [];
    for (const id of ids) {
      const c = ctx.tree.byId.get(id);
      if (c) out.push(c);
    }
    resolvedChildren.set(ids, out);
  }
  return out;
}

export function emit(ctx: SequencingContext, event: TraceEvent): void {
  if (ctx.trace) ctx.trace(event);
}

/** A process's denial: trace it and hand the code back. */
export function deny(ctx: SequencingContext, process: string, code: string, message: string): string {
  ctx.lastDenial = { process, code, message };
  emit(ctx, { level: 'basic', process, kind: 'denied', code, message });
  return code;
}
