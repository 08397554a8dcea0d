/**
 * The learner journey on one course through the real MCP server: open it, then read the page, list its
 * controls, answer, read to the end and go on (bench/learner-step.ts) until the course is completed, stuck
 * or out of budget (bench/learner-stop-rules.ts, a budget fitted to the course's size: bench/learner-budget.ts).
 * What an action's answer already said (the page left as it was, the status it set) is not read again
 * (bench/learner-answers.ts). A course that did not complete is then diagnosed.
 */
import { connect, measuredCaller, type MeasuredCall, type MeasuredResult } from './mcp-calls.js';
import { courseDefect, diagnose } from './learner-diagnosis.js';
import { learnerStep, newLearnerMemory, type LearnerCall } from './learner-step.js';
import { chooseNextFromToc } from './learner-toc.js';
import {
  controlsKey,
  controlsWithoutQuestions,
  deliveredAnotherSco,
  leftPageAsItWas,
  statusAfter,
  type StepAnswer,
} from './learner-answers.js';
import { fittedBudget, type BudgetOverride } from './learner-budget.js';
import { mergeListing } from './learner-listing.js';
import { contextSaysNoMore, contextStillHolds, placeOf, type ContextPlace } from './learner-context-reuse.js';
import { settledQuestions } from './learner-settled.js';
import {
  isFinished,
  pageFingerprint,
  pageKey,
  stopReason,
  stoppedAt,
  type LearnerStatus,
  type StopReason,
} from './learner-stop-rules.js';
import type { LearnerJourneyResult } from './learner-table.js';

const SETTLE_MS = 2_000;
// How the step log names the reads before the step's actions.
const READ_NAMES: Record<string, string> = {
  scorm_get_page_state: 'page state',
  scorm_get_current_page_context: 'context',
  scorm_get_slide_map: 'slide map',
  scorm_dom_find_interactive_elements: 'elements',
  scorm_debug_api_calls: 'API anomalies',
};
const MAX_PAGES = 3;
// Player names that mean no player was recognised: no page context or slide map is read for them.
const NO_PLAYER = new Set(['', 'none', 'unknown', 'generic', 'plain']);

function asLearnerCall(call: MeasuredCall, results: MeasuredResult[]): LearnerCall {
  return async (tool, args) => {
    const data = (await call(tool, args)) as Record<string, unknown> | undefined;
    const last = results[results.length - 1];
    return {
      ok: last?.failed !== true && data !== undefined,
      data,
      ...(last?.error_code ? { error_code: last.error_code } : {}),
    };
  };
}

const str = (v: unknown): string | null =>
  typeof v === 'string' || typeof v === 'number' ? String(v) : null;

/** The final status and score, read from the data model in the course's own SCORM version. */
async function finalStatus(
  call: LearnerCall,
  session_id: string,
  version: string,
): Promise<{
  status: LearnerStatus;
  completion: string | null;
  success: string | null;
  score: string | null;
}> {
  const elements =
    version === '1.2'
      ? ['cmi.core.lesson_status', 'cmi.core.score.raw']
      : ['cmi.completion_status', 'cmi.success_status', 'cmi.score.raw', 'cmi.score.scaled'];
  const r = await call('scorm_data_model_get', { session_id, elements });
  const d = (r.data?.data ?? {}) as Record<string, unknown>;
  if (version === '1.2') {
    const lesson = str(d['cmi.core.lesson_status']);
    return {
      status: { lesson_status: lesson },
      completion: lesson,
      success: null,
      score: str(d['cmi.core.score.raw']),
    };
  }
  const raw = str(d['cmi.score.raw']);
  const scaled = str(d['cmi.score.scaled']);
  return {
    status: {
      completion_status: str(d['cmi.completion_status']),
      success_status: str(d['cmi.success_status']),
    },
    completion: str(d['cmi.completion_status']),
    success: str(d['cmi.success_status']),
    score: raw ?? (scaled !== null ? `scaled ${scaled}` : null),
  };
}

/** What the page context said of the page last read, kept while the page stays the same. */
interface ContextRead {
  slide: { current: number | null; total: number | null } | null;
  slideTitle: string | null;
  /** The slide's id, where the player gives one (Storyline's: slides may share a title). */
  slideId?: string | null;
  /** The player the page context named ('' when none was read). */
  player?: string;
}

