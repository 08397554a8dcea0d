/**
 * After a learner's input, waits until the page has settled the way a learner would see it: no markup
 * change in the acting frames for a quiet moment, no request started since the input still loading, no
 * finite CSS animation running, within a bound. A click that starts a slide transition (a player loads
 * the next slide, then draws it a few hundred ms later) is reported once the new slide is there; a click
 * that starts nothing answers after a short grace. The watch runs in the DOM tools' isolated world, so
 * the course can neither see nor fake it.
 */
import type { Page, Request } from 'playwright-core';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { TIMEOUT } from '../../core/within.js';
import { scoFrames } from '../frames.js';
import { ControlWorlds } from '../snapshot/control-world.js';

/** Markup quiet for this long after a change: the transition is over. */
const QUIET_MS = 300;
/** Nothing at all after the input for this long: it started nothing (a player may begin a slide ~0.8 s late). */
const GRACE_MS = 1_000;
/** A page that never stops changing (a clock, a video) still gets its report after this long. */
export const MAX_PAGE_SETTLE_MS = 3_000;
const POLL_MS = 100;
const READ_MS = 500;

export interface PageWatch {
  /** Waits for the page to settle (see above); the ms waited. Never throws. */
  settled(options?: { graceMs?: number | undefined }): Promise<number>;
  /** Whether anything moved since the last look (markup, a request loading, a finite animation). */
  active(): Promise<boolean>;
  /** Stops listening without waiting (the input failed). */
  dispose(): void;
}

/** Requests that may stay open for as long as the page lives: they say nothing about a transition. */
const LONG_LIVED = new Set(['media', 'websocket', 'eventsource']);

/** Starts watching the acting frames: call just before the input. */
export async function watchPage(runtime: CourseRuntime): Promise<PageWatch> {
  const page: Page = runtime.actingPage;
  const worlds = ControlWorlds.of(runtime);
  const frames = async () => (runtime.isOpen ? await scoFrames(runtime).catch(() => []) : []);
  for (const { frame } of await frames())
    await worlds.peek(frame, READ_MS, startWatch, undefined).catch(() => null);
  const loading = new Set<Request>();
  const onRequest = (r: Request): void => {
    if (!LONG_LIVED.has(r.resourceType())) loading.add(r);
  };
  const onDone = (r: Request): void => void loading.delete(r);
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);

  /** Per frame, the count of changes seen; a frame whose count moved (or is new) had activity. */
  const counts = new Map<unknown, number>();
  const active = async (): Promise<boolean> => {
    let any = loading.size > 0;
    for (const { frame } of await frames()) {
      const seen = await worlds.peek(frame, READ_MS, readWatch, undefined).catch(() => null);
      if (seen === null || seen === TIMEOUT) continue;
      if (seen.count < 0) {
        // A new document (the frame navigated): that is activity, and it is watched from now on.
        await worlds.peek(frame, READ_MS, startWatch, undefined).catch(() => null);
        any = true;
        continue;
      }
      if (counts.get(frame) !== seen.count) any = any || counts.has(frame) || seen.count > 0;
      counts.set(frame, seen.count);
      if (seen.animating) any = true;
    }
    return any;
  };

  const dispose = (): void => {
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
  };
  return {
    dispose,
    active,
    async settled(options = {}) {
      const started = Date.now();
      const grace = options.graceMs ?? QUIET_MS;
      let lastActive: number | null = null;
      try {
        while (runtime.isOpen && !page.isClosed() && Date.now() - started < MAX_PAGE_SETTLE_MS) {
          if (await active()) lastActive = Date.now();
          const now = Date.now();
          if (lastActive === null ? now - started >= grace : now - lastActive >= QUIET_MS) break;
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        }
      } finally {
        dispose();
      }
      return Date.now() - started;
    },
  };
}

/** The grace a click gets: a player may start drawing the next slide most of a second after it. */
export const CLICK_GRACE_MS = GRACE_MS;

/** Runs in the isolated world: counts markup changes of the document from now on. */
function startWatch(): void {
  const g = globalThis as unknown as { scormTesterSettle?: { count: number; doc: Document } };
  if (g.scormTesterSettle?.doc === document) {
    g.scormTesterSettle.count = 0;
    return;
  }
  const state = { count: 0, doc: document };
  g.scormTesterSettle = state;
  new MutationObserver((records) => {
    state.count += records.length;
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/** Runs in the isolated world: changes counted since startWatch (-1 when not watching this document), and
 * whether a finite animation or transition runs. */
function readWatch(): { count: number; animating: boolean } {
  const g = globalThis as unknown as { scormTesterSettle?: { count: number; doc: Document } };
  const state = g.scormTesterSettle;
  const animating =
    typeof document.getAnimations === 'function' &&
    document.getAnimations().some((a) => {
      const end = a.effect?.getComputedTiming().endTime;
      return a.playState === 'running' && typeof end === 'number' && Number.isFinite(end);
    });
  return { count: state && state.doc === document ? state.count : -1, animating };
}
