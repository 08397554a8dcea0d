/**
 * An element that covers the whole SCO frame and hides the course under it with what it paints (Captivate's
 * expiry notice, a "this browser is not supported" curtain): what a learner sees is that element, whatever slide the
 * player reports. Read with elementFromPoint at a 3×3 grid of the frame's viewport, in the DOM tools'
 * isolated world, so the course's own elementFromPoint or getBoundingClientRect cannot hide it.
 */
import { courseText, type CourseText } from '../../core/course-text.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import type { ScoFrame } from '../frames.js';
import { ControlWorlds } from '../snapshot/control-world.js';
import { hiddenStage, type HiddenStage } from './hidden-stage.js';
import type { RecognisedName } from './recognise.js';

export interface BlockedByOverlay {
  /** The covering element's tag; `course_text.element` adds its id. */
  tag: string;
  /** Grid points (of 9) where a pointer meets the covering element. */
  points_covered: number;
  /** Visible elements with content under it, none of which a pointer can reach. */
  hidden_elements: number;
  message: string;
  /** Set when the player's own stage is not drawn (hidden-stage.ts): its selector and why. */
  stage?: { selector: string; why: string };
  course_text: { overlay_text: CourseText; element: CourseText; images?: CourseText[] };
}

interface Seen {
  tag: string;
  id: string;
  text: string;
  covered: number;
  hidden: number;
  /** The cover links to a Rise lesson (its Start button): Rise's cover page, the course's first page. */
  startsLesson: boolean;
}

const READ_MS = 3_000;

/** Runs in the isolated world: must not reference anything outside its own body. */
function findCover(): Seen | null {
  const w = innerWidth;
  const h = innerHeight;
  if (w < 10 || h < 10) return null;
  const covers = (el: Element): boolean => {
    const r = el.getBoundingClientRect();
    const width = Math.min(r.right, w) - Math.max(r.left, 0);
    const height = Math.min(r.bottom, h) - Math.max(r.top, 0);
    return width > 0 && height > 0 && width * height >= 0.9 * w * h;
  };
  // The nearest ancestor-or-self of the hit that covers the viewport.
  const coverOf = (hit: Element | null): Element | null => {
    for (let el = hit; el && el !== document.body && el !== document.documentElement; el = el.parentElement) {
      if (covers(el)) return el;
    }
    return null;
  };
  let cover: Element | null = null;
  let covered = 0;
  for (const fx of [1 / 6, 1 / 2, 5 / 6]) {
    for (const fy of [1 / 6, 1 / 2, 5 / 6]) {
      const found = coverOf(document.elementFromPoint(w * fx, h * fy));
      if (!found) return null;
      if (cover && found !== cover) return null;
      cover = found;
      covered++;
    }
  }
  if (!cover) return null;
  // Hit testing ignores what is painted: a full-frame canvas or box that paints nothing over the slide
  // (Captivate draws each shape on a full-frame canvas) takes the pointer, yet the learner sees the slide.
  const coverStyle = getComputedStyle(cover);
  const alpha = /rgba?\(([^)]*)\)/.exec(coverStyle.backgroundColor)?.[1]?.split(',')[3];
  const opaqueColor =
    coverStyle.backgroundColor !== 'transparent' && (alpha === undefined || Number(alpha) >= 0.9);
  const paints =
    opaqueColor || coverStyle.backgroundImage !== 'none' || /^(img|video)$/.test(cover.localName);
  if (!paints) return null;
  // Content under the cover: visible elements outside it (not its ancestors) that show text or media,
  // and that a pointer at their centre does not reach. A stack of slides of one kind is not a cover.
  const sameKind = (a: Element, b: Element): boolean =>
    a.localName === b.localName && a.className === b.className;
  let hidden = 0;
  const all = document.body ? document.body.getElementsByTagName('*') : [];
  for (let i = 0; i < all.length && i < 5_000 && hidden < 50; i++) {
    const el = all[i] as Element;
    if (cover.contains(el) || el.contains(cover)) continue;
    const media = /^(img|canvas|video|svg|iframe|button|input|a)$/.test(el.localName);
    const ownText = Array.from(el.childNodes).some(
      (n) => n.nodeType === 3 && (n.textContent ?? '').trim() !== '',
    );
    if (!media && !ownText) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2 || r.right <= 0 || r.bottom <= 0 || r.left >= w || r.top >= h) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) continue;
    const x = Math.min(Math.max((r.left + r.right) / 2, 0), w - 1);
    const y = Math.min(Math.max((r.top + r.bottom) / 2, 0), h - 1);
    const top = document.elementFromPoint(x, y);
    if (!top || !cover.contains(top)) continue;
    let sibling: Element | null = el;
    while (sibling && sibling.parentElement && !sibling.parentElement.contains(cover))
      sibling = sibling.parentElement;
    if (sibling && sameKind(sibling, cover)) return null;
    hidden++;
  }
  if (hidden === 0) return null;
  const text = ((cover as HTMLElement).innerText ?? cover.textContent ?? '').replace(/\s+/g, ' ').trim();
  const startsLesson = cover.querySelector('a[href*="#/lessons/"]') !== null;
  return { tag: cover.localName, id: cover.id, text: text.slice(0, 1_000), covered, hidden, startsLesson };
}