export async function runLearnerJourney(
  serverEntry: string,
  course: string,
  packagePath: string,
  /** Calls or time fixed by the caller; what is not fixed follows the course's size (learner-budget.ts). */
  override: BudgetOverride = {},
  /** Told each step's actions, so that a long run can be followed. */
  log: (line: string) => void = () => {},
): Promise<LearnerJourneyResult> {
  const client = await connect(serverEntry);
  const results: MeasuredResult[] = [];
  const measured = measuredCaller(client, results);
  const call = asLearnerCall(measured, results);
  const started = Date.now();
  let budget = fittedBudget({ slides: null, activities: null, pages: 0 }, override);
  const result: LearnerJourneyResult = {
    course,
    steps: 0,
    tool_calls: 0,
    failed_calls: 0,
    wall_ms: 0,
    pages_seen: 0,
    slide_reached: null,
    slides_total: null,
    completion: null,
    success: null,
    score: null,
    stop: { kind: 'not_opened' },
    why: null,
    budget: { calls: budget.calls, ms: budget.ms, rule: budget.rule },
  };
  const count = (): void => {
    result.tool_calls = results.length;
    result.failed_calls = results.filter((r) => r.failed).length;
    result.wall_ms = Date.now() - started;
  };
  let session_id: string | null = null;
  try {
    // A new learner each time: a state saved by an earlier run would resume the course where that one left it.
    const opened = await call('scorm_open_course', { package_path: packagePath, new_attempt: true });
    session_id = typeof opened.data?.session_id === 'string' ? opened.data.session_id : null;
    if (!session_id) {
      count();
      result.why = `scorm_open_course failed${opened.error_code ? ` (${opened.error_code})` : ''}`;
      result.why = (await diagnose(measured, packagePath, null)) ?? result.why;
      return result;
    }
    const version = String(opened.data?.scorm_version ?? '2004');
    // A learner waits for the course to appear before reading it.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const memory = newLearnerMemory();
    // As an LMS does for a course of several SCOs: sequencing delivers them, and Next goes from one to the next.
    const sequencing = await call('scorm_sn_init', { session_id });
    const sequenced = sequencing.ok && sequencing.data?.sn_available === true;
    if (!sequenced) memory.lmsNextUnavailable = true;
    const activities = sequenced ? Number(sequencing.data?.activity_count ?? 0) : null;
    memory.multiSco = sequenced && (activities ?? 0) > 2;
    const fingerprints: string[] = [];
    const pages = new Set<string>();
    const fitBudget = (): void => {
      // A player that shows "13" on a slide has 13 slides at least, whatever its slide map listed (ispring-2: 2).
      const slides = Math.max(result.slides_total ?? 0, result.slide_reached ?? 0) || null;
      budget = fittedBudget({ slides, activities, pages: pages.size, popups: memory.popups.size }, override);
      result.budget = { calls: budget.calls, ms: budget.ms, rule: budget.rule };
    };
    fitBudget();
    let playerRecognised: boolean | null = null;
    let lastBlocker: string | null = null;
    let lastTitle = '';
    let slideTitle: string | null = null;
    let stop: StopReason | null = null;
    let askedWhyUntracked = false;
    let defectFound: string | null = null;
    // What the last reads said, reused while the actions' answers say the page is the same.
    let pageData: Record<string, unknown> | undefined;
    let fingerprint = '';
    let status: LearnerStatus | null = null;
    let listed: { key: string; elements: unknown; context: ContextRead } | null = null;
    // The element list read last: its questions, once answered, are known by their option refs.
    let lastListing: unknown = null;
    // The page context read last, with the page it was read on: a scroll moves through a page, not to another.
    let lastContext = null as { place: ContextPlace; context: ContextRead } | null;
    let scrolledOnly = false;
    // The context of a player that numbers no pages (lectora-1), read on this page: what the page shows on
    // it next (a pop-up, a checked option) changes nothing the context says, so it is not read again.
    let unnumbered = null as { page: string; context: ContextRead } | null;
    // The player lists no slides and numbered no page (lectora-1): its page context is read once only.
    let contextless = false;
    // The answers of the last step's calls, and whether the page must be read whatever they say.
    let answers: StepAnswer[] = [];
    let mustRead = true;
    let readLast = false;
    const stepCall: LearnerCall = async (tool, args) => {
      const r = await call(tool, args);
      answers.push({ tool, ok: r.ok, data: r.data });
      return r;
    };
    for (;;) {
      // The status the actions reported; the page is read unless they said it was left as it was, or
      // that the course is now finished (another SCO delivered is a new page and status).
      status = statusAfter(status, answers);
      // Never twice running: a slide that plays on changes by itself after an action's answer was read.
      const leftAsItWas: boolean = leftPageAsItWas(answers) && readLast;
      const known: boolean =
        !mustRead && !deliveredAnotherSco(answers) && (leftAsItWas || isFinished(status));
      readLast = !known;
      // The course finished on a page the last step changed and that is not read: a page seen all the same.
      const endedOnUnread = known && !leftAsItWas;
      answers = [];
      mustRead = false;
      const callsBefore = results.length;
      if (!known) {
        const page = await call('scorm_get_page_state', { session_id, include_snapshot: false });
        pageData = page.data;
        fingerprint = pageFingerprint(page.data);
        status = (page.data?.scorm as LearnerStatus | undefined) ?? null;
      }
      // A pop-up not seen before is a new page to the learner, though page state tells it from the last one by
      // nothing (rise-2's pictures without text): the journey is not stuck while it opens new ones.
      const mark = memory.popups.mark(fingerprint);
      fingerprints.push(mark);
      const p = (pageData ?? {}) as { scorm?: LearnerStatus & { initialize_state?: string; exit?: string } };
      // The slide title read at the last step, else the document's: where the learner is.
      lastTitle = slideTitle ?? String(pageData?.title ?? '');
      count();
      stop = stopReason(
        { status, fingerprints, calls: result.tool_calls, elapsedMs: result.wall_ms },
        budget,
      );
      if (stop?.kind === 'completed' && sequenced) {
        // One SCO done: the course goes on to its next SCO until sequencing has none.
        const next = await call('scorm_nav_next', { session_id });
        log(`  SCO completed; scorm_nav_next: ${String(next.data?.outcome ?? next.error_code)}`);
        mustRead = true;
        if (next.ok && next.data?.outcome === 'delivered') {
          await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
          continue;
        }
        // Flow off: the learner picks the next activity from the LMS's menu.
        const chosen = next.data?.session_ended === true ? null : await chooseNextFromToc(call, session_id);
        if (chosen?.delivered) {
          log(`  ${chosen.action}: delivered`);
          await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
          continue;
        }
        if (next.data?.session_ended === true) {
          const exit = p.scorm?.exit;
          lastBlocker = `the LMS ended the course session after this SCO${exit ? ` (the SCO left cmi exit "${exit}")` : ''}: ${String(next.data?.message ?? '').slice(0, 100)}`;
          stop = { kind: 'session_ended' };
          break;
        }
      }
      if (!stop && !askedWhyUntracked && p.scorm?.initialize_state === 'none') {
        // A course that has not called Initialize by now is asked about once: one that switched its own
        // tracking off records nothing whatever the learner does (adapt-1), and our tools say so while it runs.
        askedWhyUntracked = true;
        const why = await call('scorm_debug_api_calls', { session_id });
        const never = ((why.data?.anomalies ?? []) as Array<{ type?: string; severity?: string }>).find(
          (a) => a.severity === 'error' && a.type === 'initialize_never_called',
        );
        if (never) {
          pages.add(pageKey(pageData, slideTitle));
          stop = { kind: 'course_defect' };
          defectFound = courseDefect(undefined, why.data);
          break;
        }
      }
      if (stop) {
        // The page the journey ended on is a page seen too, when the last step changed it.
        if (fingerprints.at(-2) !== mark || endedOnUnread) pages.add(pageKey(pageData, `after ${lastTitle}`));
        break;
      }

      // The page context and the controls read last are the page's still while page state lists the same
      // page and the same controls in the same states: they are not read again.
      const key = controlsKey(fingerprint, pageData);
      let context: ContextRead;
      let elements: unknown;
      if (listed && key !== null && listed.key === key) {
        ({ context, elements } = listed);
      } else {
        const place = placeOf(pageData, lastContext?.context.player ?? '');
        const samePage = pageKey(pageData, null);
        if (lastContext && contextStillHolds(lastContext.place, place, scrolledOnly)) {
          // More of the same page came into view: where the learner is has not changed; the controls are read again.
          context = lastContext.context;
        } else if (unnumbered?.page === samePage) context = unnumbered.context;
        else if (contextless) context = { slide: null, slideTitle: shownTitle(pageData) };
        else {
          const read = await readContext(call, session_id, playerRecognised, result);
          if ('hidden' in read) {
            lastBlocker = read.hidden;
            stop = { kind: 'course_hidden' };
            break;
          }
          // A player that lists no slides and numbered none here says no more than page state: not read again.
          const saysNoMore = contextSaysNoMore(read.context, shownTitle(pageData));
          if (read.unlisted && !numbered(read.context) && read.context.slide?.total == null && saysNoMore)
            contextless = true;
          playerRecognised = read.recognised;
          context = read.context;
          lastContext = { place: placeOf(pageData, context.player ?? ''), context };
          unnumbered = numbered(context) || !saysNoMore ? null : { page: samePage, context };
        }
        // Questions of the last element list already answered ask nothing new: page state's list stands for it.
        const settled = settledQuestions(lastListing, (q) => memory.answered.has(q));
        const fromPageState = controlsWithoutQuestions(pageData, settled);
        if (!fromPageState) lastListing = await readElements(call, session_id);
        elements = fromPageState ?? lastListing;
        listed = key === null ? null : { key, elements, context };
      }
      slideTitle = context.slideTitle;
      // Which slide: its id tells apart slides of one title (storyline-2's two "סיכום").
      const slide = context.slideId ? `${slideTitle ?? ''} [${context.slideId}]` : slideTitle;
      pages.add(pageKey(pageData, slide));
      fitBudget();
      if (slideTitle) lastTitle = slideTitle;
      const answersBefore = answers.length;
      const outcome = await learnerStep(
        stepCall,
        {
          session_id,
          fingerprint,
          place: slide ?? fingerprint,
          page: pageKey(pageData, slide),
          elements,
          slide: context.slide,
        },
        memory,
      );
      result.steps++;
      scrolledOnly = outcome.actions.length > 0 && outcome.actions.every((a) => a === 'scorm_scroll to end');
      const answersCount = answers.length - answersBefore;
      const stepCalls = results.length - callsBefore;
      const reads = results
        .slice(callsBefore, callsBefore + stepCalls - answersCount)
        .map((r) => READ_NAMES[r.tool] ?? r.tool)
        .join(', ');
      if (outcome.blocker) lastBlocker = outcome.blocker;
      else if (outcome.actions.length) lastBlocker = null;
      log(
        `  step ${result.steps} (${stepCalls} calls; read: ${reads || 'nothing'}): ${outcome.actions.join('; ') || '(nothing)'}${outcome.blocker ? ` [${outcome.blocker}]` : ''}`,
      );
    }
    result.stop = stop;
    result.pages_seen = pages.size;
    const final = await finalStatus(call, session_id, version);
    result.completion = final.completion;
    result.success = final.success;
    result.score = final.score;
    count();
    // Closed first: the record of an ended visit holds what a live one cannot yet say (a SCO that never
    // called Initialize has no attempt until the visit ends: adapt-1 named no defect while open).
    await measured('scorm_session_close', { session_id });
    // A way on to nothing does not stop a learner who completes by another: named all the same.
    const deadWaysOn = [...memory.deadWaysOn.values()].join('; ');
    if (stop.kind === 'completed' && deadWaysOn) result.why = `course defect met on the way: ${deadWaysOn}`;
    if (stop.kind !== 'completed') {
      const defect = defectFound ?? (await diagnose(measured, packagePath, session_id));
      // Both when both are known: a named defect need not be what the learner was stopped by.
      const stopped = stoppedAt(stop, lastBlocker, `page "${lastTitle.slice(0, 40)}"`);
      result.why = [defect, deadWaysOn, stopped].filter(Boolean).join('; ');
    }
    return result;
  } finally {
    result.wall_ms = result.wall_ms || Date.now() - started;
    await client.close();
  }
}

