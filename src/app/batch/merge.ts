/**
 * `merge-reports`: the batch reports of several shards as one. Packages are listed by path (code-unit
 * order), which is the order an unsharded run over a catalogue folder lists them in, so a merged report
 * diffs clean against one; a package (by path) in two reports is a mistake in the split, reported rather
 * than counted twice.
 */
import { totalsOf, type BatchReport, type PackageResult } from './report.js';

export class MergeError extends Error {}

export function parseBatchReport(text: string, source: string): BatchReport {
  let parsed: Partial<BatchReport>;
  try {
    parsed = JSON.parse(text) as Partial<BatchReport>;
  } catch {
    throw new MergeError(`${source} is not JSON`);
  }
  if (parsed.kind !== 'scorm-tester-batch' || !Array.isArray(parsed.packages))
    throw new MergeError(`${source} is not a scorm-tester batch report (scorm-tester batch --json)`);
  return parsed as BatchReport;
}

export function mergeReports(reports: ReadonlyArray<{ source: string; report: BatchReport }>): BatchReport {
  const packages: PackageResult[] = [];
  const from = new Map<string, string>();
  for (const { source, report } of reports) {
    for (const p of report.packages) {
      const earlier = from.get(p.path);
      if (earlier !== undefined)
        throw new MergeError(`the package ${JSON.stringify(p.path)} is in both ${earlier} and ${source}`);
      from.set(p.path, source);
      packages.push(p);
    }
  }
  packages.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    kind: 'scorm-tester-batch',
    version: reports[0]?.report.version ?? '',
    shards: reports.flatMap((r) => r.report.shards),
    totals: totalsOf(packages),
    packages,
    duration_ms: Math.max(0, ...reports.map((r) => r.report.duration_ms)),
  };
}
