/**
 * The top-level page we serve for a session: it owns the SCORM API objects and shows the SCO in an
 * iframe, as an LMS does. The iframe is sandboxed without top navigation so a SCO cannot take the page
 * away; everything else a browser normally allows (scripts, forms, dialogs, popups) stays on.
 */
import type { RteInit } from '../../rte/adapter/rte-init.js';
import type { NavValiditySnapshot } from '../../rte/adapter/navigation-oracle.js';
import { PLAYER_GLOBAL, PLAYER_SCRIPT, SCO_FRAME_NAME } from './player-script.js';

export const SCO_SANDBOX = [
  'allow-scripts',
  'allow-same-origin',
  'allow-forms',
  'allow-modals',
  'allow-popups',
  'allow-downloads',
  'allow-pointer-lock',
  'allow-presentation',
  'allow-orientation-lock',
].join(' ');

/** What the player needs to start an attempt (also the argument of __scormTester.launch). */
export interface PlayerLaunchConfig {
  version: RteInit['version'];
  scoId: string;
  /** Absolute URL of the SCO (query and fragment kept). */
  scoUrl: string;
  settings: RteInit['settings'];
  values: RteInit['values'];
  nav: NavValiditySnapshot;
  /** false: expose the bare engine (no recording). */
  record?: boolean;
}

/** JSON that is safe inside an inline <script>. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function playerHtml(config: PlayerLaunchConfig, title = 'SCORM Tester'): string {
  const engine = config.version === '2004' ? 'scorm2004.js' : 'scorm12.js';
  const safeTitle = title.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${safeTitle}</title>
<link rel="icon" href="data:,">
<style>
html, body { margin: 0; padding: 0; width: 100%; height: 100%; overflow: hidden; background: #fff; }
#sco { display: block; border: 0; width: 100%; height: 100%; }
</style>
<script src="${engine}"></script>
<script>window.__scormTesterConfig = ${inlineJson(config)};</script>
<script>${PLAYER_SCRIPT}</script>
</head>
<body>
<iframe id="sco" name="${SCO_FRAME_NAME}" title="SCO" sandbox="${SCO_SANDBOX}" allow="fullscreen; autoplay; clipboard-write"></iframe>
<script>window.${PLAYER_GLOBAL}.boot();</script>
</body>
</html>
`;
}