/** Whether the player gave the slide's place in the course: then another slide may keep the page's title. */
const numbered = (context: ContextRead): boolean => context.slide?.current != null;

/**
 * Where the learner is, from the page context when a player is recognised (its slide map read once, for
 * the course's size), or the player's undrawn stage that ends the journey.
 */
async function readContext(
  call: LearnerCall,
  session_id: string,
  playerRecognised: boolean | null,
  result: LearnerJourneyResult,
): Promise<{ hidden: string } | { context: ContextRead; recognised: boolean | null; unlisted?: boolean }> {
  if (playerRecognised === false) return { context: { slide: null, slideTitle: null }, recognised: false };
  const ctx = await call('scorm_get_current_page_context', { session_id });
  const hidden = ctx.data?.blocked_by_overlay as
    | { stage?: { selector?: string; why?: string }; course_text?: { element?: { text?: string } } }
    | undefined;
  // Only a player's undrawn stage ends the journey: a full-frame cover may be a popup the learner
  // closes (Adapt's feedback) or, on a Captivate slide, a full-slide shape (a false cover, not yet fixed).
  if (hidden?.stage) {
    const element = hidden.course_text?.element?.text ?? '';
    return {
      hidden: `the course hid its player's stage ${hidden.stage.selector ?? ''} (${hidden.stage.why ?? ''}) and draws ${element || 'nothing'} in its place`,
    };
  }
  const player = String((ctx.data?.player as { name?: unknown } | undefined)?.name ?? '');
  let recognised: boolean | null = playerRecognised;
  let unlisted = false;
  if (recognised === null) {
    recognised = !NO_PLAYER.has(player.toLowerCase());
    if (recognised) {
      const map = await call('scorm_get_slide_map', { session_id });
      unlisted = map.ok && map.data?.not_applicable !== undefined;
      const total = map.data?.total;
      if (typeof total === 'number' && total > 0 && !map.data?.not_applicable) result.slides_total = total;
    }
  }
  const current = typeof ctx.data?.slide_number === 'number' ? ctx.data.slide_number : null;
  const total = typeof ctx.data?.total_slides === 'number' ? ctx.data.total_slides : result.slides_total;
  if (result.slides_total === null && total !== null) result.slides_total = total;
  if (current !== null) result.slide_reached = Math.max(result.slide_reached ?? 0, current);
  const slideTitle = recognised && typeof ctx.data?.page_title === 'string' ? ctx.data.page_title : null;
  const slideId = recognised && typeof ctx.data?.slide_id === 'string' ? ctx.data.slide_id : null;
  return {
    context: { slide: { current, total }, slideTitle, slideId, player: player.toLowerCase() },
    recognised,
    unlisted,
  };
}

