/**
 * scorm_navigate_to_slide: jump with the player's own API, wait (bounded) until the player reports the
 * target slide, and return the SCORM API calls made meanwhile.
 */
import { fail } from '../../core/errors.js';
import { quoted } from '../../core/course-text.js';
import { observeChanges, type ChangesReport } from '../changes.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { frameInSentence } from '../course-text-fields.js';
import { findScoFrame } from '../frames.js';
import { capData, failApart, keepCourseTextApart } from './course-text-apart.js';
import { detectPlayer, playerView, type Detection } from './detect.js';
import { UNSUPPORTED_GOTO } from './page/probe.js';
import { playerHints } from './player-hints.js';
import { runProbe } from './probe-runner.js';
import { overlayOver, type BlockedByOverlay } from './overlay.js';
import { listSlides } from './slide-map.js';
import type { CourseTexts } from '../../core/course-text.js';
import { storylineMenuFlow } from './storyline-menu-flow.js';
import type { GotoOutcome, GotoTarget, PlayerName, PlayerReading, SlideEntry } from './types.js';

export const DEFAULT_NAVIGATE_TIMEOUT_MS = 5_000;
const POLL_MS = 100;

type SlideRef = Omit<SlideEntry, 'current'>;

export interface NavigateResult {
  navigated: boolean;
  from: SlideRef | null;
  to: SlideRef;
  method: string;
  /** What the course did meanwhile, as a click reports it (dom/changes.ts). */
  changes: ChangesReport;
  elapsed_ms: number;
  player: Record<string, unknown>;
  frame: string;
  /** Why the jump did not reach the slide (navigated false). */
  message?: string;
  notes: string[];
  course_text?: CourseTexts;
  /** Set when an element covers the whole frame: the player moved, but the learner sees the cover. */
  blocked_by_overlay?: BlockedByOverlay;
  /** The Next control to click instead, when the player refused the jump. */
  next_control?: { selector: string; frame: string };
}

export async function navigateToSlide(
  runtime: CourseRuntime,
  slide: number | string,
  timeoutMs = DEFAULT_NAVIGATE_TIMEOUT_MS,
): Promise<NavigateResult> {
  const d = await detectPlayer(runtime);
  // The slides are listed first so that "no slides" is NO_SLIDES here exactly when scorm_get_slide_map says so;
  // NO_SLIDE_API is kept for slides that are listed but cannot be jumped to.
  const { listing, source, notes } = await listSlides(runtime, d);
  if (!listing.supported) {
    failApart(
      'NAV_UNSUPPORTED_ACTION',
      `No slides are listed to jump to (${listing.reason}). ` +
        `Click the course's Next button with scorm_dom_click instead${nextHint(d)}.`,
      { ...nextDetails(d), not_applicable: { code: 'NO_SLIDES' } },
    );
  }
  const player = requireJumpApi(d);
  if (source === 'dom') {
    failApart(
      'NAV_UNSUPPORTED_ACTION',
      `The ${player} player lists no slides to jump to (only the page shows them). ` +
        `Click its Next button with scorm_dom_click instead${nextHint(d)}.`,
      { ...nextDetails(d), ...NO_SLIDE_API },
    );
  }
  const slides = listing.slides;
  const to = resolveTarget(slides, slide);
  const from = slides.find((s) => s.current) ?? null;
  const started = Date.now();
  const observer = await observeChanges(runtime);
  try {
    return await jumpAndWait(runtime, d, player, { from, to, notes, started, observer }, timeoutMs);
  } catch (err) {
    observer.dispose();
    throw err;
  }
}

interface Jump {
  from: SlideEntry | null;
  to: SlideEntry;
  notes: string[];
  started: number;
  observer: Awaited<ReturnType<typeof observeChanges>>;
}

async function jumpAndWait(
  runtime: CourseRuntime,
  d: Detection,
  player: PlayerName,
  { from, to, notes, started, observer }: Jump,
  timeoutMs: number,
): Promise<NavigateResult> {
  const target: GotoTarget = { index: to.index, id: to.id ?? null };
  if (player === 'storyline') target.menu_flow = await storylineMenuFlow(runtime, d.frame.frame.url());
  const hints = await playerHints(runtime, d.frame, player);
  const jump = await runProbe<GotoOutcome>(
    runtime,
    d.frame,
    { op: 'goto', player, target, hints },
    timeoutMs,
  );
  // What every answer says: the jump asked for and what the course did meanwhile.
  const answer = async ({
    navigated,
    ...outcome
  }: Pick<NavigateResult, 'navigated' | 'method'> & Partial<NavigateResult>): Promise<NavigateResult> =>
    keepCourseTextApart({
      navigated,
      from: from && slideRef(from),
      to: slideRef(to),
      changes: await observer.read(),
      elapsed_ms: Date.now() - started,
      player: playerView(d),
      frame: d.frame.label,
      notes: [...d.notes, ...notes],
      ...outcome,
    });
  if (!jump.ok || !jump.value.ok) {
    // A jump the player refuses is answered like one that never arrives: navigated false, and why.
    return answer({
      navigated: false,
      method: 'refused',
      message:
        `The ${player} player did not accept the jump to slide ${to.index}: ${jump.ok ? (jump.value as { reason: string }).reason : jump.error}. ` +
        `Click its Next button with scorm_dom_click instead${nextHint(d)}.`,
      ...nextDetails(d),
    });
  }
  const reached = await waitForSlide(runtime, d, to, started + timeoutMs);
  await runtime.settle();
  let overlay = await overlayOver(runtime, d.frame, d.recognition.player);
  // A player draws a loading curtain while the slide it reached renders (Adapt): a cover counts once it stays.
  while (reached.ok && overlay && Date.now() + POLL_MS < started + timeoutMs) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    overlay = await overlayOver(runtime, d.frame, d.recognition.player);
  }
  const hidden = reached.ok && overlay !== null;
  return answer({
    navigated: reached.ok && !hidden,
    method: jump.value.method,
    ...(reached.ok ? {} : { message: reached.reason }),
    ...(hidden
      ? {
          message: `The player reports slide ${to.index}, but ${overlay?.stage ? 'its stage is not drawn' : 'an element covers the whole frame and hides it'} (see blocked_by_overlay).`,
        }
      : {}),
    ...(overlay ? { blocked_by_overlay: overlay } : {}),
  });
}

