import type { FindingCategory } from '../core/findings.js';

/** The `check_categories` of scorm_validate_workspace, mapped to finding categories. */
export const CHECK_CATEGORIES = ['manifest', 'api_usage', 'sequencing', 'files', 'structure'] as const;
export type CheckCategory = (typeof CHECK_CATEGORIES)[number];

const FINDING_CATEGORIES: Record<CheckCategory, FindingCategory[]> = {
  manifest: ['package', 'manifest', 'xsd'],
  api_usage: ['api_usage'],
  sequencing: ['sequencing'],
  files: ['files', 'best_practice', 'dependencies'],
  structure: ['structure'],
};

export function findingCategoriesFor(checks: readonly CheckCategory[]): Set<FindingCategory> {
  return new Set(checks.flatMap((c) => FINDING_CATEGORIES[c]));
}
