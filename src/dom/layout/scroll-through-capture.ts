/**
 * A full-page capture of a course that scrolls inside an element or an inner frame (Rise, Adapt, a player
 * with the course in an iframe), where a taller viewport unrolls nothing: the container is scrolled one
 * visible height at a time from its top, the viewport captured at each stop, and the container put back
 * where it was. The course sees the scrolling a learner would do, so content that completes when seen may
 * record it. Positions are read and set in the DOM tools' isolated world, by the container's ref.
 */
import { MAX_SHOWN_TILES, type ScreenshotView } from '../../runtime/course-runtime.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { MAX_CAPTURE_EDGE, fullResolutionScale, screenshotScale } from '../../runtime/screenshot-scale.js';
import { largestScroller, type ScrollContainer } from '../actions/scroll.js';
import { ControlWorlds } from '../snapshot/control-world.js';

/** One stop of the container: the viewport as the model sees it (shown tiles only) and in full resolution. */
export interface ScrolledTile {
  /** The container's scroll offset (CSS px) at this stop. */
  scrollTop: number;
  /** CSS px of the container's content this tile adds (the visible height, less at the end). */
  cssHeight: number;
  view: ScreenshotView | null;
  png: ScreenshotView;
}

export interface ScrolledCapture {
  container: ScrollContainer & { scroll_top: number; max_top: number; view_height: number };
  tiles: ScrolledTile[];
  /** The content was longer than MAX_CAPTURE_EDGE CSS px or MAX_STOPS stops: the tiles stop there. */
  truncated: boolean;
  /** Whether the container is back at its scroll offset from before the capture. */
  restored: boolean;
}

const SET_MS = 3_000;
/** Stops at most (a course whose largest scroller is a sliver would otherwise take thousands). */
export const MAX_STOPS = 32;

/** Null when the course's main scrolling container is its SCO document (a taller viewport shows it all). */
export async function captureScrolledThrough(
  runtime: CourseRuntime,
  fullResolution: boolean,
): Promise<ScrolledCapture | null> {
  const found = await largestScroller(runtime);
  if (!found || found.scroller.position.max_top <= 0) return null;
  if (found.label === 'sco' && found.scroller.tagName === 'html') return null;
  const { ref, tagName, id, position } = found.scroller;
  const step = Math.max(1, Math.floor(found.viewHeight));
  const content = position.max_top + step;
  const vp = runtime.viewport;
  const region = { x: 0, y: 0, width: vp.width, height: vp.height };
  const pngScale = fullResolutionScale(vp.width, vp.height, vp.scale);
  const viewScale = fullResolution ? pngScale : screenshotScale(vp.width, vp.height, vp.scale).scale;
  const tiles: ScrolledTile[] = [];
  let restored = false;
  try {
    for (let top = 0; top < Math.min(content, MAX_CAPTURE_EDGE) && tiles.length < MAX_STOPS; top += step) {
      const at = await scrollTo(runtime, ref, Math.min(top, position.max_top));
      if (at === null) break;
      const png = await runtime.captureRegion(region, pngScale, 'png');
      const shown = tiles.length < MAX_SHOWN_TILES;
      const view = !shown
        ? null
        : fullResolution
          ? png
          : await runtime.captureRegion(region, viewScale, 'webp');
      tiles.push({ scrollTop: at, cssHeight: Math.min(step, content - top), view, png });
      if (at >= position.max_top) break;
    }
  } finally {
    restored = (await scrollTo(runtime, ref, position.top).catch(() => null)) === position.top;
  }
  return {
    container: {
      frame: found.label,
      ref,
      tagName,
      id,
      scroll_top: position.top,
      max_top: position.max_top,
      view_height: step,
    },
    tiles,
    truncated: content > Math.min(MAX_CAPTURE_EDGE, MAX_STOPS * step),
    restored,
  };
}

/** Sets the container's scroll offset at once (no smooth scrolling) and waits until it is drawn there. */
async function scrollTo(runtime: CourseRuntime, ref: string, top: number): Promise<number | null> {
  const done = await ControlWorlds.of(runtime).callForRef<
    { ref: string; top: number },
    Promise<number | null>
  >(ref, 'Scrolling the course for a full-page capture', SET_MS, setScrollTop, { ref, top });
  return done ? done.value : null;
}

/** Runs in the isolated world: scrolls the ref's element, then resolves after the next two frames. */
function setScrollTop(arg: { ref: string; top: number }): Promise<number | null> {
  const controls = (
    globalThis as unknown as { scormTesterControls?: { elementOf(ref: string): Element | null } }
  ).scormTesterControls;
  const el = controls ? controls.elementOf(arg.ref) : null;
  if (!el) return Promise.resolve(null);
  el.scrollTo({ top: arg.top, behavior: 'instant' });
  return new Promise((resolve) => {
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(Math.round(el.scrollTop))));
  });
}
