/** The HTML report's only stylesheet, inlined: system fonts, no external assets, light/dark and print. */
export const HTML_REPORT_CSS = `
:root {
  --bg: #f6f7f9; --card: #ffffff; --text: #1d2330; --muted: #5b6475; --border: #dde1e8;
  --code-bg: #f3f4f7; --hl: #fff4c2; --hl-border: #e0b100; --mark: #ffd54a;
  --error: #c62828; --error-bg: #fdecea; --warning: #a15c00; --warning-bg: #fff4e0;
  --info: #1565c0; --info-bg: #e8f1fc; --ok: #2e7d32; --ok-bg: #e8f5e9;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #15181e; --card: #1d2129; --text: #e4e7ed; --muted: #9aa3b2; --border: #323844;
    --code-bg: #161a21; --hl: #3a3313; --hl-border: #c9a227; --mark: #7a6311;
    --error: #ff6b6b; --error-bg: #3b1f22; --warning: #ffb454; --warning-bg: #3a2c17;
    --info: #6cb2ff; --info-bg: #1b2b40; --ok: #6fd27a; --ok-bg: #1c3321;
  }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0; background: var(--bg); color: var(--text);
  font: 15px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
.page { max-width: 1040px; margin: 0 auto; padding: 28px 20px 48px; }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace; font-size: 13px; }
h1, h2, h3 { line-height: 1.25; margin: 0; }
h1, h1.mono { font-size: 22px; word-break: break-all; }
h2 { font-size: 18px; margin: 32px 0 12px; display: flex; align-items: baseline; gap: 10px; }
h3 { font-size: 14px; margin: 18px 0 8px; color: var(--muted); font-weight: 600; word-break: break-all; }
.card { background: var(--card); border: 1px solid var(--border); border-radius: 10px; }
.summary { padding: 22px 24px; border-top: 6px solid var(--ok); }
.summary.invalid { border-top-color: var(--error); }
.verdict { display: inline-block; font-weight: 700; font-size: 13px; letter-spacing: .06em; text-transform: uppercase;
  padding: 3px 10px; border-radius: 999px; background: var(--ok-bg); color: var(--ok); margin-bottom: 10px; }
.invalid .verdict { background: var(--error-bg); color: var(--error); }
.lede { color: var(--muted); margin: 6px 0 18px; }
.facts { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 14px 20px; margin: 0; }
.facts div { min-width: 0; }
.facts dt { font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); }
.facts dd { margin: 2px 0 0; font-size: 17px; font-weight: 600; }
.meter { height: 6px; border-radius: 3px; background: var(--border); margin-top: 6px; overflow: hidden; }
.meter span { display: block; height: 100%; background: var(--ok); }
.meter.mid span { background: var(--warning); }
.meter.low span { background: var(--error); }
.counts { display: flex; flex-wrap: wrap; gap: 10px; list-style: none; padding: 0; margin: 18px 0 0; }
.counts li { padding: 6px 12px; border-radius: 8px; font-weight: 600; }
.counts b { font-size: 18px; margin-right: 4px; }
.sev-error .badge, .counts .sev-error { background: var(--error-bg); color: var(--error); }
.sev-warning .badge, .counts .sev-warning { background: var(--warning-bg); color: var(--warning); }
.sev-info .badge, .counts .sev-info { background: var(--info-bg); color: var(--info); }
.toc { margin: 18px 0 0; padding: 12px 16px; display: flex; flex-wrap: wrap; gap: 6px 18px; font-size: 14px; }
.toc a { color: var(--text); text-decoration: none; border-bottom: 1px dotted var(--muted); }
.count { font-size: 13px; font-weight: 600; color: var(--muted); }
.finding { padding: 14px 18px; margin: 0 0 12px; border-left: 5px solid var(--info); }
.finding.sev-error { border-left-color: var(--error); }
.finding.sev-warning { border-left-color: var(--warning); }
.finding-head { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 10px; font-size: 13px; }
.badge { font-weight: 700; text-transform: uppercase; font-size: 11px; letter-spacing: .05em; padding: 2px 8px; border-radius: 4px; }
.rule { color: var(--muted); }
.loc { color: var(--muted); margin-left: auto; word-break: break-all; }
.message { margin: 8px 0 0; font-size: 15px; white-space: pre-wrap; overflow-wrap: anywhere; }
.fix { margin: 8px 0 0; padding: 8px 12px; border-radius: 6px; background: var(--ok-bg); white-space: pre-wrap; overflow-wrap: anywhere; }
.course-text { margin: 8px 0 0; padding: 8px 12px; border-left: 3px solid currentColor; white-space: pre-wrap; overflow-wrap: anywhere; }
.fix strong { color: var(--ok); }
.adl { margin: 8px 0 0; font-size: 13px; color: var(--muted); }
.adl code { background: var(--code-bg); border: 1px solid var(--border); border-radius: 4px; padding: 0 5px; margin-right: 4px; }
.excerpt { margin: 10px 0 0; padding: 8px 0; background: var(--code-bg); border: 1px solid var(--border); border-radius: 6px;
  overflow-x: auto; line-height: 1.5; tab-size: 4; }
.excerpt .line { display: block; padding: 0 12px 0 0; white-space: pre; min-width: max-content; }
.excerpt .line.hl { background: var(--hl); box-shadow: inset 3px 0 0 var(--hl-border); }
.excerpt .ln { display: inline-block; width: 4.5em; padding-right: 1em; text-align: right; color: var(--muted); user-select: none; }
.excerpt .col { background: var(--mark); border-radius: 2px; outline: 1px solid var(--hl-border); }
.excerpt .clip { color: var(--muted); }
.empty { padding: 28px; text-align: center; color: var(--ok); font-weight: 600; font-size: 17px; margin-top: 24px; }
details.rules { margin-top: 32px; padding: 12px 18px; }
details.rules summary { cursor: pointer; font-weight: 600; }
table { border-collapse: collapse; width: 100%; margin-top: 12px; font-size: 13px; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--border); vertical-align: top; }
th { color: var(--muted); font-weight: 600; }
.status-pass { color: var(--ok); } .status-error { color: var(--error); }
.status-warning { color: var(--warning); } .status-info { color: var(--info); }
footer { margin-top: 28px; color: var(--muted); font-size: 12px; text-align: center; }
@media print {
  :root { --bg: #fff; --card: #fff; }
  body { font-size: 11pt; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .page { max-width: none; padding: 0; }
  .toc { display: none; }
  .card { border-color: #bbb; }
  .finding, .summary { break-inside: avoid; }
  h2, h3 { break-after: avoid; }
  .excerpt { overflow: visible; }
  .excerpt .line { white-space: pre-wrap; min-width: 0; }
}
`;
