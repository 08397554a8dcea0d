/**
 * The HTML report of a batch, a folder: index.html with a row per package, linking the package's own
 * page (packages/<hash>.html: its SCOs, their verdicts and screenshots). File names come from content
 * hashes, so the folders of several shards can be copied into one without clashes.
 */
import { escapeXml } from '../../report/escape.js';
import { TOOL_NAME } from '../../report/tool-info.js';
import { VERSION } from '../../core/version.js';
import { anomalyLine } from './anomaly-details.js';
import type { BatchReport, PackageResult, ScoResult } from './report.js';

const esc = escapeXml;

export function packagePageName(p: PackageResult): string {
  return `packages/${p.content_hash.slice(0, 16)}.html`;
}

export function screenshotName(contentHash: string, scoIndex: number): string {
  return `screenshots/${contentHash.slice(0, 16)}-${scoIndex + 1}.png`;
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="generator" content="${TOOL_NAME} ${VERSION}">
<title>${esc(title)}</title>
<style>body{font:14px system-ui,sans-serif;margin:1.5em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3em .6em;text-align:left;vertical-align:top}.pass{color:#060}.fail{color:#a00}.error{color:#a50}img{max-width:320px}</style>
</head><body>
${body}
</body></html>
`;
}

export function batchIndexHtml(report: BatchReport): string {
  const t = report.totals;
  const rows = report.packages
    .map((p) => {
      const shots = p.scos
        .filter((s) => s.screenshot)
        .map((s, i) => `<a href="${esc(s.screenshot!)}">${i + 1}</a>`)
        .join(' ');
      const what = p.error
        ? `${esc(p.error.code)}`
        : `${p.findings.error} error(s), ${p.findings.warning} warning(s); ${p.scos.length} SCO(s)`;
      return `<tr><td class="${p.verdict}">${p.verdict}</td><td><a href="${esc(packagePageName(p))}">${esc(p.path)}</a></td><td>${what}</td><td>${shots}</td><td>${(p.duration_ms / 1000).toFixed(1)} s</td></tr>`;
    })
    .join('\n');
  return page(
    'scorm-tester batch',
    `<h1>scorm-tester batch</h1>
<p>${t.packages} package(s): ${t.pass} pass, ${t.fail} fail, ${t.error} error${report.shards.length ? ` · shard(s) ${esc(report.shards.join(', '))}` : ''}</p>
<table><thead><tr><th>Verdict</th><th>Package</th><th>Details</th><th>Screenshots</th><th>Time</th></tr></thead>
<tbody>
${rows}
</tbody></table>`,
  );
}

/** Each anomaly's line (the course's words escaped like ours), and how many were left out. */
function anomalyList(s: ScoResult): string {
  const items = (s.anomaly_details ?? []).map(
    (d) => `<li>${esc(anomalyLine(d))}${d.at ? ` <code>${esc(d.at)}</code>` : ''}</li>`,
  );
  if (s.anomalies_omitted) items.push(`<li>… ${s.anomalies_omitted} more</li>`);
  return items.length ? `<ul>${items.join('')}</ul>` : '';
}

export function packageHtml(p: PackageResult): string {
  const rows = p.scos
    .map((s) => {
      const types = Object.entries(s.anomaly_types)
        .map(([type, n]) => `${esc(type)} ×${n}`)
        .join(', ');
      const shot = s.screenshot
        ? `<a href="../${esc(s.screenshot)}"><img src="../${esc(s.screenshot)}" alt="screenshot"></a>`
        : '';
      return `<tr><td class="${s.verdict}">${s.verdict}</td><td>${esc(s.sco_id ?? '')}</td><td>${esc(s.launch_url ?? '')}</td><td>${esc(String(s.initialized))}</td><td>${esc(s.completion_status ?? '')}</td><td>${esc(s.success_status ?? '')}</td><td>${s.anomalies.error} error(s), ${s.anomalies.warning} warning(s)${types ? `<br>${types}` : ''}${anomalyList(s)}${s.error ? `<br>${esc(s.error.code)}: ${esc(s.error.message)}` : ''}</td><td>${shot}</td></tr>`;
    })
    .join('\n');
  return page(
    p.path,
    `<p><a href="../index.html">All packages</a></p>
<h1>${esc(p.path)}</h1>
<p class="${p.verdict}">Verdict: ${p.verdict}${p.error ? ` · ${esc(p.error.code)}: ${esc(p.error.message)}` : ''}</p>
<p>SCORM ${esc(p.scorm_version ?? 'unknown')} · validation: ${p.findings.error} error(s), ${p.findings.warning} warning(s), ${p.findings.info} info · content sha256 ${esc(p.content_hash)}</p>
<table><thead><tr><th>Verdict</th><th>SCO</th><th>Launch</th><th>Initialized</th><th>Completion</th><th>Success</th><th>Anomalies</th><th>Screenshot</th></tr></thead>
<tbody>
${rows}
</tbody></table>`,
  );
}