/** The page's title as the page context gives it when a player names none: the first heading, else the document's. */
function shownTitle(pageState: Record<string, unknown> | undefined): string | null {
  const heading = (pageState?.headings as Array<{ text?: unknown }> | undefined)?.[0]?.text;
  const title = pageState?.title;
  return typeof heading === 'string' && heading ? heading : typeof title === 'string' && title ? title : null;
}

/** The page's controls; a learner sees the whole page: the listing's further pages (a popup's Close often comes last) too. */
async function readElements(call: LearnerCall, session_id: string): Promise<unknown> {
  const elements = await call('scorm_dom_find_interactive_elements', { session_id });
  for (
    let page = 1, cursor = elements.data?.next_cursor;
    typeof cursor === 'string' && page < MAX_PAGES;
    page++
  ) {
    if (mainContentRead(elements.data)) break;
    const more = await call('scorm_dom_find_interactive_elements', { session_id, cursor });
    if (elements.data) mergeListing(elements.data, more.data);
    cursor = more.data?.next_cursor;
  }
  return elements.data;
}

/**
 * Whether the pages read hold the page's main content whole, with its way on, so that what follows is only
 * beside it (a course outline, listed last): a learner goes on by the page's own controls; rise-3's 30
 * outline links cost a further page on every quiz step. Without a way on in the main content, the rest is
 * read (rise-1 puts its lesson's "Lesson 4 - …" link after its main landmark).
 */
function mainContentRead(data: Record<string, unknown> | undefined): boolean {
  const counts = data?.counts as Record<string, number> | undefined;
  const outside = counts?.outside_main ?? 0;
  const total = counts?.interactive_elements ?? 0;
  const listed = (data?.interactive_elements ?? []) as Array<{
    purpose?: string;
    state?: { disabled?: boolean };
  }>;
  const wayOn = listed.some(
    (c) => (c.purpose === 'next' || c.purpose === 'start_resume') && !c.state?.disabled,
  );
  return outside > 0 && wayOn && listed.length >= total - outside;
}
