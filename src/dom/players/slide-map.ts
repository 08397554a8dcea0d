/** scorm_get_slide_map: the slides the player lists, or the page's slide containers, or why there are none. */
import type { CourseTexts } from '../../core/course-text.js';
import type { NotApplicable } from '../../core/not-applicable.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { capData, keepCourseTextApart } from './course-text-apart.js';
import { detectPlayer, playerView, type Detection } from './detect.js';
import { START_WAIT_MS, stillStarting } from './just-loaded.js';
import { playerHints } from './player-hints.js';
import { runProbe } from './probe-runner.js';
import type { GenericFacts, SlideEntry, SlideListing } from './types.js';

export interface SlideMap {
  slides: SlideEntry[];
  total: number;
  source: string | null;
  current_index: number | null;
  /** NO_SLIDES: neither the player nor the page lists any. */
  not_applicable?: NotApplicable;
  player: Record<string, unknown>;
  frame: string;
  notes: string[];
  course_text?: CourseTexts;
}

export interface ListedSlides {
  listing: SlideListing;
  source: string;
  notes: string[];
}

/** The recognised player's own list, falling back to the page's slide containers. */
export async function listSlides(runtime: CourseRuntime, d: Detection): Promise<ListedSlides> {
  const player = d.recognition.player;
  const notes: string[] = [];
  if (player !== 'generic' && player !== 'unknown') {
    const outcome = await runProbe<{ listing: SlideListing; notes: string[] }>(runtime, d.frame, {
      op: 'slides',
      player,
      hints: await playerHints(runtime, d.frame, player),
    });
    if (outcome.ok) {
      notes.push(...outcome.value.notes);
      if (outcome.value.listing.supported) return { listing: outcome.value.listing, source: player, notes };
      notes.push(`${player}: ${outcome.value.listing.reason}`);
    } else notes.push(outcome.error);
  }
  const fromDom = domSlides(d.frameFacts.generic);
  if (fromDom) return { listing: fromDom, source: 'dom', notes };
  const reason =
    player === 'unknown' || player === 'generic'
      ? 'no player API was recognised and the page has no slide containers ([data-slide], section.slide) or "N / M" indicator'
      : `${notes.join('; ')}; the page has no slide containers or "N / M" indicator either`;
  return { listing: { supported: false, reason }, source: 'dom', notes };
}

/** Slides from containers, an aria-current list, or an "N / M" indicator (positions only). */
export function domSlides(g: GenericFacts): SlideListing | null {
  if (g.slides) {
    const { total, current, ids } = g.slides;
    return {
      supported: true,
      slides: Array.from({ length: total }, (_, i): SlideEntry => {
        const id = ids[i];
        return { index: i + 1, ...(id ? { id } : {}), current: current === i + 1 };
      }),
    };
  }
  if (g.indicator) {
    const { current, total } = g.indicator;
    return {
      supported: true,
      slides: Array.from({ length: total }, (_, i) => ({ index: i + 1, current: current === i + 1 })),
    };
  }
  return null;
}

export async function slideMap(runtime: CourseRuntime): Promise<SlideMap> {
  let d = await detectPlayer(runtime);
  let listed = await listSlides(runtime, d);
  // A verdict on a course that is still starting would be wrong: wait for it (bounded) and look again.
  const end = Date.now() + START_WAIT_MS;
  let starting = !listed.listing.supported && (await stillStarting(runtime, d.frame.frame));
  while (starting && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    d = await detectPlayer(runtime);
    listed = await listSlides(runtime, d);
    starting = !listed.listing.supported && (await stillStarting(runtime, d.frame.frame));
  }
  const { listing, source, notes } = listed;
  const base = { player: playerView(d), frame: d.frame.label, notes: [...d.notes, ...notes] };
  if (!listing.supported) {
    const { message: reason, ...apart } = keepCourseTextApart({ message: listing.reason, ...base });
    const loading = starting
      ? ` The course is still loading after ${START_WAIT_MS / 1000} s: call again.`
      : '';
    return {
      slides: [],
      total: 0,
      source: null,
      current_index: null,
      not_applicable: { code: 'NO_SLIDES', message: `No slides are listed: ${reason}.${loading}` },
      ...apart,
    };
  }
  return keepCourseTextApart({
    slides: listing.slides.map(cappedSlide),
    total: listing.slides.length,
    source,
    current_index: listing.slides.find((s) => s.current)?.index ?? null,
    ...base,
  });
}

/** Slide ids and titles are the course's words kept as data (an agent passes an id back): capped, never quoted. */
function cappedSlide(slide: SlideEntry): SlideEntry {
  return {
    ...slide,
    ...(slide.id !== undefined ? { id: capData(slide.id) } : {}),
    ...(slide.title !== undefined ? { title: capData(slide.title) } : {}),
  };
}
