/**
 * The files the inspector serves: its HTML shell, the bundled UI (dist/inspector/, built by
 * scripts/bundle.mjs), and read-only files from a session (package content, artifacts). A file is
 * served only when its real path (links followed) lies inside the folder it was asked from.
 */
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../core/version.js';
import { resolveInsideRoot } from '../../package/paths.js';
import { escapeXml } from '../../report/escape.js';
import { contentTypeFor } from '../../runtime/mime.js';
import { pipeFile } from '../../runtime/stream-file.js';
import { openRegularFile } from '../../core/regular-file.js';
import { realPathInside } from '../../core/real-path-inside.js';
import { UI_HEADERS, UNTRUSTED_FILE_HEADERS } from './security.js';

/** Where the UI bundle is built: inspector.js and inspector.css (plus any chunks or source maps). */
export const UI_ASSET_DIR = join(PACKAGE_ROOT, 'dist', 'inspector');

/** The page every inspector URL opens: the UI mounts itself on #app. No inline script or style. */
export function shellHtml(title: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeXml(title)}</title>`,
    '<link rel="stylesheet" href="assets/inspector.css">',
    '<script type="module" src="assets/inspector.js"></script>',
    '</head>',
    '<body>',
    '<div id="app"></div>',
    '<noscript>The SCORM Tester inspector needs JavaScript.</noscript>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** A name of a file in UI_ASSET_DIR: one plain segment, nothing hidden. */
const ASSET_NAME = /^[A-Za-z0-9][\w.-]*$/;

const UI_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  map: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  woff2: 'font/woff2',
};

/** Serves a UI asset; false when there is no such asset (the caller answers 404). */
export async function serveUiAsset(name: string, res: ServerResponse, head: boolean): Promise<boolean> {
  if (!ASSET_NAME.test(name)) return false;
  const type = UI_TYPES[name.slice(name.lastIndexOf('.') + 1).toLowerCase()];
  if (!type) return false;
  return streamFile(UI_ASSET_DIR, name, res, head, { ...UI_HEADERS, 'Content-Type': type });
}

/**
 * Types whose files could act if a browser ran them: served as plain text, so with nosniff a browser
 * never executes them as script or renders them as a page of the inspector's origin.
 */
const INERT_TYPES = new Set(['text/html', 'application/xhtml+xml', 'text/javascript', 'application/wasm']);

/**
 * Serves `urlPath` (a path relative to `root` as it appears in the URL, still percent-encoded) as an
 * untrusted file; false when it is not a regular file inside `root` (absolute, climbing out, also through
 * encoded dots or backslashes, through a link that leads out, missing).
 */
export async function serveUntrustedFile(
  root: string,
  urlPath: string,
  res: ServerResponse,
  head: boolean,
): Promise<boolean> {
  const type = contentTypeFor(urlPath);
  return streamFile(root, urlPath, res, head, {
    ...UNTRUSTED_FILE_HEADERS,
    'Content-Type': INERT_TYPES.has(type) ? 'text/plain; charset=utf-8' : type,
  });
}

async function streamFile(
  root: string,
  relativePath: string,
  res: ServerResponse,
  head: boolean,
  headers: Record<string, string>,
): Promise<boolean> {
  const real = await realFileInside(root, relativePath);
  if (!real) return false;
  const { handle, stats } = real;
  res.writeHead(200, { ...headers, 'Content-Length': stats.size });
  if (head || stats.size === 0) {
    await handle.close();
    res.end();
    return true;
  }
  await pipeFile(res, handle);
  return true;
}

/**
 * resolveInsideRoot percent-decodes each segment itself and refuses what climbs out. The file is opened
 * without blocking and its type checked on the descriptor (a FIFO would otherwise hold the open forever).
 */
async function realFileInside(
  root: string,
  urlPath: string,
): Promise<Awaited<ReturnType<typeof openRegularFile>> | null> {
  try {
    const real = await realPathInside(root, resolveInsideRoot(root, urlPath));
    return real ? await openRegularFile(real) : null;
  } catch {
    return null;
  }
}
