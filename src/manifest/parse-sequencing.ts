/** <imsss:sequencing> (IMS SS 1.0 with the ADL SEQ extensions) -> SequencingDefinition. */
import type {
  AdlMapInfo,
  AdlObjective,
  ConstrainedChoiceConsiderations,
  ControlMode,
  DeliveryControls,
  LimitConditions,
  MapInfo,
  Objective,
  Objectives,
  RandomizationControls,
  RollupConsiderations,
  RollupRule,
  RollupRules,
  RuleKind,
  SequencingDefinition,
  SequencingRule,
  SequencingRules,
} from './model.js';
import { NS } from './namespaces.js';
import { attr, boolAttr, child, children, located, textOf } from './xml-helpers.js';
import type { XmlElement } from './xml-tree.js';

const SS = NS.imsss;
const SEQ = NS.adlseq;

export function parseSequencing(el: XmlElement): SequencingDefinition {
  const controlMode = child(el, SS, 'controlMode');
  const rules = child(el, SS, 'sequencingRules');
  const limits = child(el, SS, 'limitConditions');
  const aux = child(el, SS, 'auxiliaryResources');
  const rollup = child(el, SS, 'rollupRules');
  const objectives = child(el, SS, 'objectives');
  const random = child(el, SS, 'randomizationControls');
  const delivery = child(el, SS, 'deliveryControls');
  const ccc = child(el, SEQ, 'constrainedChoiceConsiderations');
  const rollupCons = child(el, SEQ, 'rollupConsiderations');
  return {
    id: attr(el, 'ID'),
    idRef: attr(el, 'IDRef'),
    controlMode: controlMode ? parseControlMode(controlMode) : null,
    sequencingRules: rules ? parseSequencingRules(rules) : null,
    limitConditions: limits ? parseLimitConditions(limits) : null,
    auxiliaryResources: aux ? located(aux) : null,
    rollupRules: rollup ? parseRollupRules(rollup) : null,
    objectives: objectives ? parseObjectives(objectives) : null,
    randomizationControls: random ? parseRandomization(random) : null,
    deliveryControls: delivery ? parseDelivery(delivery) : null,
    constrainedChoiceConsiderations: ccc ? parseConstrainedChoice(ccc) : null,
    rollupConsiderations: rollupCons ? parseRollupConsiderations(rollupCons) : null,
    adlObjectives: children(el, SEQ, 'objectives').flatMap((o) =>
      children(o, SEQ, 'objective').map(parseAdlObjective),
    ),
    ...located(el),
  };
}

function parseControlMode(el: XmlElement): ControlMode {
  return {
    choice: boolAttr(el, 'choice'),
    choiceExit: boolAttr(el, 'choiceExit'),
    flow: boolAttr(el, 'flow'),
    forwardOnly: boolAttr(el, 'forwardOnly'),
    useCurrentAttemptObjectiveInfo: boolAttr(el, 'useCurrentAttemptObjectiveInfo'),
    useCurrentAttemptProgressInfo: boolAttr(el, 'useCurrentAttemptProgressInfo'),
    ...located(el),
  };
}

function parseSequencingRules(el: XmlElement): SequencingRules {
  const rules = (local: string, kind: RuleKind): SequencingRule[] =>
    children(el, SS, local).map((r) => parseSequencingRule(r, kind));
  return {
    preConditionRules: rules('preConditionRule', 'pre'),
    exitConditionRules: rules('exitConditionRule', 'exit'),
    postConditionRules: rules('postConditionRule', 'post'),
    ...located(el),
  };
}

function parseSequencingRule(el: XmlElement, kind: RuleKind): SequencingRule {
  const conditions = child(el, SS, 'ruleConditions');
  const action = child(el, SS, 'ruleAction');
  return {
    kind,
    conditionCombination: conditions ? attr(conditions, 'conditionCombination') : null,
    conditions: (conditions ? children(conditions, SS, 'ruleCondition') : []).map((c) => ({
      referencedObjective: attr(c, 'referencedObjective'),
      measureThreshold: attr(c, 'measureThreshold'),
      operator: attr(c, 'operator'),
      condition: attr(c, 'condition'),
      ...located(c),
    })),
    action: action ? attr(action, 'action') : null,
    ...located(el),
  };
}

const LIMIT_ATTRS = new Set(['attemptLimit', 'attemptAbsoluteDurationLimit']);

function parseLimitConditions(el: XmlElement): LimitConditions {
  const others: Record<string, string> = {};
  for (const a of el.attributes) {
    if (a.uri === '' && !LIMIT_ATTRS.has(a.local)) others[a.local] = a.value;
  }
  return {
    attemptLimit: attr(el, 'attemptLimit'),
    attemptAbsoluteDurationLimit: attr(el, 'attemptAbsoluteDurationLimit'),
    others,
    ...located(el),
  };
}

