/**
 * scorm_get_current_page_context: the spec's fields from the recognised player's runtime, filled in from
 * the page's own indicators where the player says nothing; a field nobody can tell is null and listed in
 * unknown_fields with the reason (never guessed).
 */
import type { CourseTexts } from '../../core/course-text.js';
import { quoted } from '../../core/course-text.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { frameInSentence } from '../course-text-fields.js';
import { capData, keepCourseTextApart } from './course-text-apart.js';
import { detectPlayer, playerView, type Detection } from './detect.js';
import { overlayOver, type BlockedByOverlay } from './overlay.js';
import { inferPageType, type PageType } from './page-type.js';
import { playerHints } from './player-hints.js';
import { runProbe } from './probe-runner.js';
import type { NavControl, NavControls, PlayerReading } from './types.js';

type NavKey = keyof NavControls;

export interface PageContext {
  page_type: PageType;
  slide_number: number | null;
  total_slides: number | null;
  section_title: string | null;
  progress_percent: number | null;
  navigation_available: Record<NavKey, boolean | null>;
  page_title: string | null;
  url: string;
  slide_id: string | null;
  player: Record<string, unknown>;
  frame: string;
  /** Where each known field came from ("captivate", "dom: indicator text", ...). */
  sources: Record<string, string>;
  /** The buttons found for next/previous/menu, with selectors for scorm_dom_click. */
  navigation_controls: Record<NavKey, NavControl | null>;
  unknown_fields: string[];
  notes: string[];
  course_text?: CourseTexts;
  /** Set when an element covers the whole frame: the learner sees it, not the slide. */
  blocked_by_overlay?: BlockedByOverlay;
}

/** The player's reading of the current slide, or notes saying why there is none. */
export async function readPlayer(runtime: CourseRuntime, d: Detection): Promise<PlayerReading | null> {
  const player = d.recognition.player;
  if (player === 'generic' || player === 'unknown') return null;
  const hints = await playerHints(runtime, d.frame, player);
  const outcome = await runProbe<PlayerReading>(runtime, d.frame, { op: 'read', player, hints });
  if (outcome.ok) return outcome.value;
  d.notes.push(outcome.error);
  return null;
}