function slideRef({ current: _current, ...ref }: SlideEntry): SlideRef {
  return ref;
}

/** The not-applicable code a refused jump carries (core/not-applicable.ts). */
const NO_SLIDE_API = { not_applicable: { code: 'NO_SLIDE_API' } } as const;

/** The recognised player's name when it can jump; NAV_UNSUPPORTED_ACTION naming the Next button otherwise. */
function requireJumpApi(d: Detection): PlayerName {
  const player = d.recognition.player;
  if (player === 'generic' || player === 'unknown') {
    failApart(
      'NAV_UNSUPPORTED_ACTION',
      `No player with a slide API was recognised in this SCO (${d.recognition.reason ?? player}). ` +
        `Click the course's Next button with scorm_dom_click instead${nextHint(d)}.`,
      { ...nextDetails(d), ...NO_SLIDE_API },
    );
  }
  const why = UNSUPPORTED_GOTO[player];
  if (why)
    failApart('NAV_UNSUPPORTED_ACTION', `${why}${nextHint(d)}.`, { ...nextDetails(d), ...NO_SLIDE_API });
  return player;
}

/** The Next control's selector is built from the course's ids and classes: data in details, never in the sentence. */
function nextHint(d: Detection): string {
  return d.frameFacts.generic.nav.next ? ' (its selector and frame are in next_control)' : '';
}

function nextDetails(d: Detection): { next_control?: { selector: string; frame: string } } {
  const next = d.frameFacts.generic.nav.next;
  return next ? { next_control: { selector: capData(next.selector), frame: capData(d.frame.label) } } : {};
}

/** A 1-based number within the map, or an id in it; INVALID_ARGUMENT naming the range or the ids. */
export function resolveTarget(slides: readonly SlideEntry[], slide: number | string): SlideEntry {
  if (typeof slide === 'number') {
    const found = slides[slide - 1];
    if (!Number.isInteger(slide) || !found) {
      fail(
        'INVALID_ARGUMENT',
        `slide ${slide} is out of range: this course has slides 1 to ${slides.length} (slide numbers are 1-based).`,
        { min: 1, max: slides.length },
      );
    }
    return found;
  }
  const byId = slides.find((s) => s.id === slide);
  if (byId) return byId;
  const ids = slides.flatMap((s) => (s.id ? [s.id] : []));
  fail(
    'INVALID_ARGUMENT',
    ids.length > 0
      ? `No slide has the id given: pass one of the ${ids.length} ids in details.ids, or a slide number from 1 to ${slides.length}.`
      : `This player's slides have no ids: pass a slide number from 1 to ${slides.length}.`,
    { ids: ids.slice(0, 100).map(capData), min: 1, max: slides.length },
  );
}

/** The player's current slide, as cheaply as the player allows (its id alone where it can say it). */
async function readCurrent(runtime: CourseRuntime, d: Detection): Promise<Partial<PlayerReading> | null> {
  const player = d.recognition.player as PlayerName;
  const outcome = await runProbe<Partial<PlayerReading>>(runtime, d.frame, {
    op: 'current',
    player,
    hints: await playerHints(runtime, d.frame, player),
  });
  if (outcome.ok) return outcome.value;
  d.notes.push(outcome.error);
  return null;
}

async function waitForSlide(
  runtime: CourseRuntime,
  d: Detection,
  to: SlideEntry,
  deadline: number,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  let last = 'the player was not read';
  for (;;) {
    const frame = d.frame.frame.isDetached() ? await findScoFrame(runtime, d.frame.label) : d.frame;
    if (frame) {
      const reading = await readCurrent(runtime, { ...d, frame });
      if (reading) {
        if ((to.id !== undefined && reading.slide_id === to.id) || reading.slide_number === to.index)
          return { ok: true };
        last = `it still reports slide ${reading.slide_number ?? '?'}${reading.slide_id ? ` (id ${quoted(reading.slide_id)})` : ''}`;
      }
    } else last = `frame ${frameInSentence(d.frame.label)} is gone`;
    if (Date.now() + POLL_MS > deadline) {
      return {
        ok: false,
        reason: `The player accepted the jump but did not reach slide ${to.index} in time: ${last}.`,
      };
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
