import { courseTextLines } from './course-text-lines.js';
import type { Finding, RuleInfo, Severity } from '../core/findings.js';
import { effectiveRules, findingsByRule } from './catalogue.js';
import { escapeXml } from './escape.js';
import { accessibilitySection, type AccessibilityReport } from './html-a11y.js';
import { createExcerptReader, type ExcerptLine, type ExcerptOptions, type ExcerptReader } from './excerpt.js';
import { groupByCategory } from './group.js';
import { HTML_REPORT_CSS } from './html-style.js';
import { categoryLabel, formatDuration, formatLocation, plural } from './labels.js';
import { complianceScore, countBySeverity, isValid } from './summary.js';
import { toolInfo } from './tool-info.js';
import type { ValidationOutcome } from './types.js';

export interface HtmlOptions {
  excerpt?: ExcerptOptions;
  /** scorm_report's accessibility part (the audit of a running SCO, or why it did not run). */
  accessibility?: AccessibilityReport;
}

const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];

const esc = escapeXml;

/**
 * One self-contained HTML page: inline CSS, no scripts, no external URLs. A Content-Security-Policy
 * forbids every resource besides inline styles, because messages and excerpts quote the package.
 */
export async function renderHtmlReport(o: ValidationOutcome, options: HtmlOptions = {}): Promise<string> {
  const read = createExcerptReader(o.packageRoot, options.excerpt);
  const valid = isValid(o.findings);
  const title = `${valid ? 'Valid' : 'Invalid'} · ${o.packagePath} · SCORM validation report`;
  const body = [
    summary(o, valid),
    toc(o),
    await findingSections(o, read),
    options.accessibility ? accessibilitySection(options.accessibility) : '',
    rulesTable(o),
    footer(),
  ].join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="generator" content="${esc(`${toolInfo().name} ${toolInfo().version}`)}">
<title>${esc(title)}</title>
<style>${HTML_REPORT_CSS}</style>
</head>
<body>
<div class="page">
${body}
</div>
</body>
</html>
`;
}

function summary(o: ValidationOutcome, valid: boolean): string {
  const counts = countBySeverity(o.findings);
  const score = complianceScore(o.findings);
  const meterClass = score >= 90 ? 'meter' : score >= 60 ? 'meter mid' : 'meter low';
  const lede = valid
    ? counts.warning > 0
      ? 'No errors. Review the warnings below: they are likely to cause trouble in some LMSs.'
      : 'No errors and no warnings.'
    : `${plural(counts.error, 'error')} must be fixed before this package conforms.`;
  const fact = (label: string, value: string, extra = '') =>
    `<div><dt>${esc(label)}</dt><dd>${value}${extra}</dd></div>`;
  return `<header class="card summary${valid ? '' : ' invalid'}">
<div class="verdict">${valid ? '&#10004; Valid' : '&#10006; Invalid'}</div>
<h1 class="mono">${esc(o.packagePath)}</h1>
<p class="lede">${esc(lede)}</p>
<dl class="facts">
${fact('Compliance score', `${score}<span class="count"> / 100</span>`, `<div class="${meterClass}"><span style="width:${score}%"></span></div>`)}
${fact('SCORM version', esc(o.scormVersion ?? 'Unknown'))}
${fact('Validation level', esc(o.level))}
${fact('Rules run', String(effectiveRules(o.rules, o.findings).length))}
${fact('Duration', esc(formatDuration(o.durationMs)))}
</dl>
<ul class="counts">
${SEVERITIES.map((s) => `<li class="sev-${s}"><b>${counts[s]}</b>${s === 'info' ? 'info' : counts[s] === 1 ? s : `${s}s`}</li>`).join('\n')}
</ul>
</header>`;
}

function anchor(category: string): string {
  return `cat-${category.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

function toc(o: ValidationOutcome): string {
  const groups = groupByCategory(o.findings);
  if (groups.length < 2) return '';
  const links = groups.map((g) => {
    const n = g.files.reduce((sum, f) => sum + f.findings.length, 0);
    return `<a href="#${anchor(g.category)}">${esc(categoryLabel(g.category))} <span class="count">${n}</span></a>`;
  });
  return `<nav class="card toc" aria-label="Categories">${links.join('\n')}</nav>`;
}

async function findingSections(o: ValidationOutcome, read: ExcerptReader): Promise<string> {
  if (o.findings.length === 0) return '<p class="card empty">No findings: every rule that ran passed.</p>';
  const out: string[] = [];
  for (const group of groupByCategory(o.findings)) {
    const n = group.files.reduce((sum, f) => sum + f.findings.length, 0);
    out.push(`<section id="${anchor(group.category)}">`);
    out.push(`<h2>${esc(categoryLabel(group.category))} <span class="count">${n}</span></h2>`);
    for (const file of group.files) {
      out.push(`<h3 class="mono">${esc(file.file === '' ? '(package)' : file.file)}</h3>`);
      for (const f of file.findings) out.push(await finding(f, read));
    }
    out.push('</section>');
  }
  return out.join('\n');
}

async function finding(f: Finding, read: ExcerptReader): Promise<string> {
  const parts = [
    `<article class="card finding sev-${f.severity}">`,
    `<div class="finding-head"><span class="badge">${f.severity}</span><code class="rule">${esc(f.rule)}</code>` +
      `<span class="loc mono">${esc(formatLocation(f.file, f.line, f.column))}</span></div>`,
    `<p class="message">${esc(f.message)}</p>`,
  ];
  if (f.fix !== '') parts.push(`<p class="fix"><strong>Fix:</strong> ${esc(f.fix)}</p>`);
  const quoted = courseTextLines(f.course_text, '');
  if (quoted.length > 0)
    parts.push(
      `<pre class="course-text" title="Quoted from the course, not scorm-tester">${esc(quoted.join('\n'))}</pre>`,
    );
  if (f.adl && f.adl.length > 0) {
    parts.push(
      `<p class="adl">ADL requirements: ${f.adl.map((id) => `<code>${esc(id)}</code>`).join('')}</p>`,
    );
  }
  const lines = await read(f.file, f.line, f.column);
  if (lines) parts.push(excerpt(lines));
  parts.push('</article>');
  return parts.join('\n');
}

function excerptText(line: ExcerptLine): string {
  const { text, column } = line;
  let html: string;
  if (column === undefined) {
    html = esc(text);
  } else {
    const at = column - 1;
    const char = String.fromCodePoint(text.codePointAt(at) ?? 32);
    html = `${esc(text.slice(0, at))}<span class="col">${esc(char)}</span>${esc(text.slice(at + char.length))}`;
  }
  const clip = (side: boolean | undefined) => (side ? '<span class="clip">…</span>' : '');
  return `${clip(line.clippedStart)}${html}${clip(line.clippedEnd)}`;
}

function excerpt(lines: ExcerptLine[]): string {
  const rendered = lines.map(
    (l) =>
      `<span class="line${l.highlight ? ' hl' : ''}"><span class="ln">${l.number}</span>${excerptText(l)}</span>`,
  );
  // No whitespace between lines: inside <pre> it would render as blank lines.
  return `<pre class="excerpt"><code>${rendered.join('')}</code></pre>`;
}

function ruleStatus(rule: RuleInfo, findings: Finding[] | undefined): { label: string; cls: string } {
  const worst = SEVERITIES.find((s) => findings?.some((f) => f.severity === s));
  if (!worst) return { label: 'passed', cls: 'status-pass' };
  return {
    label: plural(findings!.filter((f) => f.severity === worst).length, worst),
    cls: `status-${worst}`,
  };
}

function rulesTable(o: ValidationOutcome): string {
  const rules = effectiveRules(o.rules, o.findings);
  if (rules.length === 0) return '';
  const byRule = findingsByRule(o.findings);
  const rows = rules.map((r) => {
    const status = ruleStatus(r, byRule.get(r.id));
    const adl = (r.adl ?? []).map((id) => `<code>${esc(id)}</code>`).join(' ');
    return `<tr><td><code>${esc(r.id)}</code></td><td>${esc(r.title)}</td><td>${esc(categoryLabel(r.category))}</td><td>${esc(r.severity)}</td><td>${esc(r.level)}</td><td>${adl}</td><td class="${status.cls}">${esc(status.label)}</td></tr>`;
  });
  return `<details class="card rules">
<summary>Rules run (${rules.length})</summary>
<table>
<thead><tr><th>Rule</th><th>Checks</th><th>Category</th><th>Severity</th><th>Level</th><th>ADL</th><th>Result</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
</details>`;
}

function footer(): string {
  const info = toolInfo();
  return `<footer>Generated by ${esc(info.name)} ${esc(info.version)}</footer>`;
}
