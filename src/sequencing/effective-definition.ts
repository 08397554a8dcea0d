/**
 * The effective sequencing definition of an activity (an <item> or the <organization> root): its own
 * <imsss:sequencing> merged over the sequencingCollection member named by IDRef, with every SN default
 * applied (SCORM 2004 4th Ed. SN book, "Sequencing Definition Model").
 *
 * Merge granularity is the top-level child element: an element written on the activity replaces the
 * collection's element of the same name as a whole (ADL's CM-03b and CM-04a conformance cases depend on
 * this: a local <controlMode/> resets every control the collection set).
 */
import type {
  AdlMapInfo,
  AdlObjective,
  ConstrainedChoiceConsiderations,
  ControlMode,
  DeliveryControls,
  Item,
  LimitConditions,
  MapInfo,
  Objective,
  Objectives,
  Organization,
  ParsedManifest,
  RandomizationControls,
  RollupConsiderations,
  RollupRule,
  RollupRules,
  SequencingDefinition,
  SequencingRule,
} from '../manifest/model.js';

export interface EffectiveControlMode {
  choice: boolean;
  choiceExit: boolean;
  flow: boolean;
  forwardOnly: boolean;
  useCurrentAttemptObjectiveInfo: boolean;
  useCurrentAttemptProgressInfo: boolean;
}

export interface EffectiveMapInfo {
  source: MapInfo;
  /** As written, trimmed. */
  targetObjectiveID: string;
  /** `objectiveKey(targetObjectiveID)`. */
  targetKey: string;
  readSatisfiedStatus: boolean;
  readNormalizedMeasure: boolean;
  writeSatisfiedStatus: boolean;
  writeNormalizedMeasure: boolean;
}

export interface EffectiveAdlMapInfo {
  source: AdlMapInfo;
  targetObjectiveID: string;
  targetKey: string;
  readRawScore: boolean;
  readMinScore: boolean;
  readMaxScore: boolean;
  readCompletionStatus: boolean;
  readProgressMeasure: boolean;
  writeRawScore: boolean;
  writeMinScore: boolean;
  writeMaxScore: boolean;
  writeCompletionStatus: boolean;
  writeProgressMeasure: boolean;
}

export interface EffectiveObjective {
  /** Null for the implicit primary objective every activity has when none is written. */
  source: Objective | null;
  /** objectiveID, trimmed; null when absent. */
  id: string | null;
  /** `objectiveKey(id)`: what references are compared by. */
  key: string | null;
  primary: boolean;
  satisfiedByMeasure: boolean;
  minNormalizedMeasure: number;
  mapInfo: EffectiveMapInfo[];
  /** adlseq:mapInfo of the adlseq:objective with the same objectiveID. */
  adlMapInfo: EffectiveAdlMapInfo[];
  /** imsss:mapInfo and adlseq:mapInfo written without a targetObjectiveID: they share nothing. */
  untargetedMaps: Array<MapInfo | AdlMapInfo>;
}

export type RandomizationTiming = 'never' | 'once' | 'onEachNewAttempt';
export type RollupConsideration = 'always' | 'ifAttempted' | 'ifNotSkipped' | 'ifNotSuspended';

export interface EffectiveSequencing {
  /** The <imsss:sequencing> written on the activity, if any. */
  own: SequencingDefinition | null;
  /** The sequencingCollection member named by IDRef, when it resolves. */
  shared: SequencingDefinition | null;
  /** IDRef as written when no collection member has that ID. */
  unresolvedIdRef: string | null;
  controlMode: EffectiveControlMode;
  /** The element the control modes came from (null: all defaults). Same pattern for the other groups. */
  controlModeFrom: ControlMode | null;
  preConditionRules: SequencingRule[];
  exitConditionRules: SequencingRule[];
  postConditionRules: SequencingRule[];
  /** null: no limit (absent, or 0, which SCORM defines as unlimited). */
  attemptLimit: number | null;
  attemptAbsoluteDurationLimit: string | null;
  limitConditionsFrom: LimitConditions | null;
  rollupRules: RollupRule[];
  rollupObjectiveSatisfied: boolean;
  rollupProgressCompletion: boolean;
  objectiveMeasureWeight: number;
  rollupRulesFrom: RollupRules | null;
  /** The primary objective first (implicit when not written), then the others in document order. */
  objectives: EffectiveObjective[];
  /** adlseq:objective elements whose objectiveID matches no objective of the activity. */
  orphanAdlObjectives: AdlObjective[];
  objectivesFrom: Objectives | null;
  randomizationTiming: RandomizationTiming | string;
  selectCount: number | null;
  reorderChildren: boolean;
  selectionTiming: RandomizationTiming | string;
  randomizationFrom: RandomizationControls | null;
  tracked: boolean;
  completionSetByContent: boolean;
  objectiveSetByContent: boolean;
  deliveryControlsFrom: DeliveryControls | null;
  preventActivation: boolean;
  constrainChoice: boolean;
  constrainedChoiceFrom: ConstrainedChoiceConsiderations | null;
  requiredForSatisfied: RollupConsideration | string;
  requiredForNotSatisfied: RollupConsideration | string;
  requiredForCompleted: RollupConsideration | string;
  requiredForIncomplete: RollupConsideration | string;
  measureSatisfactionIfActive: boolean;
  rollupConsiderationsFrom: RollupConsiderations | null;
}

