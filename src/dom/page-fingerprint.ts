/**
 * A digest of what the SCO's frames show, to tell an action that changed nothing on the page: each
 * frame's markup, form state (values, checks, selections) and scroll position, read in the DOM tools'
 * isolated world so the course cannot fake it. What is drawn only on a canvas, or only animated, is not in
 * it: "unchanged" means no markup, form or scroll change, never "nothing visible changed".
 */
import type { CourseRuntime } from '../runtime/course-runtime.js';
import { TIMEOUT } from '../core/within.js';
import { scoFrames } from './frames.js';
import { ControlWorlds } from './snapshot/control-world.js';

const READ_MS = 1_500;

/** Frame label → digest; null when a frame could not be read (then nothing is claimed). */
export async function pageFingerprint(runtime: CourseRuntime): Promise<Map<string, string> | null> {
  const out = new Map<string, string>();
  for (const { frame, label } of await scoFrames(runtime)) {
    const digest = await ControlWorlds.of(runtime)
      .peek(frame, READ_MS, digestOfDocument, undefined)
      .catch(() => null);
    if (digest === null || digest === TIMEOUT) return null;
    out.set(label, digest);
  }
  return out;
}

export function sameFingerprint(a: Map<string, string> | null, b: Map<string, string> | null): boolean {
  if (!a || !b || a.size !== b.size) return false;
  for (const [label, digest] of a) if (b.get(label) !== digest) return false;
  return true;
}

/** Runs in the isolated world: must not reference anything outside its own body. */
function digestOfDocument(): string {
  const doc = document;
  const parts: string[] = [doc.documentElement ? doc.documentElement.outerHTML : ''];
  for (const el of Array.from(doc.querySelectorAll('input, select, textarea'))) {
    const f = el as HTMLInputElement;
    parts.push(`${f.value}|${String(f.checked)}|${el instanceof HTMLSelectElement ? el.selectedIndex : ''}`);
  }
  parts.push(`${window.scrollX},${window.scrollY}`);
  for (const el of Array.from(doc.querySelectorAll('*'))) {
    if (el.scrollTop !== 0 || el.scrollLeft !== 0) parts.push(`${el.scrollTop},${el.scrollLeft}`);
  }
  // FNV-1a over the joined text: equal inputs give equal digests.
  let h = 0x811c9dc5;
  const text = parts.join('\u0000');
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${text.length}:${h.toString(16)}`;
}
