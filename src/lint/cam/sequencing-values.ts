/**
 * Vocabularies and value ranges of every IMS SS / ADL SEQ attribute (and minNormalizedMeasure),
 * checked on the raw tree so that values the model could not type are still reported where written.
 * Whether rules make sense together (references, reachability) is the sequencing lint's job.
 */
import type { Finding, RuleInfo } from '../../core/findings.js';
import type { ParsedManifest } from '../../manifest/model.js';
import { NS } from '../../manifest/namespaces.js';
import type { Position, XmlElement } from '../../manifest/xml-tree.js';
import { ADL } from './refs.js';
import { findingOf, type ManifestRule } from './rule.js';
import {
  closestTerm,
  isDecimalIn,
  isNonNegativeInteger,
  isXsBoolean,
  isXsDateTime,
  isXsDuration,
  listTerms,
  parseDecimal,
} from './values.js';
import { allElements, attrOf, collapse, quote } from './walk.js';

type Check =
  | { type: 'boolean' }
  | { type: 'vocab'; terms: readonly string[] }
  | { type: 'range'; min: number; max: number }
  | { type: 'nonNegativeInteger' }
  | { type: 'duration' }
  | { type: 'dateTime' };

function seqRule(id: string, title: string, severity: RuleInfo['severity'] = 'error'): RuleInfo {
  return { id, severity, category: 'sequencing', level: 'basic', title, adl: [ADL.sequencing] };
}

export const SEQ_RULE_INFO = {
  boolean: seqRule('seq.boolean_invalid', 'Sequencing flags are xs:boolean'),
  ruleCondition: seqRule(
    'seq.rule_condition_invalid',
    'Sequencing rule conditions come from the IMS SS vocabulary',
  ),
  ruleAction: seqRule('seq.rule_action_invalid', 'Sequencing rule actions are allowed for their rule kind'),
  rollupCondition: seqRule(
    'seq.rollup_condition_invalid',
    'Rollup conditions come from the IMS SS vocabulary',
  ),
  rollupAction: seqRule(
    'seq.rollup_action_invalid',
    'Rollup actions are satisfied, notSatisfied, completed or incomplete',
  ),
  operator: seqRule('seq.condition_operator_invalid', 'Condition operators are "not" or "noOp"'),
  combination: seqRule('seq.condition_combination_invalid', 'conditionCombination is "all" or "any"'),
  measureThreshold: seqRule('seq.measure_threshold_range', 'measureThreshold is a decimal from -1 to 1'),
  minNormalizedMeasure: seqRule(
    'seq.min_normalized_measure_range',
    'minNormalizedMeasure is a decimal from -1 to 1',
  ),
  attemptLimit: seqRule('seq.attempt_limit_invalid', 'attemptLimit is a non-negative integer'),
  duration: seqRule(
    'seq.duration_invalid',
    'Duration limits are xs:duration values, time limits xs:dateTime',
  ),
  limitUnsupported: seqRule(
    'seq.limit_unsupported',
    'Only attemptLimit and attemptAbsoluteDurationLimit are used by SCORM 2004',
    'warning',
  ),
  childActivitySet: seqRule(
    'seq.child_activity_set_invalid',
    'childActivitySet is all, any, none, atLeastCount or atLeastPercent',
  ),
  minimumCount: seqRule('seq.minimum_count_invalid', 'minimumCount is a non-negative integer'),
  minimumPercent: seqRule('seq.minimum_percent_range', 'minimumPercent is a decimal from 0 to 1'),
  measureWeight: seqRule('seq.measure_weight_range', 'objectiveMeasureWeight is a decimal from 0 to 1'),
  randomizationTiming: seqRule(
    'seq.randomization_timing_invalid',
    'Randomization timings are never, once or onEachNewAttempt',
  ),
  selectCount: seqRule('seq.select_count_invalid', 'selectCount is a non-negative integer'),
  rollupConsideration: seqRule(
    'seq.rollup_consideration_invalid',
    'Rollup considerations are always, ifAttempted, ifNotSkipped or ifNotSuspended',
  ),
  targetObjective: seqRule('seq.target_objective_missing', 'mapInfo names its targetObjectiveID'),
} as const satisfies Record<string, RuleInfo>;

type RuleKey = keyof typeof SEQ_RULE_INFO;

interface AttrSpec {
  rule: RuleKey;
  check: Check;
  required?: boolean;
  /** Advice appended to the fix, when the value is not a plain vocabulary slip. */
  hint?: string;
}