/** Resolve the effective definition of an item or organization of `parsed`. */
export function effectiveSequencing(
  parsed: ParsedManifest,
  itemOrOrg: Item | Organization,
): EffectiveSequencing {
  return mergeSequencing(itemOrOrg.sequencing, parsed.manifest.sequencingCollection);
}

/** The same, from an activity's own definition and the collection it may reference. */
export function mergeSequencing(
  own: SequencingDefinition | null,
  collection: readonly SequencingDefinition[],
): EffectiveSequencing {
  const idRef = own?.idRef?.trim() || null;
  const shared = idRef ? (collection.find((s) => s.id?.trim() === idRef) ?? null) : null;
  const pick = <K extends keyof SequencingDefinition>(key: K): SequencingDefinition[K] | null =>
    own?.[key] ?? shared?.[key] ?? null;

  const cm = pick('controlMode');
  const rules = pick('sequencingRules');
  const limits = pick('limitConditions');
  const rollup = pick('rollupRules');
  const objectives = pick('objectives');
  const random = pick('randomizationControls');
  const delivery = pick('deliveryControls');
  const ccc = pick('constrainedChoiceConsiderations');
  const rc = pick('rollupConsiderations');
  const adlObjectives = mergeAdlObjectives(own?.adlObjectives ?? [], shared?.adlObjectives ?? []);
  const { list, orphans } = effectiveObjectives(
    objectives?.primary ?? null,
    objectives?.others ?? [],
    adlObjectives,
  );

  return {
    own,
    shared,
    unresolvedIdRef: idRef && !shared ? idRef : null,
    controlMode: {
      choice: cm?.choice ?? true,
      choiceExit: cm?.choiceExit ?? true,
      flow: cm?.flow ?? false,
      forwardOnly: cm?.forwardOnly ?? false,
      useCurrentAttemptObjectiveInfo: cm?.useCurrentAttemptObjectiveInfo ?? true,
      useCurrentAttemptProgressInfo: cm?.useCurrentAttemptProgressInfo ?? true,
    },
    controlModeFrom: cm,
    preConditionRules: rules?.preConditionRules ?? [],
    exitConditionRules: rules?.exitConditionRules ?? [],
    postConditionRules: rules?.postConditionRules ?? [],
    attemptLimit: positiveInt(limits?.attemptLimit ?? null),
    attemptAbsoluteDurationLimit: limits?.attemptAbsoluteDurationLimit?.trim() || null,
    limitConditionsFrom: limits,
    rollupRules: rollup?.rules ?? [],
    rollupObjectiveSatisfied: rollup?.rollupObjectiveSatisfied ?? true,
    rollupProgressCompletion: rollup?.rollupProgressCompletion ?? true,
    objectiveMeasureWeight: decimal(rollup?.objectiveMeasureWeight ?? null, 1),
    rollupRulesFrom: rollup,
    objectives: list,
    orphanAdlObjectives: orphans,
    objectivesFrom: objectives,
    randomizationTiming: random?.randomizationTiming?.trim() || 'never',
    selectCount: nonNegativeInt(random?.selectCount ?? null),
    reorderChildren: random?.reorderChildren ?? false,
    selectionTiming: random?.selectionTiming?.trim() || 'never',
    randomizationFrom: random,
    tracked: delivery?.tracked ?? true,
    completionSetByContent: delivery?.completionSetByContent ?? false,
    objectiveSetByContent: delivery?.objectiveSetByContent ?? false,
    deliveryControlsFrom: delivery,
    preventActivation: ccc?.preventActivation ?? false,
    constrainChoice: ccc?.constrainChoice ?? false,
    constrainedChoiceFrom: ccc,
    requiredForSatisfied: rc?.requiredForSatisfied?.trim() || 'always',
    requiredForNotSatisfied: rc?.requiredForNotSatisfied?.trim() || 'always',
    requiredForCompleted: rc?.requiredForCompleted?.trim() || 'always',
    requiredForIncomplete: rc?.requiredForIncomplete?.trim() || 'always',
    measureSatisfactionIfActive: rc?.measureSatisfactionIfActive ?? true,
    rollupConsiderationsFrom: rc,
  };
}

/**
 * adlseq:objectives merge by objectiveID, not as a whole element: they only extend the objective of the
 * same id (CAM: adlseq:objective "objectiveID" references an imsss objective), so an item's own
 * extension replaces the collection's for that objective, and the collection's extensions of the other
 * objectives still apply to the item's objectives of those ids.
 */