export async function currentPageContext(runtime: CourseRuntime): Promise<PageContext> {
  const d = await detectPlayer(runtime);
  const reading = await readPlayer(runtime, d);
  const g = d.frameFacts.generic;
  const player = d.recognition.player;
  const sources: Record<string, string> = {};
  const notes = [...d.notes, ...(reading?.notes ?? [])];

  const pick = <T>(
    field: string,
    fromPlayer: T | null | undefined,
    fromDom: T | null,
    domSource: string,
  ): T | null => {
    if (fromPlayer !== null && fromPlayer !== undefined) {
      sources[field] = player;
      return fromPlayer;
    }
    if (fromDom !== null) {
      sources[field] = `dom: ${domSource}`;
      return fromDom;
    }
    return null;
  };
  const domPosition =
    g.indicator ?? (g.slides?.current ? { current: g.slides.current, total: g.slides.total } : null);
  const domSource = g.indicator ? `indicator text ${quoted(g.indicator.text)}` : (g.slides?.source ?? '');
  const slide_number = pick('slide_number', reading?.slide_number, domPosition?.current ?? null, domSource);
  const total_slides = withPageCount(
    pick('total_slides', reading?.total_slides, domPosition?.total ?? g.slides?.total ?? null, domSource),
    reading,
    player,
    sources,
    notes,
  );
  const progress_percent = pick(
    'progress_percent',
    reading?.progress_percent,
    g.progress?.percent ?? null,
    g.progress?.source ?? '',
  );
  const section_title = pick('section_title', reading?.section_title, null, '');
  const page_title = pick(
    'page_title',
    reading?.slide_title,
    g.heading ?? (d.frameFacts.title || null),
    g.heading ? 'first visible heading' : 'document title',
  );

  const overlay = await overlayOver(runtime, d.frame, d.recognition.player);
  const navigation_available = {} as Record<NavKey, boolean | null>;
  for (const key of ['next', 'previous', 'menu'] as const) {
    const control = g.nav[key];
    if (overlay) {
      // Whatever the player says, no control under the cover can be reached.
      navigation_available[key] = false;
      sources[`navigation_available.${key}`] = 'blocked_by_overlay';
    } else if (control) {
      navigation_available[key] = control.enabled;
      sources[`navigation_available.${key}`] = `dom: navigation_controls.${key}`;
    } else if (key !== 'menu' && slide_number !== null && total_slides !== null) {
      navigation_available[key] = key === 'next' ? slide_number < total_slides : slide_number > 1;
      sources[`navigation_available.${key}`] = 'slide position';
    } else navigation_available[key] = null;
  }

  const type = inferPageType({
    answerInputs: g.answerInputs,
    // The document title is the course's name on every slide: it says nothing of this slide's role when the player names the slide.
    text: (reading?.slide_title
      ? [page_title, g.headingText]
      : [page_title ?? '', d.frameFacts.title, g.headingText]
    ).join(' | '),
    slideNumber: slide_number,
    totalSlides: total_slides,
    courseMenu: reading?.course_menu === true,
  });
  sources.page_type = type.reason;

  const values: Record<string, unknown> = {
    slide_number,
    total_slides,
    section_title,
    progress_percent,
    page_title,
    'navigation_available.next': navigation_available.next,
    'navigation_available.previous': navigation_available.previous,
    'navigation_available.menu': navigation_available.menu,
  };
  const unknown_fields = Object.keys(values).filter((k) => values[k] === null);
  if (unknown_fields.length > 0) notes.push(unknownReason(d, unknown_fields));

  return keepCourseTextApart({
    page_type: type.page_type,
    slide_number,
    total_slides,
    section_title: capOrNull(section_title),
    progress_percent,
    navigation_available,
    page_title: capOrNull(page_title),
    url: capData(d.frameFacts.url),
    slide_id: capOrNull(reading?.slide_id ?? null),
    player: playerView(d),
    frame: capData(d.frame.label),
    sources,
    navigation_controls: cappedControls(d.frameFacts.generic.nav),
    unknown_fields,
    notes: [...new Set(notes)],
    ...(overlay ? { blocked_by_overlay: overlay } : {}),
  });
}

/**
 * The player's own page count (Lectora's page tracking) where neither its runtime nor the page gave a total;
 * a total the page shows stands over it, and the note says so.
 */
function withPageCount(
  total: number | null,
  reading: PlayerReading | null,
  player: string,
  sources: Record<string, string>,
  notes: string[],
): number | null {
  const count = reading?.page_count;
  if (!count) return total;
  if (total === null) {
    sources.total_slides = `${player}: ${count.source}`;
    notes.push(
      `total_slides is the ${player} player's count of the course's pages (${count.source}): the page shows no position of its own`,
    );
    return count.total;
  }
  if (total !== count.total)
    notes.push(
      `total_slides is what the page shows (${sources.total_slides ?? 'the page'}); the ${player} player counts ${count.total} pages (${count.source})`,
    );
  return total;
}

function unknownReason(d: Detection, fields: string[]): string {
  const player = d.recognition.player;
  const who =
    player === 'unknown' || player === 'generic'
      ? 'no player API was recognised'
      : `the ${player} player does not expose them`;
  return `Not determined (${fields.join(', ')}): ${who}, and the page shows no indicator for them in ${frameInSentence(d.frame.label)}.`;
}

function capOrNull(value: string | null): string | null {
  return value === null ? null : capData(value);
}

/** The controls' selectors and labels stay data an agent passes back, capped like the other course values. */
function cappedControls(nav: NavControls): NavControls {
  const cap = (c: NavControl | null): NavControl | null =>
    c ? { ...c, selector: capData(c.selector), label: capData(c.label) } : null;
  return { next: cap(nav.next), previous: cap(nav.previous), menu: cap(nav.menu) };
}
