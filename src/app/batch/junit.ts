/**
 * JUnit XML of a batch: one <testsuite> per package, with one <testcase> for the package itself
 * (validation, or why it could not run) and one per SCO run. A failed verdict is a <failure>, an error
 * verdict an <error>. Valid against the common JUnit schema: <testsuites> carries only name, tests,
 * failures, errors and time (no `skipped`); nothing is reported as skipped.
 */
import { escapeXml, escapeXmlAttribute } from '../../report/escape.js';
import { anomalyLine } from './anomaly-details.js';
import { TOOL_NAME } from '../../report/tool-info.js';
import type { BatchError, BatchReport, PackageResult, ScoResult, Verdict } from './report.js';

interface Case {
  name: string;
  verdict: Verdict;
  message: string;
  /** The failure's body: each anomaly on a line. */
  detail?: string;
  ms: number;
}

const attr = escapeXmlAttribute;
const seconds = (ms: number): string => (ms / 1000).toFixed(3);

function errorText(e: BatchError | undefined): string {
  return e ? `${e.code}: ${e.message}` : '';
}

function packageCase(p: PackageResult): Case {
  const f = p.findings;
  const message =
    p.verdict === 'error' && p.error
      ? errorText(p.error)
      : `validation: ${f.error} error(s), ${f.warning} warning(s); ${p.scos.length} SCO run(s), ${p.scos.filter((s) => s.verdict !== 'pass').length} not passed` +
        (p.error ? `; ${errorText(p.error)}` : '');
  const ownVerdict: Verdict = p.error && p.verdict === 'error' ? 'error' : f.error > 0 ? 'fail' : 'pass';
  return { name: 'package', verdict: ownVerdict, message, ms: p.duration_ms };
}

function scoCase(s: ScoResult, index: number): Case {
  const a = s.anomalies;
  const message = s.error
    ? errorText(s.error)
    : `initialized: ${String(s.initialized)}; anomalies: ${a.error} error(s), ${a.warning} warning(s)` +
      (s.nav_denied ? `; ${s.nav_denied} navigation request(s) denied` : '') +
      (s.a11y_failed ? '; serious or critical accessibility violations' : '');
  const lines = (s.anomaly_details ?? []).map((d) => anomalyLine(d) + (d.at ? ` (at ${d.at})` : ''));
  if (s.anomalies_omitted) lines.push(`… ${s.anomalies_omitted} more`);
  const first = s.anomaly_details?.[0];
  return {
    name: `sco ${index + 1}: ${s.sco_id ?? '(none)'}`,
    verdict: s.verdict,
    // The worst anomaly in the message, which most CI pages show; all of them (bounded) in the body.
    message: first && !s.error ? `${message}; ${anomalyLine(first)}` : message,
    ...(lines.length ? { detail: lines.join('\n') } : {}),
    ms: s.duration_ms,
  };
}

function caseXml(classname: string, c: Case): string {
  const open = `    <testcase classname="${attr(classname)}" name="${attr(c.name)}" time="${seconds(c.ms)}"`;
  if (c.verdict === 'pass') return `${open}/>`;
  const tag = c.verdict === 'fail' ? 'failure' : 'error';
  const body = c.detail ? `>${escapeXml(c.detail)}</${tag}>` : '/>';
  return `${open}>\n      <${tag} message="${attr(c.message)}" type="${c.verdict}"${body}\n    </testcase>`;
}

export function formatBatchJunit(report: BatchReport): string {
  const suites = report.packages.map((p) => {
    const cases = [packageCase(p), ...p.scos.map(scoCase)];
    const failures = cases.filter((c) => c.verdict === 'fail').length;
    const errors = cases.filter((c) => c.verdict === 'error').length;
    return {
      tests: cases.length,
      failures,
      errors,
      xml:
        `  <testsuite name="${attr(p.path)}" tests="${cases.length}" failures="${failures}" errors="${errors}" time="${seconds(p.duration_ms)}">\n` +
        cases.map((c) => caseXml(p.path, c)).join('\n') +
        '\n  </testsuite>',
    };
  });
  const sum = (k: 'tests' | 'failures' | 'errors'): number => suites.reduce((n, s) => n + s[k], 0);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuites name="${TOOL_NAME} batch" tests="${sum('tests')}" failures="${sum('failures')}" errors="${sum('errors')}" time="${seconds(report.duration_ms)}">\n` +
    suites.map((s) => s.xml).join('\n') +
    (suites.length ? '\n' : '') +
    '</testsuites>\n'
  );
}