function parseRollupRules(el: XmlElement): RollupRules {
  return {
    rollupObjectiveSatisfied: boolAttr(el, 'rollupObjectiveSatisfied'),
    rollupProgressCompletion: boolAttr(el, 'rollupProgressCompletion'),
    objectiveMeasureWeight: attr(el, 'objectiveMeasureWeight'),
    rules: children(el, SS, 'rollupRule').map(parseRollupRule),
    ...located(el),
  };
}

function parseRollupRule(el: XmlElement): RollupRule {
  const conditions = child(el, SS, 'rollupConditions');
  const action = child(el, SS, 'rollupAction');
  return {
    childActivitySet: attr(el, 'childActivitySet'),
    minimumCount: attr(el, 'minimumCount'),
    minimumPercent: attr(el, 'minimumPercent'),
    conditionCombination: conditions ? attr(conditions, 'conditionCombination') : null,
    conditions: (conditions ? children(conditions, SS, 'rollupCondition') : []).map((c) => ({
      operator: attr(c, 'operator'),
      condition: attr(c, 'condition'),
      ...located(c),
    })),
    action: action ? attr(action, 'action') : null,
    ...located(el),
  };
}

function parseObjectives(el: XmlElement): Objectives {
  const primary = child(el, SS, 'primaryObjective');
  return {
    primary: primary ? parseObjective(primary, true) : null,
    others: children(el, SS, 'objective').map((o) => parseObjective(o, false)),
    ...located(el),
  };
}

function parseObjective(el: XmlElement, primary: boolean): Objective {
  return {
    primary,
    objectiveID: attr(el, 'objectiveID'),
    satisfiedByMeasure: boolAttr(el, 'satisfiedByMeasure'),
    minNormalizedMeasure: textOf(child(el, SS, 'minNormalizedMeasure')),
    mapInfo: children(el, SS, 'mapInfo').map(parseMapInfo),
    ...located(el),
  };
}

function parseMapInfo(el: XmlElement): MapInfo {
  return {
    targetObjectiveID: attr(el, 'targetObjectiveID'),
    readSatisfiedStatus: boolAttr(el, 'readSatisfiedStatus'),
    readNormalizedMeasure: boolAttr(el, 'readNormalizedMeasure'),
    writeSatisfiedStatus: boolAttr(el, 'writeSatisfiedStatus'),
    writeNormalizedMeasure: boolAttr(el, 'writeNormalizedMeasure'),
    ...located(el),
  };
}

function parseAdlObjective(el: XmlElement): AdlObjective {
  return {
    objectiveID: attr(el, 'objectiveID'),
    mapInfo: children(el, SEQ, 'mapInfo').map(parseAdlMapInfo),
    ...located(el),
  };
}

function parseAdlMapInfo(el: XmlElement): AdlMapInfo {
  return {
    targetObjectiveID: attr(el, 'targetObjectiveID'),
    readRawScore: boolAttr(el, 'readRawScore'),
    readMinScore: boolAttr(el, 'readMinScore'),
    readMaxScore: boolAttr(el, 'readMaxScore'),
    readCompletionStatus: boolAttr(el, 'readCompletionStatus'),
    readProgressMeasure: boolAttr(el, 'readProgressMeasure'),
    writeRawScore: boolAttr(el, 'writeRawScore'),
    writeMinScore: boolAttr(el, 'writeMinScore'),
    writeMaxScore: boolAttr(el, 'writeMaxScore'),
    writeCompletionStatus: boolAttr(el, 'writeCompletionStatus'),
    writeProgressMeasure: boolAttr(el, 'writeProgressMeasure'),
    ...located(el),
  };
}

function parseRandomization(el: XmlElement): RandomizationControls {
  return {
    randomizationTiming: attr(el, 'randomizationTiming'),
    selectCount: attr(el, 'selectCount'),
    reorderChildren: boolAttr(el, 'reorderChildren'),
    selectionTiming: attr(el, 'selectionTiming'),
    ...located(el),
  };
}

function parseDelivery(el: XmlElement): DeliveryControls {
  return {
    tracked: boolAttr(el, 'tracked'),
    completionSetByContent: boolAttr(el, 'completionSetByContent'),
    objectiveSetByContent: boolAttr(el, 'objectiveSetByContent'),
    ...located(el),
  };
}

function parseConstrainedChoice(el: XmlElement): ConstrainedChoiceConsiderations {
  return {
    preventActivation: boolAttr(el, 'preventActivation'),
    constrainChoice: boolAttr(el, 'constrainChoice'),
    ...located(el),
  };
}

function parseRollupConsiderations(el: XmlElement): RollupConsiderations {
  return {
    requiredForSatisfied: attr(el, 'requiredForSatisfied'),
    requiredForNotSatisfied: attr(el, 'requiredForNotSatisfied'),
    requiredForCompleted: attr(el, 'requiredForCompleted'),
    requiredForIncomplete: attr(el, 'requiredForIncomplete'),
    measureSatisfactionIfActive: boolAttr(el, 'measureSatisfactionIfActive'),
    ...located(el),
  };
}
