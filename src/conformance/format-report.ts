/** The conformance report as text: per case the verdict and first failure, a table per family, `N passed, M failed`. */
import type { CaseResult, RunReport } from './results.js';

export function formatCaseLine(c: CaseResult): string {
  return `${c.passed ? 'PASS' : 'FAIL'} ${c.id}${c.passed ? '' : `: ${c.reason ?? 'failed'}`}`;
}

export function formatReport(report: RunReport): string {
  const lines: string[] = [];
  lines.push(`ADL SCORM 2004 4th Edition LMS conformance (${report.mode} run, ${report.ctsDir})`, '');
  for (const c of report.cases) {
    lines.push(formatCaseLine(c));
    if (!c.passed && c.delivered.length > 0) {
      lines.push(`     deliveries ${c.delivered.join(',')} of expected ${c.expected.join(',')}`);
    }
  }
  lines.push('', table(report), '', `${report.passed} passed, ${report.failed} failed`);
  if (report.stopped) lines.push(stoppedLine(report.stopped));
  return lines.join('\n');
}

export function stoppedLine(stopped: NonNullable<RunReport['stopped']>): string {
  return `stopped after ${stopped.after} of ${stopped.of} cases (interrupted)`;
}

function table(report: RunReport): string {
  const header = ['family', 'cases', 'passed', 'failed', 'steps', 'failed steps'];
  const rows = report.families.map((f) =>
    [f.family, f.cases, f.passed, f.failed, f.steps, f.failedSteps].map(String),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}
