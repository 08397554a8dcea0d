/**
 * What a learner's pointer meets at a page point: the deepest SCO frame under it and the element
 * elementFromPoint finds there, read in the DOM tools' isolated world of each frame (a course's replaced
 * elementFromPoint or getBoundingClientRect does not reach it), with a ref for the other tools. The SCO
 * frame's place comes from Playwright's own box of its frame element; inner frames' from their element's
 * box and borders, read in the isolated world of the frame that holds them.
 */
import type { Frame } from 'playwright-core';
import { courseText, type CourseText } from '../../core/course-text.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { scoFrames } from '../frames.js';
import { ControlWorlds } from '../snapshot/control-world.js';
import { inspectElement, type ElementInspection } from './inspect-element.js';
import type { ScreenPoint } from './screen-point.js';

export interface ElementAtPoint {
  /** The frame the element is in, labelled as scoFrames labels it. */
  frame: string;
  ref: string | null;
  tagName: string;
  id: string;
  role: string | null;
  name: string | null;
  /** "pointer" when it or an ancestor looks or acts clickable (pointer cursor, control, on* handler). */
  control: boolean;
  course_text: { text: CourseText };
}

type Found =
  | { kind: 'frame'; dx: number; dy: number }
  | { kind: 'element'; info: ElementInspection; ref: string | null }
  | { kind: 'none' };

const READ_MS = 3_000;
const MAX_DEPTH = 8;

/** The element under the page point (CSS px), or null when no SCO frame is there (the player's own page). */
export async function elementAtPoint(
  runtime: CourseRuntime,
  point: ScreenPoint,
): Promise<ElementAtPoint | null> {
  const labels = new Map((await scoFrames(runtime)).map((f) => [f.frame, f.label]));
  const root = await runtime.actingFrame();
  const box = await boxOf(root);
  if (!box || !inside(point, box)) return null;
  let frame: Frame = root;
  let local = { x: point.x - box.x, y: point.y - box.y };
  const declaration = `function (a) { return (${atPoint.toString()})(a, ${inspectElement.toString()}); }`;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const found = await ControlWorlds.of(runtime)
      .peek<ScreenPoint, Found>(frame, READ_MS, declaration, local)
      .catch((): Found => ({ kind: 'none' }));
    if (typeof found === 'symbol' || found.kind === 'none') return null;
    if (found.kind === 'element') {
      const { info } = found;
      return {
        frame: labels.get(frame) ?? 'sco',
        ref: found.ref,
        tagName: info.tagName,
        id: info.id,
        role: info.role,
        name: info.name,
        control: info.control || info.hit?.takesClicks === true,
        course_text: { text: courseText(info.textContent) },
      };
    }
    const child = await childFrameAt(frame, point);
    if (!child) return null;
    frame = child;
    local = { x: local.x - found.dx, y: local.y - found.dy };
  }
  return null;
}

async function boxOf(frame: Frame): Promise<{ x: number; y: number; width: number; height: number } | null> {
  // A window's own document (one the course opened) fills its page from the top-left corner.
  if (frame.parentFrame() === null) return WHOLE_WINDOW;
  const element = await frame.frameElement().catch(() => null);
  if (!element) return null;
  try {
    return await element.boundingBox();
  } finally {
    await element.dispose().catch(() => undefined);
  }
}

function inside(p: ScreenPoint, box: { x: number; y: number; width: number; height: number }): boolean {
  return p.x >= box.x && p.y >= box.y && p.x < box.x + box.width && p.y < box.y + box.height;
}

/** The child frame whose element's box (page coordinates, Playwright's own read) holds the point. */
async function childFrameAt(frame: Frame, point: ScreenPoint): Promise<Frame | null> {
  for (const child of frame.childFrames()) {
    const box = await boxOf(child);
    if (box && inside(point, box)) return child;
  }
  return null;
}

/** Runs in the isolated world: the element at (x, y) of this frame's viewport, or where an inner frame's content starts. */
function atPoint(
  p: { x: number; y: number },
  inspect: (el: Element) => ElementInspection | null,
):
  | { kind: 'frame'; dx: number; dy: number }
  | { kind: 'element'; info: ElementInspection; ref: string | null }
  | { kind: 'none' } {
  const el = document.elementFromPoint(p.x, p.y);
  if (!el) return { kind: 'none' };
  if (el.localName === 'iframe' || el.localName === 'frame') {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return {
      kind: 'frame',
      dx: r.left + el.clientLeft + parseFloat(s.paddingLeft || '0'),
      dy: r.top + el.clientTop + parseFloat(s.paddingTop || '0'),
    };
  }
  const controls = (
    globalThis as unknown as {
      scormTesterControls?: { refOf(el: Element): string; controlHit(el: Element): Element };
    }
  ).scormTesterControls;
  // A shape of a Storyline drawing stands for the control its twin names.
  let hit: Element = el;
  try {
    hit = controls ? controls.controlHit(el) : el;
  } catch {
    hit = el;
  }
  const info = inspect(hit);
  if (!info) return { kind: 'none' };
  let ref: string | null = null;
  try {
    ref = controls ? controls.refOf(hit) : null;
  } catch {
    ref = null;
  }
  return { kind: 'element', info, ref };
}

const WHOLE_WINDOW = { x: 0, y: 0, width: Number.POSITIVE_INFINITY, height: Number.POSITIVE_INFINITY };
