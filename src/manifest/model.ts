/**
 * The typed manifest model (IMS CP + SCORM CAM application profiles, SCORM 1.2 and 2004 2nd–4th Ed.).
 *
 * Every node keeps `pos` (where its element starts) and `attrPos` (where each attribute was written,
 * keyed by the attribute's qualified name as written) so validators can point at exact lines. Values are
 * kept as written (strings) when the schema allows free text; enumerations are typed but the parser keeps
 * unknown values verbatim, so rules can report them instead of the parser dropping them.
 *
 * The sequencing part mirrors the IMS SS / ADL SEQ binding closely enough to build a run-time activity
 * tree (SN book, "Sequencing Definition Model").
 */
import type { Position, XmlElement } from './xml-tree.js';

export type ScormVersion = '1.2' | '2004';
export type Scorm2004Edition = '2nd' | '3rd' | '4th';

export interface VersionInfo {
  version: ScormVersion | null;
  /** Only for 2004; null when it cannot be told. */
  edition: Scorm2004Edition | null;
  /** The `<schemaversion>` text as written, if any. */
  schemaversion: string | null;
  /** How the version was decided, for reports ("schemaversion", "namespaces", ...). */
  evidence: string[];
}

export interface Located {
  pos: Position;
  /** Attribute positions keyed by the qualified name as written (e.g. "identifierref", "adlcp:scormType"). */
  attrPos: Record<string, Position>;
  /** The raw element, for rules that need to look at what the typed model does not keep. */
  xml: XmlElement;
}

export interface ScormManifest extends Located {
  /** Path of the manifest file relative to the package root (normally "imsmanifest.xml"). */
  file: string;
  identifier: string | null;
  version: string | null;
  /** xml:base on <manifest>, as written. */
  base: string | null;
  scorm: VersionInfo;
  metadata: Metadata | null;
  organizations: Organizations;
  resources: Resources;
  /** Nested (sub)manifests. */
  manifests: ScormManifest[];
  /** SCORM 2004 <imsss:sequencingCollection>. */
  sequencingCollection: SequencingDefinition[];
  /** `xsi:schemaLocation` pairs as written on the root element. */
  schemaLocations: Array<{ namespace: string; location: string; pos: Position }>;
  /** Namespace declarations in scope on the root element (prefix -> uri; '' for the default namespace). */
  namespaces: Record<string, string>;
}

export interface Metadata extends Located {
  schema: string | null;
  schemaversion: string | null;
  /** adlcp:location references to external metadata files. */
  locations: Array<{ href: string; pos: Position }>;
  /** True when inline LOM (or other foreign metadata) is present. */
  hasInlineMetadata: boolean;
}

export interface Organizations extends Located {
  /** True when <organizations> is missing: this is then an empty placeholder positioned at <manifest>. */
  absent?: boolean;
  /** The `default` attribute as written (IDREF to an organization). */
  default: string | null;
  list: Organization[];
}

export interface Organization extends Located {
  identifier: string | null;
  structure: string | null;
  /** adlseq:objectivesGlobalToSystem (2004), default true. */
  objectivesGlobalToSystem: boolean | null;
  /** adlcp:sharedDataGlobalToSystem (2004 4th), default true. */
  sharedDataGlobalToSystem: boolean | null;
  title: string | null;
  items: Item[];
  metadata: Metadata | null;
  sequencing: SequencingDefinition | null;
  completionThreshold: CompletionThreshold | null;
}

export interface Item extends Located {
  identifier: string | null;
  identifierref: string | null;
  /** `isvisible`, default true. Kept as written when not a boolean (e.g. "yes") so rules can flag it. */
  isvisible: boolean | string;
  parameters: string | null;
  title: string | null;
  items: Item[];
  metadata: Metadata | null;
  // SCORM 1.2 (adlcp_rootv1p2)
  /** adlcp:prerequisites: the script (trimmed) and its type attribute as written. */
  prerequisites: ({ value: string; type: string | null } & Located) | null;
  maxtimeallowed: string | null;
  timelimitaction: string | null;
  datafromlms: string | null;
  masteryscore: string | null;
  // SCORM 2004
  timeLimitAction: string | null;
  dataFromLMS: string | null;
  completionThreshold: CompletionThreshold | null;
  /** adlcp:data (4th Ed. shared data). */
  data: Array<
    { targetID: string | null; readSharedData: boolean | null; writeSharedData: boolean | null } & Located
  >;
  presentation: Presentation | null;
  sequencing: SequencingDefinition | null;
}

export interface CompletionThreshold extends Located {
  /** 2004 3rd Ed.: element text; 4th Ed.: minProgressMeasure attribute. As written. */
  minProgressMeasure: string | null;
  /** 4th Ed. */
  completedByMeasure: boolean | null;
  progressWeight: string | null;
  /** 3rd-Ed. style text content, as written. */
  text: string | null;
}

export interface Presentation extends Located {
  /** adlnav:hideLMSUI values as written (previous, continue, exit, exitAll, abandon, abandonAll, suspendAll). */
  hideLMSUI: Array<{ value: string; pos: Position }>;
}

export interface Resources extends Located {
  /** True when <resources> is missing: this is then an empty placeholder positioned at <manifest>. */
  absent?: boolean;
  base: string | null;
  list: Resource[];
}

export interface Resource extends Located {
  identifier: string | null;
  type: string | null;
  href: string | null;
  base: string | null;
  /** `adlcp:scormType` (2004) or `adlcp:scormtype` (1.2) as written: "sco" | "asset" | other. */
  scormType: string | null;
  files: Array<{ href: string | null; metadata: Metadata | null } & Located>;
  dependencies: Array<{ identifierref: string | null } & Located>;
  metadata: Metadata | null;
}