const BOOL: Check = { type: 'boolean' };
const MEASURE: Check = { type: 'range', min: -1, max: 1 };
const UNIT: Check = { type: 'range', min: 0, max: 1 };
const COMBINATION: Check = { type: 'vocab', terms: ['all', 'any'] };
const OPERATOR: Check = { type: 'vocab', terms: ['not', 'noOp'] };
const TIMING: Check = { type: 'vocab', terms: ['never', 'once', 'onEachNewAttempt'] };
const CONSIDERATION: Check = {
  type: 'vocab',
  terms: ['always', 'ifAttempted', 'ifNotSkipped', 'ifNotSuspended'],
};
const ROLLUP_CONDITIONS = [
  'satisfied',
  'objectiveStatusKnown',
  'objectiveMeasureKnown',
  'completed',
  'activityProgressKnown',
  'attempted',
  'attemptLimitExceeded',
  'timeLimitExceeded',
  'outsideAvailableTimeRange',
] as const;
const RULE_CONDITIONS = [
  ...ROLLUP_CONDITIONS.slice(0, 3),
  'objectiveMeasureGreaterThan',
  'objectiveMeasureLessThan',
  ...ROLLUP_CONDITIONS.slice(3),
  'always',
] as const;
export const RULE_ACTIONS = {
  preConditionRule: ['skip', 'disabled', 'hiddenFromChoice', 'stopForwardTraversal'],
  exitConditionRule: ['exit'],
  postConditionRule: ['exitParent', 'exitAll', 'retry', 'retryAll', 'continue', 'previous'],
} as const;

function bools(...names: string[]): Record<string, AttrSpec> {
  return Object.fromEntries(names.map((n) => [n, { rule: 'boolean', check: BOOL } satisfies AttrSpec]));
}

const UNSUPPORTED_LIMIT: AttrSpec = {
  rule: 'limitUnsupported',
  check: { type: 'duration' },
  hint: 'SCORM 2004 LMSs ignore this limit; use attemptAbsoluteDurationLimit or remove it.',
};

/** Attributes per element, keyed "<namespace> <local name>". */
const SPECS: Record<string, Record<string, AttrSpec>> = {
  [`${NS.imsss} controlMode`]: bools(
    'choice',
    'choiceExit',
    'flow',
    'forwardOnly',
    'useCurrentAttemptObjectiveInfo',
    'useCurrentAttemptProgressInfo',
  ),
  [`${NS.imsss} ruleConditions`]: { conditionCombination: { rule: 'combination', check: COMBINATION } },
  [`${NS.imsss} ruleCondition`]: {
    condition: { rule: 'ruleCondition', check: { type: 'vocab', terms: RULE_CONDITIONS }, required: true },
    operator: { rule: 'operator', check: OPERATOR },
    measureThreshold: { rule: 'measureThreshold', check: MEASURE },
  },
  [`${NS.imsss} limitConditions`]: {
    attemptLimit: { rule: 'attemptLimit', check: { type: 'nonNegativeInteger' } },
    attemptAbsoluteDurationLimit: { rule: 'duration', check: { type: 'duration' } },
    attemptExperiencedDurationLimit: UNSUPPORTED_LIMIT,
    activityAbsoluteDurationLimit: UNSUPPORTED_LIMIT,
    activityExperiencedDurationLimit: UNSUPPORTED_LIMIT,
    beginTimeLimit: { ...UNSUPPORTED_LIMIT, check: { type: 'dateTime' } },
    endTimeLimit: { ...UNSUPPORTED_LIMIT, check: { type: 'dateTime' } },
  },
  [`${NS.imsss} rollupRules`]: {
    ...bools('rollupObjectiveSatisfied', 'rollupProgressCompletion'),
    objectiveMeasureWeight: { rule: 'measureWeight', check: UNIT },
  },
  [`${NS.imsss} rollupRule`]: {
    childActivitySet: {
      rule: 'childActivitySet',
      check: { type: 'vocab', terms: ['all', 'any', 'none', 'atLeastCount', 'atLeastPercent'] },
    },
    minimumCount: { rule: 'minimumCount', check: { type: 'nonNegativeInteger' } },
    minimumPercent: {
      rule: 'minimumPercent',
      check: UNIT,
      hint: 'minimumPercent is a fraction: 0.5 means half of the children.',
    },
  },
  [`${NS.imsss} rollupConditions`]: { conditionCombination: { rule: 'combination', check: COMBINATION } },
  [`${NS.imsss} rollupCondition`]: {
    condition: {
      rule: 'rollupCondition',
      check: { type: 'vocab', terms: ROLLUP_CONDITIONS },
      required: true,
    },
    operator: { rule: 'operator', check: OPERATOR },
  },
  [`${NS.imsss} rollupAction`]: {
    action: {
      rule: 'rollupAction',
      check: { type: 'vocab', terms: ['satisfied', 'notSatisfied', 'completed', 'incomplete'] },
      required: true,
    },
  },
  [`${NS.imsss} primaryObjective`]: bools('satisfiedByMeasure'),
  [`${NS.imsss} objective`]: bools('satisfiedByMeasure'),
  [`${NS.imsss} mapInfo`]: {
    ...bools(
      'readSatisfiedStatus',
      'readNormalizedMeasure',
      'writeSatisfiedStatus',
      'writeNormalizedMeasure',
    ),
    targetObjectiveID: { rule: 'targetObjective', check: { type: 'vocab', terms: [] }, required: true },
  },
  [`${NS.imsss} randomizationControls`]: {
    randomizationTiming: { rule: 'randomizationTiming', check: TIMING },
    selectionTiming: { rule: 'randomizationTiming', check: TIMING },
    selectCount: { rule: 'selectCount', check: { type: 'nonNegativeInteger' } },
    ...bools('reorderChildren'),
  },
  [`${NS.imsss} deliveryControls`]: bools('tracked', 'completionSetByContent', 'objectiveSetByContent'),
  [`${NS.adlseq} constrainedChoiceConsiderations`]: bools('preventActivation', 'constrainChoice'),
  [`${NS.adlseq} rollupConsiderations`]: {
    requiredForSatisfied: { rule: 'rollupConsideration', check: CONSIDERATION },
    requiredForNotSatisfied: { rule: 'rollupConsideration', check: CONSIDERATION },
    requiredForCompleted: { rule: 'rollupConsideration', check: CONSIDERATION },
    requiredForIncomplete: { rule: 'rollupConsideration', check: CONSIDERATION },
    ...bools('measureSatisfactionIfActive'),
  },
  [`${NS.adlseq} mapInfo`]: {
    ...bools(
      'readRawScore',
      'readMinScore',
      'readMaxScore',
      'readCompletionStatus',
      'readProgressMeasure',
      'writeRawScore',
      'writeMinScore',
      'writeMaxScore',
      'writeCompletionStatus',
      'writeProgressMeasure',
    ),
    targetObjectiveID: { rule: 'targetObjective', check: { type: 'vocab', terms: [] }, required: true },
  },
};

