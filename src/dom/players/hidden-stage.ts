/**
 * A player whose own stage is not drawn: Captivate's expiry check hides `#project` (the slides, playbar
 * and table of contents) and draws its notice in the stage's place, over part of the viewport only, so
 * the full-frame cover check (overlay.ts) does not meet it. Judged from the stage element the recognised
 * player always draws its slides in; an ordinary deck or a dialog over a drawn stage is never reported.
 * Read in the DOM tools' isolated world, so the course's own getters cannot hide it.
 */
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import type { ScoFrame } from '../frames.js';
import { ControlWorlds } from '../snapshot/control-world.js';
import type { RecognisedName } from './recognise.js';

/** The element each player draws its slides in, where that is fixed by the player itself. */
const STAGES: Partial<Record<RecognisedName, string>> = { captivate: '#project' };

export interface HiddenStage {
  /** The stage's selector and why it is not drawn. */
  stage: string;
  why: string;
  /** Elements with content inside the stage (none of them drawn). */
  hidden_elements: number;
  /** What is drawn at the stage's centre instead: tag, id, its text and the images it shows. */
  drawn: { tag: string; id: string; text: string; images: string[] } | null;
}

const READ_MS = 3_000;

/** Runs in the isolated world: must not reference anything outside its own body. */
function findHiddenStage(selector: string): HiddenStage | null {
  const stage = document.querySelector(selector);
  if (!stage) return null;
  const why = ((): string | null => {
    for (let el: Element | null = stage; el; el = el.parentElement) {
      const s = getComputedStyle(el);
      if (s.display === 'none') return 'display:none';
      if (Number(s.opacity) === 0) return 'opacity 0';
    }
    const v = getComputedStyle(stage).visibility;
    if (v !== 'visible') return `visibility:${v}`;
    const r = stage.getBoundingClientRect();
    return r.width < 2 || r.height < 2 ? 'zero size' : null;
  })();
  if (!why) return null;
  let hidden = 0;
  const inside = stage.getElementsByTagName('*');
  for (let i = 0; i < inside.length && i < 5_000; i++) {
    const el = inside[i] as Element;
    const media = /^(img|canvas|video|svg|button|input|a)$/.test(el.localName);
    const ownText = Array.from(el.childNodes).some(
      (n) => n.nodeType === 3 && (n.textContent ?? '').trim() !== '',
    );
    if (media || ownText) hidden++;
  }
  const box = stage.getBoundingClientRect();
  const x = box.width >= 2 ? box.left + box.width / 2 : innerWidth / 2;
  const y = box.height >= 2 ? box.top + box.height / 2 : innerHeight / 2;
  const hit = document.elementFromPoint(x, y);
  // The outermost element at that point that is not an ancestor of the stage: the notice as a whole.
  let drawnEl: Element | null = null;
  for (let el = hit; el && el !== document.body && el !== document.documentElement; el = el.parentElement) {
    if (el.contains(stage)) break;
    drawnEl = el;
  }
  const images: string[] = [];
  if (drawnEl) {
    for (const el of [drawnEl, ...Array.from(drawnEl.getElementsByTagName('*'))].slice(0, 200)) {
      const src = el.localName === 'img' ? (el as HTMLImageElement).currentSrc : '';
      const bg = /url\(["']?([^"')]+)/.exec(getComputedStyle(el).backgroundImage)?.[1] ?? '';
      for (const url of [src, bg]) if (url) images.push(url.split(/[?#]/)[0]!.split('/').pop() ?? url);
    }
  }
  const text = drawnEl ? ((drawnEl as HTMLElement).innerText ?? '').replace(/\s+/g, ' ').trim() : '';
  return {
    stage: selector,
    why,
    hidden_elements: hidden,
    drawn: drawnEl
      ? { tag: drawnEl.localName, id: drawnEl.id, text: text.slice(0, 1_000), images: images.slice(0, 5) }
      : null,
  };
}

/** The recognised player's stage when it is not drawn, or null (drawn, no known stage, or no answer). */
export async function hiddenStage(
  runtime: CourseRuntime,
  frame: ScoFrame,
  player: RecognisedName,
): Promise<HiddenStage | null> {
  const selector = STAGES[player];
  if (!selector || frame.frame.isDetached()) return null;
  try {
    const seen = await ControlWorlds.of(runtime).peek<string, HiddenStage | null>(
      frame.frame,
      READ_MS,
      findHiddenStage,
      selector,
    );
    return seen && typeof seen !== 'symbol' ? seen : null;
  } catch {
    return null;
  }
}
