/** The accessibility section of the HTML report: the audit of the session's running SCO, or why there is none. */
import type { A11yAudit, A11yFinding, Impact } from '../dom/a11y/audit.js';
import type { NotApplicable } from '../core/not-applicable.js';
import { escapeXml as esc } from './escape.js';
import { formatDuration } from './labels.js';

/** What scorm_report says about accessibility: the audit, or why it did not run. */
export type AccessibilityReport =
  | ({ audited: true; session_id: string } & A11yAudit)
  | { audited: false; not_applicable: NotApplicable }
  | { audited: false; error_code: string; message: string };

const SEVERITY_CLASS: Record<Impact, string> = {
  critical: 'sev-error',
  serious: 'sev-error',
  moderate: 'sev-warning',
  minor: 'sev-info',
};

export function accessibilitySection(report: AccessibilityReport): string {
  const head = '<section id="accessibility">\n<h2>Accessibility</h2>';
  if (!report.audited) {
    return `${head}\n<p class="card empty">Accessibility audit not run: ${esc('not_applicable' in report ? report.not_applicable.message : report.message)}</p>\n</section>`;
  }
  const s = report.summary;
  const counts = (['critical', 'serious', 'moderate', 'minor'] as const)
    .map((i) => `<li class="${SEVERITY_CLASS[i]}"><b>${s.by_impact[i]}</b>${i}</li>`)
    .join('\n');
  const facts =
    `<p class="lede">axe-core ${esc(report.axe_version)} · WCAG ${esc(report.level)}` +
    `${report.include_best_practices ? ' + best practices' : ''} · frames: ${report.frames_audited.map((f) => `<code>${esc(f)}</code>`).join(', ')}` +
    ` · ${s.total_violations} rule(s) violated on ${s.total_nodes} element(s) · ${report.passes} passed · ` +
    `${report.incomplete_count} to check by hand · ${esc(formatDuration(report.duration_ms))}</p>`;
  const skipped = report.frames_skipped.map(
    (f) => `<p class="fix">Frame <code>${esc(f.frame)}</code> not audited: ${esc(f.message)}</p>`,
  );
  const body =
    report.violations.length === 0
      ? '<p class="card empty">No violations at this level.</p>'
      : report.violations.map(finding).join('\n');
  const review =
    report.incomplete.length === 0
      ? ''
      : `<details class="card rules"><summary>Needs review (${report.incomplete.length})</summary><ul>${report.incomplete
          .map((f) => `<li><code>${esc(f.rule)}</code> ${esc(f.description)} (${f.node_count})</li>`)
          .join('')}</ul></details>`;
  return [head, facts, `<ul class="counts">\n${counts}\n</ul>`, ...skipped, body, review, '</section>']
    .filter((part) => part !== '')
    .join('\n');
}

function finding(f: A11yFinding): string {
  const cls = f.impact ? SEVERITY_CLASS[f.impact] : 'sev-info';
  const wcag = f.wcag.length > 0 ? `WCAG ${f.wcag.join(', ')}` : '';
  const nodes = f.nodes.map(
    (n) =>
      `<li><code>${esc(n.frame)}</code> <code>${esc(n.selector)}</code><pre class="excerpt"><code>${esc(n.html)}</code></pre></li>`,
  );
  const more = f.node_count > f.nodes.length ? `<li>… ${f.node_count - f.nodes.length} more</li>` : '';
  return [
    `<article class="card finding ${cls}">`,
    `<div class="finding-head"><span class="badge">${esc(f.impact ?? 'unknown')}</span><code class="rule">${esc(f.rule)}</code>` +
      `<span class="loc mono">${esc(wcag)} · ${f.node_count} element(s)</span></div>`,
    `<p class="message">${esc(f.description)}</p>`,
    `<p class="fix"><strong>Fix:</strong> ${esc(f.fix_hint)}</p>`,
    `<ul>${nodes.join('')}${more}</ul>`,
    `<p class="adl">Rule reference: <code>${esc(f.help_url)}</code></p>`,
    '</article>',
  ].join('\n');
}
