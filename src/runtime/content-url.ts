/**
 * The layout of a content server URL, `http://127.0.0.1:PORT/<mount token>/c/<package path>`: a module of
 * its own so that code reading recorded URLs (anomalies, the inspector) need not load the server.
 */
export const CONTENT_PREFIX = 'c/';

/** The package path of a content URL (`…/<token>/c/js/app.js` -> `js/app.js`); any other URL as it is. */
export function packagePathOf(url: string): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return url;
  }
  const mount = path.indexOf('/', 1);
  if (!path.startsWith('/') || mount <= 1 || !path.startsWith(CONTENT_PREFIX, mount + 1)) return url;
  const rest = path.slice(mount + 1 + CONTENT_PREFIX.length);
  try {
    return decodeURIComponent(rest);
  } catch {
    return rest;
  }
}
