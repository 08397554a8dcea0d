/**
 * The browser scripts under page/, bundled by scripts/bundle.mjs into classic scripts written next to
 * this module (dist/src/runtime/player/) and next to the bundled chunks (dist/bundle/), so both builds
 * find them beside import.meta.url.
 */
import { readFileSync } from 'node:fs';

export const PAGE_ASSETS = {
  player2004: 'player-2004.iife.js',
  player12: 'player-12.iife.js',
  dialogGuard: 'dialog-guard.iife.js',
  /** The conformance test pages' driver (src/conformance/driver/cts-driver.ts). */
  ctsDriver: 'cts-driver.iife.js',
  /** Player recognition, evaluated in SCO frames (src/dom/players/page/probe.ts). */
  pageContextProbe: 'page-context-probe.iife.js',
  /** The DOM tools' page read and element refs, evaluated in an isolated world of each SCO frame (src/dom/snapshot/page/controls.ts). */
  domControls: 'dom-controls.iife.js',
  /** The inspector's player mirror, evaluated in an isolated world of the SCO frame (src/inspector/mirror/page/serialize.ts). */
  mirrorSerializer: 'mirror-serializer.iife.js',
} as const;

const cache = new Map<string, string>();

/** A bundled page script; fails clearly when the build did not produce it. */
export function pageAsset(name: keyof typeof PAGE_ASSETS): string {
  const file = PAGE_ASSETS[name];
  let text = cache.get(file);
  if (text === undefined) {
    const url = new URL(`./${file}`, import.meta.url);
    try {
      text = readFileSync(url, 'utf8');
    } catch {
      throw new Error(`The page script ${url.pathname} is missing: run "npm run build".`);
    }
    // Inlined in <script> elements: the text must not end the element early.
    if (/<\/script/i.test(text))
      throw new Error(`${url.pathname} cannot be inlined: it contains "</script".`);
    cache.set(file, text);
  }
  return text;
}
