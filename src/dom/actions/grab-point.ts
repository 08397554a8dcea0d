/**
 * Where a learner grabs an element to drag it: its centre when the element is on top there, else the
 * first point of a grid over its box where it (or what it draws inside) is on top. Items piled in a
 * basket cover each other's centres (storyline-2's laundry): the centre would pick up another item.
 * Read in the DOM tools' isolated world of the element's frame, so the course cannot fake the hit test.
 */
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { TIMEOUT } from '../../core/within.js';
import { ControlWorlds } from '../snapshot/control-world.js';
import type { ResolvedTarget } from '../target.js';
import type { ScreenPoint } from './screen-point.js';

const READ_MS = 1_500;
/** Grid points per side tried after the centre. */
const GRID = 7;

/** A page point over the element where it is on top, or its box's centre when none is (or cannot be read). */
export async function grabPoint(
  runtime: CourseRuntime,
  target: ResolvedTarget,
  box: { x: number; y: number; width: number; height: number },
): Promise<ScreenPoint> {
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const found = await ControlWorlds.of(runtime)
    .peek(target.frame.frame, READ_MS, topmostOffset, { selector: target.selector, grid: GRID })
    .catch(() => null);
  if (!found || found === TIMEOUT) return centre;
  return { x: box.x + found.dx, y: box.y + found.dy };
}

/** Runs in the isolated world: must not reference anything outside its own body. */
function topmostOffset(a: { selector: string; grid: number }): { dx: number; dy: number } | null {
  let el: Element | null = null;
  try {
    el = document.querySelector(a.selector);
  } catch {
    return null;
  }
  if (!el) return null;
  const r = el.getBoundingClientRect();
  if (r.width <= 0 || r.height <= 0) return null;
  const mine = (x: number, y: number): boolean => {
    const hit = document.elementFromPoint(r.left + x, r.top + y);
    return !!hit && (hit === el || el.contains(hit));
  };
  if (mine(r.width / 2, r.height / 2)) return { dx: r.width / 2, dy: r.height / 2 };
  for (let i = 1; i <= a.grid; i++) {
    for (let j = 1; j <= a.grid; j++) {
      const x = (r.width * j) / (a.grid + 1);
      const y = (r.height * i) / (a.grid + 1);
      if (mine(x, y)) return { dx: x, dy: y };
    }
  }
  return null;
}