// ----------------------------------------------------------------------------------------------
// Sequencing definition (IMS SS 1.0 + ADL SEQ 1.3)
// ----------------------------------------------------------------------------------------------

export interface SequencingDefinition extends Located {
  /** `ID` attribute (members of a sequencingCollection). */
  id: string | null;
  /** `IDRef` attribute (reference into the sequencingCollection). */
  idRef: string | null;
  controlMode: ControlMode | null;
  sequencingRules: SequencingRules | null;
  limitConditions: LimitConditions | null;
  auxiliaryResources: Located | null;
  rollupRules: RollupRules | null;
  objectives: Objectives | null;
  randomizationControls: RandomizationControls | null;
  deliveryControls: DeliveryControls | null;
  // ADL extensions
  constrainedChoiceConsiderations: ConstrainedChoiceConsiderations | null;
  rollupConsiderations: RollupConsiderations | null;
  /** adlseq:objectives (mapInfo extensions, 4th Ed.). */
  adlObjectives: AdlObjective[];
}

/** Booleans are null when the attribute is absent (the default applies). */
export interface ControlMode extends Located {
  choice: boolean | null;
  choiceExit: boolean | null;
  flow: boolean | null;
  forwardOnly: boolean | null;
  useCurrentAttemptObjectiveInfo: boolean | null;
  useCurrentAttemptProgressInfo: boolean | null;
}

export interface SequencingRules extends Located {
  preConditionRules: SequencingRule[];
  exitConditionRules: SequencingRule[];
  postConditionRules: SequencingRule[];
}

export type RuleKind = 'pre' | 'exit' | 'post';

export interface SequencingRule extends Located {
  kind: RuleKind;
  /** ruleConditions@conditionCombination: "all" (default) | "any". */
  conditionCombination: string | null;
  conditions: RuleCondition[];
  /** ruleAction@action as written. */
  action: string | null;
}

export interface RuleCondition extends Located {
  referencedObjective: string | null;
  measureThreshold: string | null;
  /** "not" | "noOp" (default), as in the imsss XSD. */
  operator: string | null;
  /** satisfied, objectiveStatusKnown, objectiveMeasureKnown, objectiveMeasureGreaterThan, ... as written. */
  condition: string | null;
}

export interface LimitConditions extends Located {
  attemptLimit: string | null;
  attemptAbsoluteDurationLimit: string | null;
  /** Not supported by SCORM 2004 but allowed by the IMS SS binding; kept so rules can warn. */
  others: Record<string, string>;
}

export interface RollupRules extends Located {
  rollupObjectiveSatisfied: boolean | null;
  rollupProgressCompletion: boolean | null;
  objectiveMeasureWeight: string | null;
  rules: RollupRule[];
}

export interface RollupRule extends Located {
  /** all (default), any, none, atLeastCount, atLeastPercent. */
  childActivitySet: string | null;
  minimumCount: string | null;
  minimumPercent: string | null;
  conditionCombination: string | null;
  conditions: Array<{ operator: string | null; condition: string | null } & Located>;
  /** satisfied, notSatisfied, completed, incomplete. */
  action: string | null;
}

export interface Objectives extends Located {
  primary: Objective | null;
  others: Objective[];
}

export interface Objective extends Located {
  primary: boolean;
  objectiveID: string | null;
  satisfiedByMeasure: boolean | null;
  /** Element text as written, default 1.0. */
  minNormalizedMeasure: string | null;
  mapInfo: MapInfo[];
}

export interface MapInfo extends Located {
  targetObjectiveID: string | null;
  readSatisfiedStatus: boolean | null;
  readNormalizedMeasure: boolean | null;
  writeSatisfiedStatus: boolean | null;
  writeNormalizedMeasure: boolean | null;
}

/** adlseq:objective with adlseq:mapInfo (4th Ed. extended objective maps). */
export interface AdlObjective extends Located {
  objectiveID: string | null;
  mapInfo: AdlMapInfo[];
}

export interface AdlMapInfo extends Located {
  targetObjectiveID: string | null;
  readRawScore: boolean | null;
  readMinScore: boolean | null;
  readMaxScore: boolean | null;
  readCompletionStatus: boolean | null;
  readProgressMeasure: boolean | null;
  writeRawScore: boolean | null;
  writeMinScore: boolean | null;
  writeMaxScore: boolean | null;
  writeCompletionStatus: boolean | null;
  writeProgressMeasure: boolean | null;
}

export interface RandomizationControls extends Located {
  /** never (default), once, onEachNewAttempt. */
  randomizationTiming: string | null;
  selectCount: string | null;
  reorderChildren: boolean | null;
  selectionTiming: string | null;
}

export interface DeliveryControls extends Located {
  tracked: boolean | null;
  completionSetByContent: boolean | null;
  objectiveSetByContent: boolean | null;
}

export interface ConstrainedChoiceConsiderations extends Located {
  preventActivation: boolean | null;
  constrainChoice: boolean | null;
}

export interface RollupConsiderations extends Located {
  /** always (default), ifAttempted, ifNotSkipped, ifNotSuspended. */
  requiredForSatisfied: string | null;
  requiredForNotSatisfied: string | null;
  requiredForCompleted: string | null;
  requiredForIncomplete: string | null;
  measureSatisfactionIfActive: boolean | null;
}

/** Manifest parse outcome: the model plus problems found while building it (malformed XML is thrown). */
export interface ParsedManifest {
  manifest: ScormManifest;
  /** The positioned XML root, for rules that walk raw elements. */
  root: XmlElement;
  /** The manifest text as read (BOM stripped), for excerpts and XSD validation. */
  text: string;
}
