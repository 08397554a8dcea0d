/**
 * Reading and writing objective information through objective maps (SN book: "Objective Map", 4th Ed.
 * adlseq:objectives extended maps). Every read of an objective's status or measure goes through here,
 * so a value mapped from a global objective is seen wherever the local one would be.
 */
import type { SeqActivity } from './activity-tree.js';
import { objectiveKey, type EffectiveObjective } from './effective-definition.js';
import { emit, stateOf, type SequencingContext } from './sequencing-context.js';
import {
  newObjectiveState,
  objectiveKeyOf,
  type GlobalObjectiveRecord,
  type ObjectiveState,
} from './tracking-model.js';

export function primaryObjective(a: SeqActivity): EffectiveObjective {
  return a.def.objectives[0] as EffectiveObjective;
}

export function findObjective(a: SeqActivity, id: string | null): EffectiveObjective | null {
  if (id === null || id.trim() === '') return primaryObjective(a);
  const key = objectiveKey(id);
  return (
    a.def.objectives.find((o) => o.id === id.trim()) ?? a.def.objectives.find((o) => o.key === key) ?? null
  );
}

export function localObjective(
  ctx: SequencingContext,
  a: SeqActivity,
  o: EffectiveObjective,
): ObjectiveState {
  const s = stateOf(ctx, a);
  const key = objectiveKeyOf(o.id);
  let obj = s.objectives[key];
  if (!obj) {
    obj = newObjectiveState();
    s.objectives[key] = obj;
  }
  return obj;
}

/**
 * Information a child recorded in an earlier attempt does not count when its parent uses current-attempt
 * information only (useCurrentAttemptObjectiveInfo / useCurrentAttemptProgressInfo, default true): in the
 * parent's rollup, what precedes the parent's current attempt; in rule evaluations, what precedes the
 * current attempt on the activity tree (a course attempt after exitAll starts from unknown, while the
 * tree's own attempt counts and limits stay). Activities never attempted keep what rollup gave them.
 */
function staleForParent(ctx: SequencingContext, a: SeqActivity, kind: 'objective' | 'progress'): boolean {
  const parent = a.parent;
  if (!parent) return false;
  const cm = parent.def.controlMode;
  if (kind === 'objective' ? !cm.useCurrentAttemptObjectiveInfo : !cm.useCurrentAttemptProgressInfo)
    return false;
  const ordinal = stateOf(ctx, a).attemptOrdinal;
  if (ctx.rollupParent === parent) return ordinal < stateOf(ctx, parent).attemptOrdinal;
  return ordinal > 0 && ordinal < stateOf(ctx, ctx.tree.root).attemptOrdinal;
}

export function readGlobal(ctx: SequencingContext, targetKey: string): GlobalObjectiveRecord | undefined {
  if (!ctx.tree.objectivesGlobalToSystem) return ctx.state.localGlobals[targetKey];
  return ctx.globals.read(ctx.learnerId, targetKey);
}

/**
 * A value read through an objective's maps: the last map (in manifest order) that reads this element and
 * whose global knows it; undefined when none does.
 * Why: the CAM book (imsss:mapInfo readSatisfiedStatus / readNormalizedMeasure) has a map read the global
 * "when the progress [the measure] for the global objective is defined", and neither the CAM nor the SN
 * book says which of several read maps on one objective wins. ADL's 4th Ed. sample RTE
 * (SeqObjectiveTracking) keeps one read target per element, the last map that reads it, and that is what
 * the conformance suite was recorded against; an earlier map still counts when the later globals know
 * nothing, as the book's "when defined" rule gives it.
 */
function readThroughMaps<M extends { targetKey: string }, V>(
  ctx: SequencingContext,
  maps: readonly M[],
  reads: (m: M) => boolean,
  pick: (g: GlobalObjectiveRecord) => V | undefined,
): V | undefined {
  for (let i = maps.length - 1; i >= 0; i--) {
    const m = maps[i] as M;
    if (!reads(m)) continue;
    const g = readGlobal(ctx, m.targetKey);
    const v = g ? pick(g) : undefined;
    if (v !== undefined) return v;
  }
  return undefined;
}

