/**
 * The top-level page we serve for a session: it owns the SCORM API objects and shows the SCO in an
 * iframe, as an LMS does: not sandboxed, so the SCO's own frames may navigate one another (the runtime
 * stops navigations of the top window instead: top-navigation-guard.ts). The player's script (page/player-2004.ts or page/player-12.ts with its engine, bundled by
 * scripts/bundle.mjs) is inlined after the iframe element.
 */
import { pageAsset } from './page-assets.js';
import { CONFIG_ELEMENT_ID, SCO_FRAME_ID, SCO_FRAME_NAME, type PlayerBootConfig } from './wire.js';

export type { PlayerBootConfig, PlayerLaunchConfig } from './wire.js';

/** JSON that is safe inside an inline <script>. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function playerHtml(config: PlayerBootConfig, title = 'SCORM Tester'): string {
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
#${SCO_FRAME_ID} { display: block; border: 0; width: 100%; height: 100%; }
</style>
<script type="application/json" id="${CONFIG_ELEMENT_ID}">${inlineJson(config)}</script>
</head>
<body>
<iframe id="${SCO_FRAME_ID}" name="${SCO_FRAME_NAME}" title="SCO" allow="fullscreen; autoplay; clipboard-write"></iframe>
<script>${pageAsset(config.version === '2004' ? 'player2004' : 'player12')}</script>
</body>
</html>
`;
}