function valueOk(check: Check, value: string): boolean {
  switch (check.type) {
    case 'boolean':
      return isXsBoolean(value);
    case 'vocab':
      return check.terms.length === 0 ? collapse(value) !== '' : check.terms.includes(collapse(value));
    case 'range':
      return isDecimalIn(value, check.min, check.max);
    case 'nonNegativeInteger':
      return isNonNegativeInteger(value);
    case 'duration':
      return isXsDuration(value) && !collapse(value).startsWith('-');
    case 'dateTime':
      return isXsDateTime(value);
  }
}

function expectation(check: Check): { allowed: string; example: (value: string) => string } {
  switch (check.type) {
    case 'boolean':
      return { allowed: '"true" or "false"', example: () => 'true' };
    case 'vocab':
      return {
        allowed: check.terms.length
          ? `one of ${listTerms(check.terms)} (case-sensitive)`
          : 'a non-empty value',
        example: (v) => closestTerm(v, check.terms) ?? check.terms[0] ?? '<global objective id>',
      };
    case 'range':
      return {
        allowed: `a decimal from ${check.min} to ${check.max}`,
        example: (v) => {
          const n = parseDecimal(v);
          if (n === null) return String(check.max);
          // 50 where 0.5 was meant: a percentage written into a fraction.
          if (check.max === 1 && Number.isInteger(n) && n > 1 && n <= 100) return String(n / 100);
          return String(Math.min(check.max, Math.max(check.min, n)));
        },
      };
    case 'nonNegativeInteger':
      return { allowed: 'a whole number 0 or greater', example: () => '1' };
    case 'duration':
      return { allowed: 'a positive xs:duration such as "PT30M" or "P1DT2H"', example: () => 'PT30M' };
    case 'dateTime':
      return {
        allowed: 'an xs:dateTime such as "2030-01-31T23:59:59Z"',
        example: () => '2030-01-31T23:59:59Z',
      };
  }
}

const CACHE = new WeakMap<ParsedManifest, Finding[]>();

function context(el: XmlElement): string {
  for (let p = el.parent; p; p = p.parent) {
    if (p.local === 'item' || p.local === 'organization') {
      const id = attrOf(p, 'identifier');
      return ` (${p.local} ${quote(id ? collapse(id.value) : '')})`;
    }
    if (p.uri === NS.imsss && p.local === 'sequencingCollection') return ' (sequencingCollection)';
  }
  return '';
}

