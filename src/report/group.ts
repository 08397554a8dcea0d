import type { Finding, FindingCategory } from '../core/findings.js';
import { compareCategories } from './labels.js';

export interface FileGroup {
  /** '' for findings about the package as a whole. */
  file: string;
  findings: Finding[];
}

export interface CategoryGroup {
  category: FindingCategory;
  files: FileGroup[];
}

const SEVERITY_RANK = { error: 0, warning: 1, info: 2 } as const;

function byPosition(a: Finding, b: Finding): number {
  return (
    a.line - b.line ||
    a.column - b.column ||
    SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
    a.rule.localeCompare(b.rule) ||
    a.message.localeCompare(b.message)
  );
}

/** Findings per file: package-wide findings first, then files by name, each file in reading order. */
export function groupByFile(findings: readonly Finding[]): FileGroup[] {
  const map = new Map<string, Finding[]>();
  for (const f of findings) {
    const list = map.get(f.file);
    if (list) list.push(f);
    else map.set(f.file, [f]);
  }
  return [...map.entries()]
    .sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b)))
    .map(([file, list]) => ({ file, findings: list.sort(byPosition) }));
}

export function groupByCategory(findings: readonly Finding[]): CategoryGroup[] {
  const map = new Map<FindingCategory, Finding[]>();
  for (const f of findings) {
    const list = map.get(f.category);
    if (list) list.push(f);
    else map.set(f.category, [f]);
  }
  return [...map.entries()]
    .sort(([a], [b]) => compareCategories(a, b))
    .map(([category, list]) => ({ category, files: groupByFile(list) }));
}
