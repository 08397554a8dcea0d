/**
 * What keeps the inspector private to the person who started it: a secret token as the first path
 * segment, loopback Host names only (against DNS rebinding), state-changing requests only from the
 * inspector's own origin (against cross-site requests from other pages in the same browser), and
 * headers that forbid framing by others, sniffing, referrers and caching on every response.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

/** 128 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(16).toString('base64url');
}

/** Constant-time comparison, so response timing says nothing about how much of a guess was right. */
export function tokenMatches(candidate: string, token: string): boolean {
  const a = Buffer.from(candidate);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The Host header values we answer: the loopback names, with our port. */
export function loopbackHosts(port: number): ReadonlySet<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
}

/**
 * The request's Origin must be exactly the origin the page was loaded from: the scheme and the Host
 * this request came to (already checked to be one of ours). A missing Origin is refused too.
 */
export function originMatches(origin: string | undefined, host: string): boolean {
  return origin !== undefined && origin.toLowerCase() === `http://${host}`;
}

const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
  'X-Frame-Options': 'SAMEORIGIN',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * The UI's policy: scripts only from our own files (no inline script, no eval), frames and connections
 * to ourselves only. Inline style attributes are allowed: the player mirror renders the course's own
 * markup, which carries them.
 */
const UI_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "media-src 'self'",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * Files that came from the course or a tool (package content, artifacts): rendered as styles, images,
 * fonts and media only. `sandbox` gives a document opened from them an opaque origin without scripts,
 * so an HTML or SVG file of the course can never act with the inspector's origin and token.
 */
const UNTRUSTED_FILE_POLICY = [
  'sandbox',
  "default-src 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "media-src 'self'",
  "frame-ancestors 'self'",
].join('; ');

export const UI_HEADERS: Readonly<Record<string, string>> = {
  ...COMMON_HEADERS,
  'Content-Security-Policy': UI_POLICY,
};

export const UNTRUSTED_FILE_HEADERS: Readonly<Record<string, string>> = {
  ...COMMON_HEADERS,
  'Content-Security-Policy': UNTRUSTED_FILE_POLICY,
};
