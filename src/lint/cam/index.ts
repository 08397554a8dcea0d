/**
 * The content-package (CAM) rule catalogue, in the order ADL's content-package checks run:
 * root and namespaces, metadata, identifiers, organizations and items, resources, item extensions,
 * sequencing values, files.
 */
import { fail, isScormTesterError } from '../../core/errors.js';
import { compareFindings, ruleRunsAt, type Finding } from '../../core/findings.js';
import { excessBaggageRule, fileNameSpacesRule, packageSizeRule } from './baggage.js';
import { editionFeatureRule } from './edition.js';
import {
  absoluteLinkRule,
  externalUrlRule,
  fileMissingRule,
  hrefBackslashRule,
  launchFileMissingRule,
  hrefCaseRule,
  hrefOutsideRule,
  metadataLocationRule,
  xmlBaseSlashRule,
} from './files.js';
import { identifierDuplicateRule, identifierInvalidRule, identifierMissingRule } from './identifiers.js';
import {
  identifierrefUnresolvedRule,
  isvisibleRule,
  itemResourceNotLaunchableRule,
  leafWithoutResourceRule,
  nonLeafWithIdentifierrefRule,
  parametersRule,
} from './items.js';
import { metadataSchemaRule, schemaversion12Rule, schemaversionRule } from './metadata.js';
import {
  adlObjectiveUnmatchedRule,
  objectiveIdDuplicateRule,
  objectiveIdMissingRule,
  primaryObjectiveCountRule,
} from './objectives.js';
import {
  defaultOrgMissingRule,
  defaultOrgUnresolvedRule,
  organizationEmptyRule,
  organizationsEmptyRule,
  nothingToLaunchRule,
  requiredElementRule,
  titleMissingRule,
} from './organizations.js';
import {
  dependencyUnresolvedRule,
  resourceTypeRule,
  scormTypeInvalidRule,
  scormTypeMissingRule,
} from './resources.js';
import { namespaceRule, rootElementRule, versionMixRule } from './root.js';
import type { ManifestRule, ManifestRuleContext } from './rule.js';
import {
  dataFromLms12Rule,
  masteryScoreRule,
  maxTimeAllowedRule,
  prerequisitesTypeRule,
  prerequisitesUnresolvedRule,
  timeLimitAction12Rule,
} from './scorm12.js';
import { scorm12ParentWithResourceRule } from './scorm12-parent-items.js';
import {
  adlcpBooleanRule,
  completionThresholdRule,
  completionThresholdTextRule,
  dataFromLmsRule,
  dataTargetDuplicateRule,
  dataTargetMissingRule,
  hideLmsUiRule,
  timeLimitActionRule,
} from './scorm2004-items.js';
import { SEQUENCING_VALUE_RULES } from './sequencing-values.js';

export type { ManifestRule, ManifestRuleContext } from './rule.js';

export const CAM_RULES: ManifestRule[] = [
  rootElementRule,
  namespaceRule,
  versionMixRule,
  identifierMissingRule,
  requiredElementRule,
  metadataSchemaRule,
  schemaversionRule,
  schemaversion12Rule,
  editionFeatureRule,
  identifierInvalidRule,
  identifierDuplicateRule,
  defaultOrgMissingRule,
  defaultOrgUnresolvedRule,
  organizationsEmptyRule,
  nothingToLaunchRule,
  organizationEmptyRule,
  titleMissingRule,
  leafWithoutResourceRule,
  identifierrefUnresolvedRule,
  itemResourceNotLaunchableRule,
  nonLeafWithIdentifierrefRule,
  scorm12ParentWithResourceRule,
  isvisibleRule,
  parametersRule,
  dependencyUnresolvedRule,
  scormTypeMissingRule,
  scormTypeInvalidRule,
  resourceTypeRule,
  masteryScoreRule,
  maxTimeAllowedRule,
  timeLimitAction12Rule,
  dataFromLms12Rule,
  prerequisitesTypeRule,
  prerequisitesUnresolvedRule,
  timeLimitActionRule,
  dataFromLmsRule,
  completionThresholdRule,
  completionThresholdTextRule,
  hideLmsUiRule,
  dataTargetMissingRule,
  dataTargetDuplicateRule,
  adlcpBooleanRule,
  ...SEQUENCING_VALUE_RULES,
  primaryObjectiveCountRule,
  objectiveIdMissingRule,
  objectiveIdDuplicateRule,
  adlObjectiveUnmatchedRule,
  launchFileMissingRule,
  fileMissingRule,
  hrefCaseRule,
  hrefBackslashRule,
  hrefOutsideRule,
  absoluteLinkRule,
  externalUrlRule,
  xmlBaseSlashRule,
  metadataLocationRule,
  excessBaggageRule,
  packageSizeRule,
  fileNameSpacesRule,
];

/** Runs the rules that apply at ctx.level; findings sorted errors first, then by place. */
export function runCamRules(ctx: ManifestRuleContext, rules: readonly ManifestRule[] = CAM_RULES): Finding[] {
  const findings: Finding[] = [];
  for (const rule of rules) {
    if (!ruleRunsAt(rule.info, ctx.level)) continue;
    try {
      findings.push(...rule.check(ctx));
    } catch (err) {
      if (isScormTesterError(err)) throw err;
      fail(
        'INTERNAL_ERROR',
        `Content-package rule ${rule.info.id} failed on ${ctx.parsed.manifest.file}: ${(err as Error).message}. This is a bug in scorm-tester; please report it with the manifest.`,
        { rule: rule.info.id },
      );
    }
  }
  return findings.sort(compareFindings);
}
