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

/**
 * The control an action is aimed at, whose own redraw (focus ring, hover or visited state, a player drawing
 * its button anew) is no change of the page. Found at the centre of `selector` by the first read; `point`
 * keeps that place so that the read after the action looks at the same spot, whatever the control became.
 */
export interface ActedControl {
  frame: string;
  selector: string;
  point?: { x: number; y: number } | null;
}

/** Frame label → digest; null when a frame could not be read (then nothing is claimed). */
export async function pageFingerprint(
  runtime: CourseRuntime,
  acted?: ActedControl,
): Promise<Map<string, string> | null> {
  const out = new Map<string, string>();
  for (const { frame, label } of await scoFrames(runtime)) {
    const own = acted?.frame === label ? { selector: acted.selector, point: acted.point ?? null } : null;
    const read = await ControlWorlds.of(runtime)
      .peek(frame, READ_MS, digestOfDocument, own)
      .catch(() => null);
    if (read === null || read === TIMEOUT) return null;
    if (acted?.frame === label && acted.point === undefined) acted.point = read.point;
    out.set(label, read.digest);
  }
  return out;
}

export function sameFingerprint(a: Map<string, string> | null, b: Map<string, string> | null): boolean {
  if (!a || !b || a.size !== b.size) return false;
  for (const [label, digest] of a) if (b.get(label) !== digest) return false;
  return true;
}

/**
 * Runs in the isolated world: must not reference anything outside its own body. The control drawn at the
 * acted point counts without its ids and the classes of focus, hover and pressing: what a
 * learner sees of it (text, pictures, shapes, checked or pressed state) still counts, its focus ring or a
 * drawing made anew does not (storyline-3's CONTINUE draws its button again, with new ids, on each click).
 */
function digestOfDocument(own: { selector: string; point: { x: number; y: number } | null } | null): {
  digest: string;
  point: { x: number; y: number } | null;
} {
  const doc = document;
  let html = doc.documentElement ? doc.documentElement.outerHTML : '';
  let point = own ? own.point : null;
  if (own && !point) {
    let target: Element | null = null;
    try {
      target = doc.querySelector(own.selector);
    } catch {
      target = null;
    }
    const r = target ? target.getBoundingClientRect() : null;
    if (r && r.width > 0 && r.height > 0) point = { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }
  const hit = point ? doc.elementFromPoint(point.x, point.y) : null;
  const control = hit
    ? hit.closest(
        'a[href], button, input, select, textarea, label, summary, [role="button"], [role="link"], ' +
          '[role="tab"], [role="menuitem"], [onclick], .slide-object.cursor-hover',
      )
    : null;
  const box = control ? control.getBoundingClientRect() : null;
  // Only a control's own size: a "control" that holds most of the page (a clickable wrapper) keeps its markup.
  if (control && box && box.width * box.height <= 0.25 * window.innerWidth * window.innerHeight) {
    const outer = control.outerHTML;
    const drawn = outer
      .replace(/\s(id|data-reactid)="[^"]*"/g, '')
      .replace(/url\(#[^)]*\)|="#[^"]*"/g, '#')
      .replace(/\sclass="([^"]*)"/g, (_m, c: string) => {
        const kept = c.split(/\s+/).filter((t) => t && !/focus|hover|active|visited|down|pressed/i.test(t));
        return kept.length > 0 ? ` class="${kept.join(' ')}"` : '';
      });
    const at = html.indexOf(outer);
    if (at >= 0) html = `${html.slice(0, at)}${drawn}${html.slice(at + outer.length)}`;
  }
  const parts: string[] = [html];
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
  return { digest: `${text.length}:${h.toString(16)}`, point };
}
