/**
 * Static sequencing lint (`scorm_lint_sequencing`): semantic checks of a SCORM 2004 manifest's
 * sequencing definitions — references, reachability, rule logic, rollup and global objectives.
 * Vocabulary and value-range checks of the same attributes belong to the CAM lint, not here.
 */
import { compareFindings, ruleRunsAt, type Finding, type ValidationLevel } from '../../core/findings.js';
import type { ParsedManifest } from '../../manifest/model.js';
import { allActivities, buildActivityTrees } from './activity-tree.js';
import type { SeqLintContext, SeqLintRule } from './rule.js';
import { clusterDefaultControlMode } from './rules/cluster-control-mode.js';
import { scoCreditedOnExit } from './rules/exit-credits-sco.js';
import {
  objectiveGlobalSharedWriteConflict,
  targetObjectiveUnread,
  targetObjectiveUnresolved,
} from './rules/global-objectives.js';
import {
  choiceExitTrap,
  flowWithoutChildren,
  forwardOnlyWithPrevious,
  undeliverableActivity,
} from './rules/navigation.js';
import { randomizationSelectExceedsChildren, randomizationWithoutTiming } from './rules/randomization.js';
import {
  collectionUnused,
  idrefUnresolved,
  leafMissingIdentifierref,
  referencedObjectiveUnresolved,
} from './rules/references.js';
import { rollupInconsistent } from './rules/rollup.js';
import { ruleConflict, ruleNeverFires } from './rules/rule-logic.js';
import { sequencingOn12 } from './rules/scorm12.js';

export { buildActivityTrees, type Activity } from './activity-tree.js';
export type { SeqLintContext, SeqLintRule } from './rule.js';

export const SEQUENCING_RULES: readonly SeqLintRule[] = [
  sequencingOn12,
  leafMissingIdentifierref,
  idrefUnresolved,
  collectionUnused,
  referencedObjectiveUnresolved,
  targetObjectiveUnresolved,
  targetObjectiveUnread,
  objectiveGlobalSharedWriteConflict,
  scoCreditedOnExit,
  undeliverableActivity,
  choiceExitTrap,
  forwardOnlyWithPrevious,
  flowWithoutChildren,
  clusterDefaultControlMode,
  ruleNeverFires,
  ruleConflict,
  rollupInconsistent,
  randomizationSelectExceedsChildren,
  randomizationWithoutTiming,
];

export function lintSequencing(parsed: ParsedManifest, level: ValidationLevel): Finding[] {
  const roots = buildActivityTrees(parsed);
  const ctx: SeqLintContext = { parsed, level, roots, activities: allActivities(roots) };
  const is12 = parsed.manifest.scorm.version === '1.2';
  const findings = SEQUENCING_RULES.filter(
    (r) => ruleRunsAt(r.info, level) && (!is12 || r.versions === 'any'),
  ).flatMap((r) => r.check(ctx));
  return findings.sort(compareFindings);
}
