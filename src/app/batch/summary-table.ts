/** The summary a person reads at the end of a batch: one row per package, then the totals. */
import { sanitizeForTerminal } from '../../report/escape.js';
import type { BatchReport, PackageResult } from './report.js';

function detail(p: PackageResult): string {
  if (p.error) return p.error.kind ? `${p.error.code} (${p.error.kind})` : p.error.code;
  const scos = p.scos.length;
  const passed = p.scos.filter((s) => s.verdict === 'pass').length;
  return `findings ${p.findings.error}E/${p.findings.warning}W, SCOs ${passed}/${scos} passed`;
}

export function formatSummaryTable(report: BatchReport): string {
  const rows = report.packages.map((p) => [
    p.verdict.toUpperCase(),
    sanitizeForTerminal(p.path),
    detail(p),
    `${(p.duration_ms / 1000).toFixed(1)}s`,
  ]);
  const header = ['VERDICT', 'PACKAGE', 'DETAILS', 'TIME'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const t = report.totals;
  return [
    line(header),
    ...rows.map(line),
    '',
    `${t.packages} package(s): ${t.pass} pass, ${t.fail} fail, ${t.error} error · ${(report.duration_ms / 1000).toFixed(1)}s`,
  ].join('\n');
}