/**
 * With objectivesGlobalToSystem="false" the global objectives live for one attempt on the activity tree
 * (CAM: adlseq:objectivesGlobalToSystem): a new attempt on the root starts them unknown again.
 */
export function beginActivityTreeAttemptScope(ctx: SequencingContext): void {
  if (ctx.dryRun || ctx.tree.objectivesGlobalToSystem) return;
  if (Object.keys(ctx.state.localGlobals).length === 0) return;
  ctx.state.localGlobals = {};
  emit(ctx, {
    level: 'detailed',
    process: 'Objective Map',
    kind: 'state',
    activity: ctx.tree.root.id,
    message:
      'a new attempt on the activity tree: its global objectives (objectivesGlobalToSystem="false") start unknown',
  });
}

function writeGlobal(ctx: SequencingContext, targetKey: string, patch: GlobalObjectiveRecord): void {
  if (ctx.dryRun) return;
  const merged: GlobalObjectiveRecord = { ...readGlobal(ctx, targetKey) };
  for (const [k, v] of Object.entries(patch) as Array<[keyof GlobalObjectiveRecord, unknown]>) {
    if (v === undefined) delete merged[k];
    else (merged as Record<string, unknown>)[k] = v;
  }
  ctx.changedGlobals.add(targetKey);
  if (!ctx.tree.objectivesGlobalToSystem) ctx.state.localGlobals[targetKey] = merged;
  else ctx.globals.write(ctx.learnerId, targetKey, merged);
}

/**
 * Satisfied status: true/false, or undefined when unknown. An objective with a read map
 * (readSatisfiedStatus) takes its status from the shared global objective only, unknown included: its
 * local record does not count, as in ADL's reference sequencer, where every mapped global exists from
 * the start (the CTS cases OB-14a, OB-16b and CM-13 expect it). A measure read through a map
 * (readNormalizedMeasure) wins when the global knows it; otherwise the local measure counts, also for an
 * objective satisfied by measure: the CAM book reads the global's measure only "when the measure for the
 * global objective is defined", and the SN book's measure evaluation (RB.1.2.a) makes the status unknown
 * only when the objective's measure is unknown. (ADL's sample RTE, whose globals all exist from the start,
 * would give unknown here; no case of the suite we hold depends on it.)
 */
export function objectiveSatisfied(
  ctx: SequencingContext,
  a: SeqActivity,
  o: EffectiveObjective,
): boolean | undefined {
  if (o.satisfiedByMeasure) {
    // Satisfied by measure: the (possibly mapped) measure against this objective's own threshold.
    const measure = objectiveMeasure(ctx, a, o);
    if (measure === undefined) return undefined;
    if (stateOf(ctx, a).isActive && !a.def.measureSatisfactionIfActive) return undefined;
    return measure >= o.minNormalizedMeasure;
  }
  if (o.mapInfo.some((m) => m.readSatisfiedStatus))
    return readThroughMaps(
      ctx,
      o.mapInfo,
      (m) => m.readSatisfiedStatus,
      (g) => g.satisfied,
    );
  const local = localObjective(ctx, a, o);
  if (local.progressStatus && !staleForParent(ctx, a, 'objective')) return local.satisfiedStatus;
  return undefined;
}

/** Normalized measure, or undefined when unknown. */
export function objectiveMeasure(
  ctx: SequencingContext,
  a: SeqActivity,
  o: EffectiveObjective,
): number | undefined {
  const mapped = readThroughMaps(
    ctx,
    o.mapInfo,
    (m) => m.readNormalizedMeasure,
    (g) => g.normalizedMeasure,
  );
  if (mapped !== undefined) return mapped;
  const local = localObjective(ctx, a, o);
  if (local.measureStatus && !staleForParent(ctx, a, 'objective')) return local.normalizedMeasure;
  return undefined;
}

