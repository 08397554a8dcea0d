import { packagePathText } from '../core/package-path-text.js';
import type { FindingCategory, Severity } from '../core/findings.js';

export const CATEGORY_LABELS: Readonly<Record<FindingCategory, string>> = {
  package: 'Package',
  manifest: 'Manifest',
  xsd: 'XML schema',
  files: 'Files',
  structure: 'Structure',
  api_usage: 'API usage',
  sequencing: 'Sequencing',
  best_practice: 'Best practice',
  dependencies: 'External dependencies',
  runtime: 'Runtime',
};

/** Display order of categories: roughly the order in which a package is examined. */
export const CATEGORY_ORDER: readonly FindingCategory[] = [
  'package',
  'manifest',
  'xsd',
  'files',
  'structure',
  'api_usage',
  'dependencies',
  'sequencing',
  'runtime',
  'best_practice',
];

export function categoryLabel(category: FindingCategory): string {
  return CATEGORY_LABELS[category] ?? category;
}

export function compareCategories(a: FindingCategory, b: FindingCategory): number {
  const rank = (c: FindingCategory) => {
    const i = CATEGORY_ORDER.indexOf(c);
    return i < 0 ? CATEGORY_ORDER.length : i;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}

export function plural(count: number, severity: Severity): string {
  if (severity === 'info') return `${count} info`;
  return `${count} ${severity}${count === 1 ? '' : 's'}`;
}

/** "file:line:col", "file:line" or "file"; "(package)" for findings about the package as a whole. */
export function formatLocation(file: string, line: number, column: number): string {
  const name = file === '' ? '(package)' : packagePathText(file);
  if (line <= 0) return name;
  if (column <= 0) return `${name}:${line}`;
  return `${name}:${line}:${column}`;
}

export function versionLabel(version: string | null): string {
  return version === null ? 'SCORM version unknown' : `SCORM ${version}`;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}