/** All findings of the table-driven checks, computed once per parsed manifest. */
function tableFindings(parsed: ParsedManifest): Finding[] {
  const cached = CACHE.get(parsed);
  if (cached) return cached;
  const out: Finding[] = [];
  const push = (key: RuleKey, pos: Position, message: string, fix: string) =>
    out.push(findingOf(SEQ_RULE_INFO[key], pos, message, fix));
  for (const el of allElements(parsed.root)) {
    const where = context(el);
    // adlseq:objectivesGlobalToSystem sits on <organization>, outside the sequencing elements.
    const global = attrOf(el, 'objectivesGlobalToSystem', NS.adlseq);
    if (global && !isXsBoolean(global.value)) {
      push(
        'boolean',
        global.pos,
        `${global.name}=${quote(global.value)} on <${el.name}>${where} is not a boolean.`,
        `Write ${global.name}="true" or "false".`,
      );
    }
    if (el.uri === NS.imsss && el.local === 'ruleAction') checkRuleAction(el, where, push);
    if (el.uri === NS.imsss && el.local === 'minNormalizedMeasure') {
      const value = el.text;
      if (!isDecimalIn(value, -1, 1)) {
        push(
          'minNormalizedMeasure',
          el.pos,
          `<imsss:minNormalizedMeasure>${collapse(value)}</imsss:minNormalizedMeasure>${where} is not a decimal from -1 to 1.`,
          'Write a normalized score such as 0.8 (80 %); it is compared with cmi.score.scaled.',
        );
      }
    }
    const specs = SPECS[`${el.uri} ${el.local}`];
    if (!specs) continue;
    for (const [name, spec] of Object.entries(specs)) {
      const a = attrOf(el, name);
      if (!a) {
        if (spec.required) {
          push(
            spec.rule,
            el.pos,
            `<${el.name}>${where} has no ${name} attribute, which is required.`,
            `Add ${name}="${expectation(spec.check).example('')}" (${expectation(spec.check).allowed}).`,
          );
        }
        continue;
      }
      const { allowed, example } = expectation(spec.check);
      if (spec.rule === 'limitUnsupported') {
        push(
          spec.rule,
          a.pos,
          `<${el.name} ${name}=${quote(a.value)}>${where}: ${spec.hint}`,
          'Remove the attribute, or express the limit with attemptAbsoluteDurationLimit.',
        );
        continue;
      }
      if (valueOk(spec.check, a.value)) continue;
      push(
        spec.rule,
        a.pos,
        `${name}=${quote(a.value)} on <${el.name}>${where} is invalid: expected ${allowed}.${spec.hint ? ` ${spec.hint}` : ''}`,
        spec.check.type === 'boolean'
          ? `Write ${name}="true" or ${name}="false" (lower case).`
          : `Write ${name}="${example(a.value)}".`,
      );
    }
  }
  CACHE.set(parsed, out);
  return out;
}

function checkRuleAction(
  el: XmlElement,
  where: string,
  push: (key: RuleKey, pos: Position, message: string, fix: string) => void,
): void {
  const kind = el.parent?.uri === NS.imsss ? (el.parent.local as keyof typeof RULE_ACTIONS) : undefined;
  const allowed: readonly string[] | undefined = kind ? RULE_ACTIONS[kind] : undefined;
  if (!allowed) return;
  const a = attrOf(el, 'action');
  if (!a) {
    push(
      'ruleAction',
      el.pos,
      `<${el.name}> of an <imsss:${kind}>${where} has no action.`,
      `Add action="${allowed[0]}" (allowed there: ${listTerms(allowed)}).`,
    );
    return;
  }
  const value = collapse(a.value);
  if (allowed.includes(value)) return;
  const elsewhere = (Object.keys(RULE_ACTIONS) as Array<keyof typeof RULE_ACTIONS>).find((k) =>
    (RULE_ACTIONS[k] as readonly string[]).includes(value),
  );
  push(
    'ruleAction',
    a.pos,
    elsewhere
      ? `action=${quote(value)} belongs in an <imsss:${elsewhere}> but stands in an <imsss:${kind}>${where}, which allows ${listTerms(allowed)}.`
      : `action=${quote(value)} in an <imsss:${kind}>${where} is not a sequencing action; allowed: ${listTerms(allowed)} (case-sensitive).`,
    elsewhere
      ? `Move the rule into <imsss:${elsewhere}> or use one of ${listTerms(allowed)}.`
      : `Write action="${closestTerm(value, allowed) ?? allowed[0]}".`,
  );
}

function tableRule(key: RuleKey): ManifestRule {
  const info = SEQ_RULE_INFO[key];
  return { info, check: ({ parsed }) => tableFindings(parsed).filter((f) => f.rule === info.id) };
}

export const SEQUENCING_VALUE_RULES: ManifestRule[] = (Object.keys(SEQ_RULE_INFO) as RuleKey[]).map(
  tableRule,
);