/**
 * How an unknown value reaches the globals an objective writes: `always` (rollup, or the content set
 * the status to unknown itself); `ifKnown` for what a SCO's report leaves out: only when it clears what
 * this attempt knew, so an attempt that never learned the value leaves the shared one as an earlier
 * attempt or another activity wrote it (learner data is not erased by silence).
 */
export type UnknownWrite = 'ifKnown' | 'always';

export function setObjectiveSatisfied(
  ctx: SequencingContext,
  a: SeqActivity,
  o: EffectiveObjective,
  satisfied: boolean | undefined,
  unknownWrite: UnknownWrite = 'always',
): void {
  if (ctx.dryRun) return;
  const local = localObjective(ctx, a, o);
  const wasKnown = local.progressStatus;
  local.progressStatus = satisfied !== undefined;
  local.satisfiedStatus = satisfied ?? false;
  if (satisfied === undefined && !wasKnown && unknownWrite === 'ifKnown') return;
  for (const m of o.mapInfo) if (m.writeSatisfiedStatus) writeGlobal(ctx, m.targetKey, { satisfied });
}

export function setObjectiveMeasure(
  ctx: SequencingContext,
  a: SeqActivity,
  o: EffectiveObjective,
  measure: number | undefined,
  unknownWrite: UnknownWrite = 'always',
): void {
  if (ctx.dryRun) return;
  const local = localObjective(ctx, a, o);
  const wasKnown = local.measureStatus;
  local.measureStatus = measure !== undefined;
  local.normalizedMeasure = measure ?? 0;
  if (measure === undefined && !wasKnown && unknownWrite === 'ifKnown') return;
  for (const m of o.mapInfo)
    if (m.writeNormalizedMeasure) writeGlobal(ctx, m.targetKey, { normalizedMeasure: measure });
}

/** 4th Ed. extended information of a local objective: scores, completion, progress measure. */
export function setObjectiveExtras(
  ctx: SequencingContext,
  a: SeqActivity,
  o: EffectiveObjective,
  extras: {
    rawScore?: number;
    minScore?: number;
    maxScore?: number;
    completed?: boolean;
    progressMeasure?: number;
  },
): void {
  if (ctx.dryRun) return;
  const local = localObjective(ctx, a, o);
  // A score the report leaves out reaches the globals only when it clears what this attempt knew
  // (UnknownWrite); completion and progress keep their own end-of-attempt rules.
  const clears = {
    rawScore: extras.rawScore !== undefined || local.rawScore !== undefined,
    minScore: extras.minScore !== undefined || local.minScore !== undefined,
    maxScore: extras.maxScore !== undefined || local.maxScore !== undefined,
  };
  local.rawScore = extras.rawScore;
  local.minScore = extras.minScore;
  local.maxScore = extras.maxScore;
  local.completionKnown = extras.completed !== undefined;
  local.completed = extras.completed ?? false;
  local.progressMeasure = extras.progressMeasure;
  for (const m of o.adlMapInfo) {
    const patch: GlobalObjectiveRecord = {};
    if (m.writeRawScore && clears.rawScore) patch.rawScore = extras.rawScore;
    if (m.writeMinScore && clears.minScore) patch.minScore = extras.minScore;
    if (m.writeMaxScore && clears.maxScore) patch.maxScore = extras.maxScore;
    if (m.writeCompletionStatus) patch.completed = extras.completed;
    if (m.writeProgressMeasure) patch.progressMeasure = extras.progressMeasure;
    if (Object.keys(patch).length) writeGlobal(ctx, m.targetKey, patch);
  }
}

type ExtraKey = 'rawScore' | 'minScore' | 'maxScore' | 'progressMeasure';

const READ_FLAG = {
  rawScore: 'readRawScore',
  minScore: 'readMinScore',
  maxScore: 'readMaxScore',
  progressMeasure: 'readProgressMeasure',
} as const;