function mergeAdlObjectives(own: readonly AdlObjective[], shared: readonly AdlObjective[]): AdlObjective[] {
  const keyOf = (o: AdlObjective) => (o.objectiveID?.trim() ? objectiveKey(o.objectiveID) : null);
  const ownKeys = new Set(own.map(keyOf).filter((k) => k !== null));
  return [...own, ...shared.filter((o) => !ownKeys.has(keyOf(o) ?? ''))];
}

function effectiveObjectives(
  primary: Objective | null,
  others: readonly Objective[],
  adlObjectives: readonly AdlObjective[],
): { list: EffectiveObjective[]; orphans: AdlObjective[] } {
  const list: EffectiveObjective[] = [
    primary ? objective(primary) : implicitPrimary(),
    ...others.map((o) => objective(o)),
  ];
  const orphans: AdlObjective[] = [];
  for (const adl of adlObjectives) {
    const key = adl.objectiveID?.trim() ? objectiveKey(adl.objectiveID) : null;
    const target = key === null ? undefined : list.find((o) => o.key === key);
    if (!target) {
      orphans.push(adl);
      continue;
    }
    for (const m of adl.mapInfo) {
      const effective = adlMapInfo(m);
      if (effective) target.adlMapInfo.push(effective);
      else target.untargetedMaps.push(m);
    }
  }
  return { list, orphans };
}

function implicitPrimary(): EffectiveObjective {
  return {
    source: null,
    id: null,
    key: null,
    primary: true,
    satisfiedByMeasure: false,
    minNormalizedMeasure: 1,
    mapInfo: [],
    adlMapInfo: [],
    untargetedMaps: [],
  };
}

function objective(o: Objective): EffectiveObjective {
  return {
    source: o,
    id: o.objectiveID?.trim() || null,
    key: o.objectiveID?.trim() ? objectiveKey(o.objectiveID) : null,
    primary: o.primary,
    satisfiedByMeasure: o.satisfiedByMeasure ?? false,
    minNormalizedMeasure: decimal(o.minNormalizedMeasure, 1),
    mapInfo: o.mapInfo.map(mapInfo).filter((m) => m !== null),
    adlMapInfo: [],
    untargetedMaps: o.mapInfo.filter((m) => !m.targetObjectiveID?.trim()),
  };
}

/** Maps without a targetObjectiveID cannot share anything: they go to `untargetedMaps` instead. */
function mapTarget<M extends { targetObjectiveID?: string | null }>(
  m: M,
): { source: M; targetObjectiveID: string; targetKey: string } | null {
  const target = m.targetObjectiveID?.trim();
  return target ? { source: m, targetObjectiveID: target, targetKey: objectiveKey(target) } : null;
}

function mapInfo(m: MapInfo): EffectiveMapInfo | null {
  const target = mapTarget(m);
  if (!target) return null;
  return {
    ...target,
    readSatisfiedStatus: m.readSatisfiedStatus ?? true,
    readNormalizedMeasure: m.readNormalizedMeasure ?? true,
    writeSatisfiedStatus: m.writeSatisfiedStatus ?? false,
    writeNormalizedMeasure: m.writeNormalizedMeasure ?? false,
  };
}

function adlMapInfo(m: AdlMapInfo): EffectiveAdlMapInfo | null {
  const target = mapTarget(m);
  if (!target) return null;
  return {
    ...target,
    readRawScore: m.readRawScore ?? true,
    readMinScore: m.readMinScore ?? true,
    readMaxScore: m.readMaxScore ?? true,
    readCompletionStatus: m.readCompletionStatus ?? true,
    readProgressMeasure: m.readProgressMeasure ?? true,
    writeRawScore: m.writeRawScore ?? false,
    writeMinScore: m.writeMinScore ?? false,
    writeMaxScore: m.writeMaxScore ?? false,
    writeCompletionStatus: m.writeCompletionStatus ?? false,
    writeProgressMeasure: m.writeProgressMeasure ?? false,
  };
}

/**
 * Objective identifiers are xs:anyURI: whitespace-collapsed, and compared by LMSs after percent-decoding
 * (ADL's OB-02a and OB-12a reference "%20obj%20%201%20" as objective "obj%201").
 */
export function objectiveKey(raw: string): string {
  let s = raw;
  try {
    s = decodeURIComponent(raw);
  } catch {
    // not valid percent-encoding: compare as written
  }
  return s.replace(/\s+/g, ' ').trim();
}

/** Invalid numbers fall back to the default; the CAM value-range checks report them. */
function decimal(text: string | null, fallback: number): number {
  if (text === null || text.trim() === '') return fallback;
  const n = Number(text.trim());
  return Number.isFinite(n) ? n : fallback;
}

function nonNegativeInt(text: string | null): number | null {
  if (text === null || !/^\s*\+?\d+\s*$/.test(text)) return null;
  return Number.parseInt(text.trim(), 10);
}

function positiveInt(text: string | null): number | null {
  const n = nonNegativeInt(text);
  return n === null || n === 0 ? null : n;
}