/**
 * The element covering the SCO frame's course, or what is drawn in place of the recognised player's hidden
 * stage; null when neither (or the frame did not answer in time).
 */
export async function overlayOver(
  runtime: CourseRuntime,
  frame: ScoFrame,
  player: RecognisedName,
): Promise<BlockedByOverlay | null> {
  if (frame.frame.isDetached()) return null;
  let seen: Seen | null | symbol;
  try {
    seen = await ControlWorlds.of(runtime).peek<null, Seen | null>(frame.frame, READ_MS, findCover, null);
  } catch {
    seen = null;
  }
  // Rise opens on its cover page (title, description, START COURSE): the course itself, not a curtain over it.
  if (seen && typeof seen !== 'symbol' && seen.startsLesson && player === 'rise') return null;
  if (!seen || typeof seen === 'symbol') {
    const stage = await hiddenStage(runtime, frame, player);
    return stage ? stageCover(stage, player) : null;
  }
  const element = seen.id ? `${seen.tag}#${seen.id}` : seen.tag;
  return {
    tag: seen.tag,
    points_covered: seen.covered,
    hidden_elements: seen.hidden,
    message: `An element (\`course_text.element\`) covers the whole frame and hides the course under it: a pointer at ${seen.covered} of 9 points of the viewport meets it, and ${seen.hidden} element(s) with content under it cannot be reached. A learner sees its text (\`course_text.overlay_text\`), not the slide.`,
    course_text: { overlay_text: courseText(seen.text), element: courseText(element) },
  };
}

function stageCover(stage: HiddenStage, player: RecognisedName): BlockedByOverlay {
  const drawn = stage.drawn;
  const element = drawn ? (drawn.id ? `${drawn.tag}#${drawn.id}` : drawn.tag) : '';
  const instead = drawn
    ? `an element (\`course_text.element\`) is drawn in its place, showing its text (\`course_text.overlay_text\`)${drawn.images.length ? ' and image(s) (`course_text.images`)' : ''}`
    : 'nothing is drawn in its place';
  return {
    tag: drawn?.tag ?? '',
    points_covered: 0,
    hidden_elements: stage.hidden_elements,
    stage: { selector: stage.stage, why: stage.why },
    message: `The ${player} player's stage (${stage.stage}), where it draws every slide, is not drawn (${stage.why}): its ${stage.hidden_elements} element(s) with content cannot be seen, and ${instead}. A learner sees that, not the slide the player reports.`,
    course_text: {
      overlay_text: courseText(drawn?.text ?? ''),
      element: courseText(element),
      ...(drawn?.images.length ? { images: drawn.images.map((i) => courseText(i)) } : {}),
    },
  };
}