/** A value of the extended objective information as a global read through the adlseq maps knows it. */
function mappedExtra(ctx: SequencingContext, o: EffectiveObjective, key: ExtraKey): number | undefined {
  return readThroughMaps(
    ctx,
    o.adlMapInfo,
    (m) => m[READ_FLAG[key]],
    (g) => g[key],
  );
}

/** A value of the extended objective information: read through adlseq maps when the global knows it, else local. */
export function objectiveExtra(
  ctx: SequencingContext,
  a: SeqActivity,
  o: EffectiveObjective,
  key: ExtraKey,
): number | undefined {
  return mappedExtra(ctx, o, key) ?? localObjective(ctx, a, o)[key];
}

/**
 * Attempt completion amount (progress measure): read through the primary objective's maps
 * (readProgressMeasure) whenever the global knows it, as for satisfaction; else the local value.
 */
export function attemptCompletionAmount(ctx: SequencingContext, a: SeqActivity): number | undefined {
  const primary = primaryObjective(a);
  const mapped = mappedExtra(ctx, primary, 'progressMeasure');
  if (mapped !== undefined) return mapped;
  const s = stateOf(ctx, a);
  if (s.attemptCompletionAmountStatus && !staleForParent(ctx, a, 'progress'))
    return s.attemptCompletionAmount;
  return localObjective(ctx, a, primary).progressMeasure;
}

/**
 * Attempt completion status: true/false, or undefined when unknown. With completedByMeasure the
 * progress measure decides (also when it comes from a global objective).
 */
export function attemptCompleted(ctx: SequencingContext, a: SeqActivity): boolean | undefined {
  if (a.completedByMeasure) {
    const amount = attemptCompletionAmount(ctx, a);
    return amount === undefined ? undefined : amount >= a.minProgressMeasure;
  }
  const mapped = mappedCompletion(ctx, primaryObjective(a));
  if (mapped !== undefined) return mapped;
  const s = stateOf(ctx, a);
  if (s.attemptProgressStatus && !staleForParent(ctx, a, 'progress')) return s.attemptCompletionStatus;
  return undefined;
}

export function setAttemptCompletion(
  ctx: SequencingContext,
  a: SeqActivity,
  completed: boolean | undefined,
): void {
  if (ctx.dryRun) return;
  const s = stateOf(ctx, a);
  s.attemptProgressStatus = completed !== undefined;
  s.attemptCompletionStatus = completed ?? false;
  const o = primaryObjective(a);
  for (const m of o.adlMapInfo) if (m.writeCompletionStatus) writeGlobal(ctx, m.targetKey, { completed });
}

export function setAttemptCompletionAmount(
  ctx: SequencingContext,
  a: SeqActivity,
  amount: number | undefined,
): void {
  if (ctx.dryRun) return;
  const s = stateOf(ctx, a);
  s.attemptCompletionAmountStatus = amount !== undefined;
  s.attemptCompletionAmount = amount ?? 0;
  const o = primaryObjective(a);
  for (const m of o.adlMapInfo)
    if (m.writeProgressMeasure) writeGlobal(ctx, m.targetKey, { progressMeasure: amount });
}

/** 4th Ed. objective completion: the attempt's for the primary objective, else the objective's own (or mapped). */
export function objectiveCompleted(
  ctx: SequencingContext,
  a: SeqActivity,
  o: EffectiveObjective,
): boolean | undefined {
  if (o === primaryObjective(a)) return attemptCompleted(ctx, a);
  const local = localObjective(ctx, a, o);
  if (local.completionKnown && !staleForParent(ctx, a, 'progress')) return local.completed;
  return mappedCompletion(ctx, o);
}

/** An objective's completion as a global read through its adlseq maps (readCompletionStatus) knows it. */
export function mappedCompletion(ctx: SequencingContext, o: EffectiveObjective): boolean | undefined {
  return readThroughMaps(
    ctx,
    o.adlMapInfo,
    (m) => m.readCompletionStatus,
    (g) => g.completed,
  );
}
