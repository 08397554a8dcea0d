/**
 * One step of the learner journey, with our tools' answers only (refs from the last
 * scorm_dom_find_interactive_elements, no hand-written selectors or scripts): answer what is asked, read
 * to the end of the page, then go on as a learner would.
 */
import { atWayOnPlace, WayOnPlaces } from './learner-arrow-place.js';
import { PlayerChrome } from './learner-chrome.js';
import { DeadEnds } from './learner-dead-end.js';
import { DroppedItems, pageChangedAfterDrop } from './learner-drops.js';
import { deadWayOn } from './learner-dead-link.js';
import { dragFeedbackStep, noteDragAnswered } from './learner-drag-feedback.js';
import { LockedNextPages, leftThePage, lockedNext, wayOnPastPopup } from './learner-popups.js';
import { OpenedByLearner } from './learner-dialog.js';
import { MAX_POPUP_PAGES, numberedItems, popupPager } from './learner-popup-walk.js';
import { PopupsSeen } from './learner-popup-units.js';
import { closedOntoPageBelow, nextInRow, type PageBelow } from './learner-popup-row.js';
import { AnsweredQuestions } from './learner-retake.js';
import { foldedSections } from './learner-sections.js';
import { numberedChoice } from './learner-choices.js';
import { EndsReached } from './learner-scroll-end.js';
import { scrolledToSomething, worthScrolling } from './learner-stop-rules.js';
import { AnswerVerdicts } from './learner-verdicts.js';
import { chooseNextFromToc } from './learner-toc.js';
import { UnlockedControls } from './learner-unlocked.js';
import { LearnedWayOn } from './learner-way-on.js';
import { pressable } from './learner-pressable.js';

/** A tool call that says whether it failed and why, besides its structured answer. */
export type LearnerCall = (
  tool: string,
  args: Record<string, unknown>,
) => Promise<{ ok: boolean; data: Record<string, unknown> | undefined; error_code?: string }>;

interface Control {
  ref?: string;
  name?: string;
  role?: string;
  purpose?: string;
  tag?: string;
  /** For answer options and fields: the question they belong to (a field's label). */
  question?: string;
  state?: {
    disabled?: boolean;
    visible?: boolean;
    draggable?: boolean;
    drop_target?: boolean;
    visually_hidden?: boolean;
    /** A folded section (an accordion's): opened with the others in one step. */
    expanded?: boolean;
    /** The course shows the field as wrong: it is answered again. */
    invalid?: boolean;
    /** A link to another site: no learner leaves the course that way to go on. */
    external?: boolean;
  };
}

interface Assessment {
  /** `dropdown`: the rows of a drop-down the course draws, chosen by a click. */
  kind?: string;
  question?: string;
  selector?: string;
  type?: string;
  options?: string[];
  /** Drop targets of a drag-and-drop question (its options are the items to drag). */
  targets?: string[];
}

interface Elements {
  interactive_elements?: Control[];
  assessments?: Assessment[];
}

/** What the journey remembers between steps of one course. */
export interface LearnerMemory {
  /** Per question: how many times it was answered (the option tried next). */
  tries: Map<string, number>;
  /** Questions answered and not yet found still in the way, forgotten when their page is come back to. */
  answered: AnsweredQuestions;
  /** Pages (fingerprints) already scrolled to the end. */
  scrolled: Set<string>;
  /** The page the last step only scrolled to its very end (learner-scroll-end.ts). */
  endsReached: EndsReached;
  /** The fingerprint of the page the last "go on" was made from. */
  wentOnFrom: string | null;
  /** The LMS has no sequencing Next for this course (single SCO). */
  lmsNextUnavailable: boolean;
  /**
   * Controls already followed, by place and name (a course menu's entries, one by one): the same name on
   * another slide is another control (storyline-2's arrow image "nav1.png" goes on from every slide).
   */
  followed: Set<string>;
  /** The course has several SCOs: the LMS's Next goes from one to the next, before the course's own links. */
  multiSco: boolean;
  /** Pages running where scrolling to the end moved nothing (learner-stop-rules.ts worthScrolling). */
  unmovedScrolls: number;
  /** The last drag-and-drop the journey could not do: a course that locks its way on behind it says why. */
  dragGate: string | null;
  /** Controls seen on other pages too: the player's frame, tried after what the page itself offers. */
  chrome: PlayerChrome;
  /** Pages where a pop-up was opened because Next was locked: further pop-ups are opened without closing. */
  lockedNext: LockedNextPages;
  /** What the learner's last action opened (a drawer, a dialog): closed before anything else. */
  opened: OpenedByLearner;
  /** Slides whose own Next left them as they were: left by the player's next slide, without watching. */
  deadEnds: DeadEnds;
  /** Controls that took the learner on to a new page: pressed first when they come back. */
  wayOn: LearnedWayOn;
  /** The course's ways on that lead nowhere (learner-dead-link.ts), by place and name: not followed again. */
  deadWaysOn: Map<string, string>;
  /** The last step clicked one of the page's numbered items: the pop-up it opened is paged through. */
  itemOpened: boolean;
  /** A way on whose click threw page errors, named dead if the next step is on the same page. */
  suspectWayOn: { key: string; page: string; note: string } | null;
  /** What the course said of each answer: on a retake, the answers it said were right are given again. */
  verdicts: AnswerVerdicts;
  /** Where controls named alike that took the learner on were drawn (learner-arrow-place.ts). */
  wayOnPlaces: WayOnPlaces;
  /** Items dropped by question, while a drop may take the learner elsewhere (learner-drops.ts). */
  dropped: DroppedItems;
  /** Buttons seen disabled, pressed once when the course enables them (learner-unlocked.ts). */
  unlocked: UnlockedControls;
  /** Pop-ups the learner opened, counted in the course's size (learner-popup-units.ts). */
  popups: PopupsSeen;
  /** The page read at the last step: the page below a pop-up that came up since (learner-popup-row.ts). */
  lastRead: PageBelow<Control> | null;
}

export function newLearnerMemory(): LearnerMemory {
  return {
    tries: new Map(),
    answered: new AnsweredQuestions(),
    scrolled: new Set(),
    endsReached: new EndsReached(),
    wentOnFrom: null,
    lmsNextUnavailable: false,
    followed: new Set(),
    multiSco: false,
    unmovedScrolls: 0,
    dragGate: null,
    chrome: new PlayerChrome(),
    lockedNext: new LockedNextPages(),
    opened: new OpenedByLearner(),
    deadEnds: new DeadEnds(),
    wayOn: new LearnedWayOn(),
    deadWaysOn: new Map(),
    itemOpened: false,
    suspectWayOn: null,
    verdicts: new AnswerVerdicts(),
    wayOnPlaces: new WayOnPlaces(),
    dropped: new DroppedItems(),
    unlocked: new UnlockedControls(),
    popups: new PopupsSeen(),
    lastRead: null,
  };
}

export interface StepContext {
  session_id: string;
  fingerprint: string;
  /** Where the learner is: the slide title when a player names it, else the page's fingerprint. */
  place: string;
  /** Which page this is (title, heading, slide: learner-stop-rules.ts pageKey); the fingerprint when not given. */
  page?: string;
  elements: unknown;
  /** The player's current slide and slide count, when a player is recognised. */
  slide: { current: number | null; total: number | null } | null;
}

export interface StepOutcome {
  actions: string[];
  /** The control or tool the learner could not get past in this step, if any. */
  blocker: string | null;
}

// Unnamed controls are told apart by ref.
const followedKey = (ctx: StepContext, c: Control): string => `${ctx.place}|${c.name || c.ref || ''}`;
/** One control by its ref, whatever its name (a name may change with its state, or be shared by several). */
const pressedKey = (ctx: StepContext, c: Control): string => `${ctx.place}|ref:${c.ref ?? ''}`;
const questionKey = (a: Assessment): string => `${a.selector ?? ''}|${a.question ?? ''}`;
// A sighted learner neither sees nor clicks a visually hidden control (a skip link, an off-screen copy).
const enabled = (c: Control): boolean => pressable(c);
/** Answer options are often visually hidden inputs under their drawn labels: clicking one reaches the label. */
const answerable = (c: Control): boolean => c.state?.disabled !== true && c.state?.visible !== false;
const describe = (c: Control | undefined, ref: string): string =>
  c ? `${c.role ?? 'control'} "${(c.name ?? '').slice(0, 40)}" (${ref})` : ref;
/** A control once followed is not followed again: by its name, or its ref when it has none (Lectora's unnamed image buttons). */
const SHORT_ANSWER = 'answer';
const SHORT_NUMBER = '1';
// What a learner writes where a field asks for it by its label (ispring-2's form wants a real email).
const EMAIL_FIELD = /e-?mail/i;
const EMAIL = 'learner@example.com';
const DIGITS_FIELD = /\b(phone|tel|mobile|id|number|zip|postcode)\b/i;
const DIGITS = '123456789';

/**
 * A short text for a field, by what its label asks: an email, digits, else a word; a field shown wrong
 * after `tries` answers gets the next of these kinds.
 */
function textFor(c: Control | undefined, question: string | undefined, tries: number): string {
  if (c?.role === 'spinbutton') return SHORT_NUMBER;
  const label = `${c?.name ?? ''} ${question ?? ''}`;
  const first = EMAIL_FIELD.test(label) ? EMAIL : DIGITS_FIELD.test(label) ? DIGITS : SHORT_ANSWER;
  if (c?.state?.invalid !== true) return first;
  const kinds = [first, ...[SHORT_ANSWER, DIGITS, EMAIL].filter((k) => k !== first)];
  return kinds[tries % kinds.length]!;
}
const NEXT_PURPOSES = ['next', 'start_resume'];
const DRAG_ITEM = /drag/;
// Fewer than the stuck rule's steps, so that a slide that never moves on is still skipped.
const WATCH_STEPS = 2;
const WATCH_MS = 5_000;
const LOOK_AGAIN_MS = 2_000;
const DROP_TARGET = /drop/;

function failure(tool: string, what: string, error_code: string | undefined): string {
  return `${tool} on ${what}${error_code ? ` (${error_code})` : ''}`;
}

// Read before the answer: a Submit disabled until an option is chosen (Rise's knowledge check) is enabled
// once it is, as the learner sees it.
const isSubmit = (c: Control): boolean =>
  c.purpose === 'submit' && !!c.ref && enabled({ ...c, state: { ...c.state, disabled: false } });

/**
 * Answers the questions not yet answered: an option by ref, a short text, a select moved one option down;
 * each question then submitted by its own Submit, the first listed after the option chosen, as a learner
 * answers one question after another (adapt-2: a dialog's email field and OK, then one Submit under each
 * question), or after the last of the questions one Submit serves (ispring-2's form of six fields); the page's
 * first Submit when none follows.
 */
async function answer(
  call: LearnerCall,
  ctx: StepContext,
  memory: LearnerMemory,
  controls: Control[],
  assessments: Assessment[],
  dragged: boolean,
): Promise<StepOutcome> {
  const byRef = new Map(controls.filter((c) => c.ref).map((c) => [c.ref!, c]));
  const actions: string[] = [];
  let blocker: string | null = null;
  const pressed = new Set<Control>();
  const answeredNow: string[] = [];
  const press = async (submit: Control): Promise<void> => {
    pressed.add(submit);
    memory.followed.add(submittedKey(memory));
    const r = await call('scorm_dom_click', { session_id: ctx.session_id, ref: submit.ref });
    actions.push(`scorm_dom_click ${describe(submit, submit.ref!)}`);
    if (!r.ok) blocker = failure('scorm_dom_click', describe(submit, submit.ref!), r.error_code);
  };
  for (const a of assessments) {
    const key = questionKey(a);
    if (a.targets?.length) {
      blocker = (await dragEach(call, ctx, memory, byRef, a, actions)) ?? blocker;
      continue;
    }
    const options = (a.options ?? []).filter((ref) => {
      const c = byRef.get(ref);
      return !c || (answerable(c) && c.state?.draggable !== true);
    });
    // A field the course shows as wrong is answered again, as the learner who sees it drawn red does.
    const shownWrong = options.some((ref) => byRef.get(ref)?.state?.invalid === true);
    if ((memory.answered.has(key) && !shownWrong) || options.length === 0) continue;
    const tried = memory.tries.get(key) ?? 0;
    // An answer the course said was right is given again; any other question gets its next option.
    const tries = memory.verdicts.of(key) === 'right' && tried > 0 ? tried - 1 : tried;
    memory.tries.set(key, tries + 1);
    memory.answered.add(key);
    const drawnRows = a.kind === 'dropdown';
    const refs =
      (a.type === 'text_entry' || a.type === 'selection') && !drawnRows
        ? options
        : [options[tries % options.length]!];
    // Options a course judges (a field's text or a drop-down's row is not told right or wrong on leaving).
    const choice = (c: Control | undefined): boolean => c?.role === 'radio' || c?.role === 'checkbox';
    if (!drawnRows && a.type !== 'text_entry' && a.type !== 'selection' && choice(byRef.get(refs[0]!)))
      answeredNow.push(key);
    for (const ref of refs) {
      const c = byRef.get(ref);
      const { tool, args } = drawnRows
        ? { tool: 'scorm_dom_click', args: { ref } }
        : a.type === 'selection' || c?.role === 'combobox' || c?.role === 'listbox'
          ? { tool: 'scorm_keyboard_type', args: { text: '', options: { ref, keys: ['ArrowDown'] } } }
          : a.type === 'text_entry' || c?.purpose === 'text_entry'
            ? { tool: 'scorm_dom_fill', args: { ref, value: textFor(c, a.question, tries) } }
            : { tool: 'scorm_dom_click', args: { ref } };
      const r = await call(tool, { session_id: ctx.session_id, ...args });
      actions.push(`${tool} ${describe(c, ref)}`);
      if (!r.ok) blocker = failure(tool, describe(c, ref), r.error_code);
    }
    // A Submit listed after further questions' options serves them too (a form's fields): pressed after the last.
    const others = new Set(assessments.filter((o) => o !== a).flatMap((o) => o.options ?? []));
    const at = controls.findIndex((c) => c.ref === refs[refs.length - 1]);
    const next =
      at >= 0 ? controls.slice(at + 1).find((c) => isSubmit(c) || others.has(c.ref ?? '')) : undefined;
    const own = next && isSubmit(next) ? next : undefined;
    if (own && !pressed.has(own)) await press(own);
  }
  const first = controls.find(isSubmit);
  if ((dragged || actions.length > 0) && pressed.size === 0 && first) await press(first);
  // No Submit: the course judges the answers when the learner leaves the page (goOn reads its verdict).
  if (pressed.size === 0)
    for (const key of answeredNow) await memory.verdicts.answeredWithoutSubmit(call, ctx.session_id, key);
  return { actions, blocker };
}

/**
 * A drag-and-drop answered as a learner who may be wrong: each item onto a target in turn (item i onto
 * target i, round the targets), shifted by one target at each new try of the question.
 */
async function dragEach(
  call: LearnerCall,
  ctx: StepContext,
  memory: LearnerMemory,
  byRef: Map<string, Control>,
  a: Assessment,
  actions: string[],
): Promise<string | null> {
  const key = questionKey(a);
  const targets = a.targets ?? [];
  const usable = (a.options ?? []).filter((ref) => {
    const c = byRef.get(ref);
    return !c || answerable(c);
  });
  // Back from where a drop took the learner: the items not yet dropped.
  const items = memory.dropped
    .notDropped(
      key,
      usable.map((ref) => ({ ref, name: byRef.get(ref)?.name })),
    )
    .map((i) => i.ref);
  if (memory.answered.has(key) || items.length === 0 || targets.length === 0) return null;
  const tries = memory.tries.get(key) ?? 0;
  memory.tries.set(key, tries + 1);
  memory.answered.add(key);
  let blocker: string | null = null;
  for (const [i, item] of items.entries()) {
    const target = targets[(i + tries) % targets.length]!;
    const failed = await drag(call, ctx, byRef, item, target, actions);
    if (pageChangedAfterDrop(i, failed !== null)) {
      // The last drop took the learner elsewhere: the rest is dropped when the question is back.
      memory.answered.delete(key);
      return null;
    }
    if (failed === null) memory.dropped.dropped(key, byRef.get(item)?.name);
    blocker = failed ?? blocker;
  }
  // Every item dropped in one go: a new try (another arrangement) drops them all again.
  if (items.length === usable.length) memory.dropped.forget(key);
  noteDragAnswered(
    memory,
    key,
    ctx.page ?? ctx.fingerprint,
    [...byRef.values()].map((c) => c.name),
    [...byRef.values()].map((c) => c.ref),
  );
  return blocker;
}

async function drag(
  call: LearnerCall,
  ctx: StepContext,
  byRef: Map<string, Control>,
  from: string,
  to: string,
  actions: string[],
): Promise<string | null> {
  const r = await call('scorm_pointer_drag', {
    session_id: ctx.session_id,
    from: { ref: from },
    to: { ref: to },
  });
  actions.push(`scorm_pointer_drag ${describe(byRef.get(from), from)} -> ${describe(byRef.get(to), to)}`);
  return r.ok ? null : failure('scorm_pointer_drag', describe(byRef.get(from), from), r.error_code);
}

/**
 * Goes on: the course's own next control by ref, else the LMS's Next, else the player's next slide, else
 * a link of the page not yet followed.
 */
async function goOn(
  call: LearnerCall,
  ctx: StepContext,
  memory: LearnerMemory,
  controls: Control[],
): Promise<StepOutcome> {
  memory.wentOnFrom = ctx.fingerprint;
  memory.answered.leave();
  const pastPopup = popupWayOn(ctx, memory, controls);
  if (pastPopup && pastPopup.purpose !== 'next') return openPopups(call, ctx, memory, controls);
  // A popup the learner opened (feedback, a hotspot's text) is closed before anything else, unless it was
  // opened to unlock the page's Next (learner-popups.ts).
  const close = controls.find((c) => c.purpose === 'close' && c.ref && enabled(c));
  if (close && !pastPopup && !memory.followed.has(`close|${ctx.fingerprint}`)) {
    memory.followed.add(`close|${ctx.fingerprint}`);
    return clickOn(call, ctx, close);
  }
  if (memory.multiSco && !memory.lmsNextUnavailable) {
    // Between SCOs a learner uses the LMS's Next: a course link to another page leaves the SCO behind the LMS's back.
    const r = await call('scorm_nav_next', { session_id: ctx.session_id });
    if (r.ok && r.data?.outcome === 'delivered') return { actions: ['scorm_nav_next'], blocker: null };
    memory.lmsNextUnavailable = true;
  }
  // Left by the player's next slide (its menu), where the player has one.
  const slide = ctx.slide;
  const nextSlide = slide?.current != null && slide.total != null && slide.current < slide.total;
  const atDeadEnd = nextSlide && memory.deadEnds.has(ctx.place);
  for (const purpose of atDeadEnd ? [] : NEXT_PURPOSES) {
    const next = controls.find(
      (c) =>
        c.purpose === purpose &&
        c.ref &&
        enabled(c) &&
        !memory.deadWaysOn.has(followedKey(ctx, c)) &&
        !numberedChoice(controls, c),
    );
    if (!next) continue;
    memory.deadEnds.pressedNext(ctx.fingerprint);
    const r = await call('scorm_dom_click', { session_id: ctx.session_id, ref: next.ref });
    const what = describe(next, next.ref!);
    const broke = r.ok ? deadWayOn(next.name ?? '', r.data) : null;
    // Named once the next read shows the learner still on this page (a way on may throw and still go on).
    memory.suspectWayOn = broke ? { key: followedKey(ctx, next), page: ctx.place, note: broke } : null;
    // The tool says when a click changed nothing at all: on the course's own Next, a dead end of the course.
    const deadEnd =
      r.ok && r.data?.changed === false
        ? `the course's ${what} changed nothing on "${ctx.place.slice(0, 40)}" (changed: false): a dead end`
        : null;
    // The course judges on the click, before its page goes (lectora-1's alert): read even when the click's
    // answer came before the navigation.
    const said =
      r.ok && memory.verdicts.waiting ? await memory.verdicts.readAfterLeaving(call, ctx.session_id) : null;
    return {
      actions: [`scorm_dom_click ${what}`, ...(said ? [`scorm_session_events: ${said}`] : [])],
      blocker: r.ok ? deadEnd : failure('scorm_dom_click', what, r.error_code),
    };
  }
  if (!memory.lmsNextUnavailable) {
    const r = await call('scorm_nav_next', { session_id: ctx.session_id });
    const outcome = r.data?.outcome;
    if (r.ok && outcome === 'delivered') return { actions: ['scorm_nav_next'], blocker: null };
    if (r.data?.not_applicable || r.data?.applicable === false) memory.lmsNextUnavailable = true;
    else
      return {
        actions: ['scorm_nav_next'],
        blocker: `scorm_nav_next: ${String(outcome ?? r.error_code ?? 'failed')}${r.data?.reason ? ` (${String(r.data.reason).slice(0, 80)})` : ''}`,
      };
  }
  // A course waiting for Play is started before anything is skipped.
  const play = controls.find(
    (c) => c.purpose === 'play_pause' && /^play\b/i.test(c.name ?? '') && c.ref && enabled(c),
  );
  if (play && !memory.followed.has(`play|${ctx.fingerprint}`)) {
    memory.followed.add(`play|${ctx.fingerprint}`);
    return clickOn(call, ctx, play);
  }
  if (nextSlide && slide?.current != null) {
    // A learner watches a slide play (its Next often appears at the end of its timeline) before skipping it.
    const key = `watch|${slide.current}`;
    const watched = memory.tries.get(key) ?? 0;
    if (watched < WATCH_STEPS && !atDeadEnd) {
      memory.tries.set(key, watched + 1);
      await new Promise((resolve) => setTimeout(resolve, WATCH_MS));
      return { actions: [`watched slide ${slide.current} for ${WATCH_MS / 1000} s`], blocker: null };
    }
    const r = await call('scorm_navigate_to_slide', {
      session_id: ctx.session_id,
      slide: slide.current + 1,
    });
    const moved = r.ok && r.data?.navigated === true;
    const why = atDeadEnd
      ? ` (the course's dead end: its Next and the slide's own buttons left "${ctx.place.slice(0, 40)}" as it was)`
      : '';
    return {
      actions: [`scorm_navigate_to_slide ${slide.current + 1}${why}`],
      blocker: moved
        ? null
        : `scorm_navigate_to_slide ${slide.current + 1}: ${r.error_code ?? String(r.data?.reason ?? 'not navigated').slice(0, 80)}`,
    };
  }
  // A page without a next control is a menu to a learner: its entries are opened one by one; then what
  // else it offers to click (hotspots, tabs, a Play that starts the course), each once.
  const notFollowed = (c: Control): boolean =>
    !!c.ref && enabled(c) && c.state?.external !== true && !memory.followed.has(followedKey(ctx, c));
  const notPressed = (c: Control): boolean =>
    !!c.ref && enabled(c) && c.state?.external !== true && !memory.followed.has(pressedKey(ctx, c));
  const page = ctx.page ?? ctx.fingerprint;
  // What the page itself offers first; the player's frame (Home, Help, an outline) only after.
  const own = controls.filter((c) => !memory.chrome.has(page, c.name));
  const frame = controls.filter((c) => memory.chrome.has(page, c.name));
  // A button the course has just enabled (a section, a grey arrow turned on) goes on before anything else.
  const unlocked = memory.unlocked.next(page, controls);
  if (unlocked) {
    memory.unlocked.pressedOnce(unlocked.name);
    memory.followed.add(followedKey(ctx, unlocked));
    memory.followed.add(pressedKey(ctx, unlocked));
    return clickOn(call, ctx, unlocked);
  }
  // A control that took the learner on before (storyline-2's arrow) is pressed again where it comes back.
  const learned = controls.find((c) => c.role === 'button' && memory.wayOn.knows(c.name) && notFollowed(c));
  const entry =
    learned ??
    [own, frame]
      .map(
        (list) =>
          list.find((c) => c.purpose === 'link' && notFollowed(c)) ??
          list.find((c) => c.purpose === 'play_pause' && /^play\b/i.test(c.name ?? '') && notFollowed(c)) ??
          list.find((c) => c.purpose === 'other' && c.role === 'button' && notFollowed(c)) ??
          // Last, a clickable drawn only as a picture, which nothing names (rise-2's ENTER over its splash).
          list.find((c) => c.purpose === 'other' && c.role === 'generic' && !c.name && notFollowed(c)) ??
          // A button named like one pressed here, yet another control (storyline-2's arrows "Group 1" on each
          // new layer of a slide).
          list.find((c) => c.purpose === 'other' && c.role === 'button' && notPressed(c)),
      )
      .find((c) => c !== undefined);
  if (entry) {
    if (lockedNext(controls)) {
      if (openerNotFollowed(ctx, memory, page)(entry)) {
        memory.lockedNext.opened(ctx.place);
        return openPopups(call, ctx, memory, controls);
      }
      // Next locked and nothing of the page's own to click: its controls may still be appearing (lectora-1's
      // Guide shows its button after the page), so the learner looks again once before the player's frame.
      if (frame.includes(entry) && !memory.followed.has(`look again|${page}`)) {
        memory.followed.add(`look again|${page}`);
        await new Promise((resolve) => setTimeout(resolve, LOOK_AGAIN_MS));
        return { actions: [`looked again after ${LOOK_AGAIN_MS / 1000} s (Next locked)`], blocker: null };
      }
      memory.lockedNext.opened(ctx.place);
    }
    // Buttons named alike are told apart by where they are drawn (storyline-2's arrows "Group 1").
    const twins =
      entry.role === 'button'
        ? controls.filter((c) => c.role === 'button' && c.name === entry.name && notPressed(c))
        : [];
    const chosen = await atWayOnPlace(call, ctx.session_id, memory.wayOnPlaces, entry, twins);
    memory.followed.add(followedKey(ctx, chosen));
    memory.followed.add(pressedKey(ctx, chosen));
    memory.wayOn.clicked(chosen.name, page);
    memory.wayOnPlaces.clicked(chosen.name, chosen.ref, ctx.fingerprint);
    return clickOn(call, ctx, chosen);
  }
  if (memory.multiSco) {
    const chosen = await chooseNextFromToc(call, ctx.session_id);
    if (chosen?.delivered) return { actions: [chosen.action], blocker: null };
  }
  // Controls the course keeps disabled say that the way on is locked (storyline-2: its chapters, until
  // its sorting is done).
  const disabled = controls
    .filter((c) => c.state?.disabled === true && c.name)
    .map((c) => `"${(c.name ?? '').slice(0, 30)}"`);
  return {
    actions: [],
    blocker: [
      'no next control, LMS Next, next slide or link not yet followed',
      ...(disabled.length
        ? [`${disabled.length} control(s) disabled: ${disabled.slice(0, 4).join(', ')}`]
        : []),
      ...(memory.dragGate ? [`left undone: ${memory.dragGate}`] : []),
    ].join('; '),
  };
}

/**
 * A pop-up opener on a page whose Next waits for its pop-ups, told apart by ref too: such a page may bring
 * up one "exit1" after another (lectora-1's "Principles of access": each pop-up's exit1 shows the next opener).
 */
const openerKey = (ctx: StepContext, c: Control): string => `${followedKey(ctx, c)}|${c.ref ?? ''}`;

/** A button of the page itself (not the player's frame) not yet clicked as a pop-up opener. */
function openerNotFollowed(ctx: StepContext, memory: LearnerMemory, page: string): (c: Control) => boolean {
  return (c) =>
    c.purpose === 'other' &&
    c.role === 'button' &&
    !!c.ref &&
    enabled(c) &&
    !memory.followed.has(openerKey(ctx, c)) &&
    !memory.chrome.has(page, c.name);
}

/** A button of the page itself (not the player's frame) the learner has not followed yet. */
function ownButtonNotFollowed(
  ctx: StepContext,
  memory: LearnerMemory,
  page: string,
): (c: Control) => boolean {
  return (c) =>
    c.purpose === 'other' &&
    c.role === 'button' &&
    !!c.ref &&
    enabled(c) &&
    !memory.followed.has(followedKey(ctx, c)) &&
    // Once pressed, the same control under a new name (storyline-3's CONTINUE: "Button 2", then "Button 1").
    !memory.followed.has(pressedKey(ctx, c)) &&
    !memory.chrome.has(page, c.name);
}

/** On a page where a pop-up was opened to unlock Next: Next once unlocked, else the page's next pop-up opener. */
function popupWayOn(ctx: StepContext, memory: LearnerMemory, controls: Control[]): Control | undefined {
  if (!memory.lockedNext.has(ctx.place)) return undefined;
  const page = ctx.page ?? ctx.fingerprint;
  const openers = controls.filter(openerNotFollowed(ctx, memory, page));
  return wayOnPastPopup(controls, openers, enabled);
}

/** An accordion's sections, each clicked once in one step (learner-sections.ts); the first refusal is the blocker. */
async function openSections(
  call: LearnerCall,
  ctx: StepContext,
  memory: LearnerMemory,
  sections: Control[],
): Promise<StepOutcome> {
  const actions: string[] = [];
  let blocker: string | null = null;
  for (const c of sections) {
    memory.followed.add(followedKey(ctx, c));
    const clicked = await clickOn(call, ctx, c);
    actions.push(...clicked.actions);
    blocker = blocker ?? clicked.blocker;
  }
  return { actions, blocker };
}

/** A pop-up's own Next until it changes nothing (its last item), then its Close (learner-popup-walk.ts). */
async function walkPopup(
  call: LearnerCall,
  ctx: StepContext,
  pager: { next: Control; close: Control },
): Promise<StepOutcome> {
  const actions: string[] = [];
  for (let page = 0; page < MAX_POPUP_PAGES; page++) {
    const r = await call('scorm_dom_click', { session_id: ctx.session_id, ref: pager.next.ref });
    actions.push(`scorm_dom_click ${describe(pager.next, pager.next.ref!)}`);
    if (!r.ok || r.data?.changed === false) break;
  }
  const closed = await clickOn(call, ctx, pager.close);
  return { actions: [...actions, ...closed.actions], blocker: closed.blocker };
}

/**
 * On a page whose Next is locked until its pop-ups are seen: each opener not yet followed, one after the
 * other in this step (the pop-ups are left open: learner-popups.ts), until a click fails or leaves the page.
 */
async function openPopups(
  call: LearnerCall,
  ctx: StepContext,
  memory: LearnerMemory,
  controls: Control[],
): Promise<StepOutcome> {
  const openers = controls.filter(openerNotFollowed(ctx, memory, ctx.page ?? ctx.fingerprint));
  const actions: string[] = [];
  for (const opener of openers) {
    memory.followed.add(followedKey(ctx, opener));
    memory.followed.add(openerKey(ctx, opener));
    // Pressed: not pressed again as "a button named like one pressed here" while Next stays locked.
    memory.followed.add(pressedKey(ctx, opener));
    const r = await call('scorm_dom_click', { session_id: ctx.session_id, ref: opener.ref });
    const what = describe(opener, opener.ref!);
    actions.push(`scorm_dom_click ${what}`);
    if (!r.ok) return { actions, blocker: failure('scorm_dom_click', what, r.error_code) };
    if (leftThePage(r.data)) break;
  }
  return { actions, blocker: null };
}

/**
 * Closes the pop-up the learner opened; when it was opened by an unnamed picture of a row, the next picture
 * is opened at once on the page below it (learner-popup-row.ts), as that page's own step would have.
 */
async function closeAndOpenNext(
  call: LearnerCall,
  ctx: StepContext,
  memory: LearnerMemory,
  close: Control,
  below: PageBelow<Control> | null,
): Promise<StepOutcome> {
  const opener = memory.popups.lastClicked;
  const r = await call('scorm_dom_click', { session_id: ctx.session_id, ref: close.ref });
  const what = describe(close, close.ref!);
  if (!r.ok)
    return { actions: [`scorm_dom_click ${what}`], blocker: failure('scorm_dom_click', what, r.error_code) };
  const under = below && { ...ctx, place: below.place, fingerprint: below.fingerprint };
  const next =
    under && closedOntoPageBelow(r.ok, r.data)
      ? nextInRow(below.controls, opener, (c) => enabled(c) && !memory.followed.has(followedKey(under, c)))
      : undefined;
  if (!under || !next) return { actions: [`scorm_dom_click ${what}`], blocker: null };
  // As the page below's own step: what it went on by, and its close controls for the next pop-up.
  memory.opened.toClose(below.controls, ctx.page ?? ctx.fingerprint);
  memory.wentOnFrom = under.fingerprint;
  memory.followed.add(followedKey(under, next));
  memory.followed.add(pressedKey(under, next));
  memory.lastRead = { ...below };
  const opened = await clickOn(call, under, next);
  return { actions: [`scorm_dom_click ${what}`, ...opened.actions], blocker: opened.blocker };
}

async function clickOn(call: LearnerCall, ctx: StepContext, c: Control): Promise<StepOutcome> {
  const r = await call('scorm_dom_click', { session_id: ctx.session_id, ref: c.ref });
  const what = describe(c, c.ref!);
  // A launch page's click opens the course in a window of its own: the tools follow it there.
  const windows = r.data?.windows_opened;
  const opened = typeof windows === 'number' && windows > 0 ? ' (opened the course in a new window)' : '';
  return {
    actions: [`scorm_dom_click ${what}${opened}`],
    blocker: r.ok ? null : failure('scorm_dom_click', what, r.error_code),
  };
}

/**
 * One step: questions not yet answered are answered (and submitted) and the step ends there, so that the
 * next step reads the feedback; otherwise the page is read to its end once and the learner goes on.
 * When going on left the page as it was, its questions are answered again with the next option.
 */
export async function learnerStep(
  anyCall: LearnerCall,
  ctx: StepContext,
  memory: LearnerMemory,
): Promise<StepOutcome> {
  memory.verdicts.newStep();
  const call = memory.popups.watch(anyCall);
  memory.answered.arrive(ctx.page ?? ctx.fingerprint);
  memory.wayOn.arrive(ctx.page ?? ctx.fingerprint);
  const suspect = memory.suspectWayOn;
  memory.suspectWayOn = null;
  // By place (the slide or page title): the link's own hash changes the page's address.
  if (suspect && suspect.page === ctx.place) memory.deadWaysOn.set(suspect.key, suspect.note);
  memory.wayOnPlaces.arrive(ctx.fingerprint);
  const elements = (ctx.elements ?? {}) as Elements;
  const controls = elements.interactive_elements ?? [];
  const byRef = new Map(controls.filter((c) => c.ref).map((c) => [c.ref!, c]));
  memory.unlocked.see(ctx.page ?? ctx.fingerprint, controls);
  const assessments = elements.assessments ?? [];
  const here = ctx.page ?? ctx.fingerprint;
  const endReached = memory.endsReached.arrive(here);
  const below = memory.lastRead?.page === here ? memory.lastRead : null;
  memory.lastRead = { page: here, place: ctx.place, fingerprint: ctx.fingerprint, controls };
  const dragItems = controls.filter((c) => c.ref && (DRAG_ITEM.test(c.purpose ?? '') || c.state?.draggable));
  const dragItem = dragItems[0];
  const dropTarget = controls.find(
    (c) => c.ref && (c.state?.drop_target === true || DROP_TARGET.test(c.purpose ?? '')),
  );
  // A drag-and-drop question that lists its targets is answered with the other questions.
  const dragQuestion = assessments.some((a) => (a.targets?.length ?? 0) > 0);
  // Items to drag and nothing named to drop them on: the learner sees the boxes, the journey does not. Said
  // at every step on that page, so that a journey stuck there ends on it.
  const dragGate =
    dragItem && !dropTarget
      ? `a drag-and-drop on "${ctx.place.slice(0, 40)}": ${dragItems.length} item(s) to drag (state.draggable), no drop target listed`
      : null;
  if (dragGate) memory.dragGate = dragGate;
  // Told the answer was wrong, with a way to try again (iSpring's "TRY AGAIN" under "Incorrect"): the learner
  // presses it and answers anew with the next option; skipping the question leaves the quiz unfinished.
  // A dialog with a Cancel (ispring-2's "Failed to send quiz results to email. Retry?") is closed instead.
  const retry = controls.find((c) => c.purpose === 'retry' && c.ref && enabled(c));
  const closable = controls.some((c) => c.purpose === 'close' && c.ref && enabled(c));
  if (retry && !closable && memory.answered.size > 0) {
    memory.answered.clear();
    return clickOn(call, ctx, retry);
  }
  // After a drag-and-drop: its Check, the feedback's controls, another arrangement when told it is wrong.
  const afterDrag = await dragFeedbackStep(
    call,
    { session_id: ctx.session_id, page: ctx.page ?? ctx.fingerprint },
    memory,
    controls,
    assessments.filter((a) => (a.targets?.length ?? 0) > 0).map(questionKey),
    (question) => memory.answered.delete(question),
  );
  if (afterDrag) return afterDrag;
  const page = ctx.page ?? ctx.fingerprint;
  // The pop-up the learner's last click on an item opened pages through the items: read through, then closed.
  const pager = memory.itemOpened ? popupPager(controls) : null;
  memory.itemOpened = false;
  if (pager) {
    if (memory.opened.toClose(controls, page)) memory.popups.opened(page);
    return walkPopup(call, ctx, pager);
  }
  const opened = memory.opened.toClose(controls, page);
  if (opened) memory.popups.opened(page);
  // Pop-ups opened to unlock Next stay open while Next or another opener is the way on (learner-popups.ts).
  if (opened && !popupWayOn(ctx, memory, controls)) return closeAndOpenNext(call, ctx, memory, opened, below);
  memory.chrome.see(
    page,
    controls.map((c) => c.name),
  );
  if (memory.wentOnFrom === ctx.fingerprint) {
    // Going on left the page as it was: a sighted learner tries the slide's own button (Storyline's "Begin"
    // after a name field, where the player's Next does nothing) before answering again; not the player's
    // frame (its Home leaves the page).
    const own = controls.find(ownButtonNotFollowed(ctx, memory, page));
    if (own) {
      memory.followed.add(followedKey(ctx, own));
      memory.followed.add(pressedKey(ctx, own));
      const clicked = await clickOn(call, ctx, own);
      // A hotspot chosen on a question slide is submitted, as an option is (storyline-3's "Click on the crop
      // tool", its player's Submit).
      const submit = controls.find(isSubmit);
      if (!clicked.blocker && submit) {
        memory.followed.add(submittedKey(memory));
        const sent = await clickOn(call, ctx, submit);
        return { actions: [...clicked.actions, ...sent.actions], blocker: sent.blocker ?? dragGate };
      }
      return { ...clicked, blocker: clicked.blocker ?? dragGate };
    }
    // Neither the course's Next nor the slide's own buttons moved it.
    memory.deadEnds.leftAsItWas(ctx.place, ctx.fingerprint);
    // In a course of several SCOs without the LMS's Next, the learner then goes to the next one in the menu.
    if (memory.multiSco && memory.lmsNextUnavailable) {
      const chosen = await chooseNextFromToc(call, ctx.session_id);
      if (chosen?.delivered) return { actions: [chosen.action], blocker: null };
    }
    for (const a of assessments) memory.answered.delete(questionKey(a));
  }

  const dragged: string[] = [];
  let dragBlocker: string | null = null;
  if (dragItem && dropTarget && !dragQuestion && !memory.answered.has(`drag|${dragItem.ref}`)) {
    memory.answered.add(`drag|${dragItem.ref}`);
    dragBlocker = await drag(call, ctx, byRef, dragItem.ref!, dropTarget.ref!, dragged);
  }
  const answered = await answer(call, ctx, memory, controls, assessments, dragged.length > 0);
  // Answers no Submit takes are judged when the learner leaves with the course's Next (lectora-1's test):
  // nothing to read on the page before, so the learner goes on in the same step.
  const judgedOnLeaving =
    !dragged.length &&
    answered.actions.length > 0 &&
    !answered.blocker &&
    memory.verdicts.waiting &&
    controls.some((c) => c.purpose === 'next' && !!c.ref && enabled(c));
  if (judgedOnLeaving) {
    const went = await goOn(call, ctx, memory, controls);
    return { actions: [...answered.actions, ...went.actions], blocker: went.blocker };
  }
  if (dragged.length || answered.actions.length) {
    return { actions: [...dragged, ...answered.actions], blocker: answered.blocker ?? dragBlocker };
  }

  // A drop-down the course draws shows its options once its box is clicked: the next step chooses one.
  const box = controls.find((c) => c.purpose === 'selection' && c.role === 'button' && c.ref && enabled(c));
  // Each box once: after the choice the player may keep the first box, covered, under its own.
  if (box && !memory.followed.has(`open|${box.name ?? box.ref}`)) {
    memory.followed.add(`open|${box.name ?? box.ref}`);
    return clickOn(call, ctx, box);
  }
  const sections = foldedSections(
    controls,
    (c) => memory.followed.has(followedKey(ctx, c)) || memory.chrome.has(page, c.name),
  );
  if (sections.length) return openSections(call, ctx, memory, sections);
  const items = numberedItems(
    controls,
    (c) => memory.followed.has(followedKey(ctx, c)) || memory.chrome.has(page, c.name),
  );
  if (items[0]) {
    memory.followed.add(followedKey(ctx, items[0]));
    memory.itemOpened = true;
    return clickOn(call, ctx, items[0]);
  }
  const actions: string[] = [];
  // A page whose pop-ups are being opened was read to its end before the first: each pop-up is not a new page.
  const readBefore = memory.scrolled.has(ctx.fingerprint) || memory.lockedNext.has(ctx.place) || endReached;
  if (!readBefore && worthScrolling(memory.unmovedScrolls)) {
    memory.scrolled.add(ctx.fingerprint);
    const r = await call('scorm_scroll', { session_id: ctx.session_id, to: 'end' });
    actions.push('scorm_scroll to end');
    const moved = r.ok && scrolledToSomething(r.data);
    memory.unmovedScrolls = moved ? 0 : memory.unmovedScrolls + 1;
    // Content that appears further down (a next control, a question) is read in the next step.
    const hasNext = controls.some((c) => NEXT_PURPOSES.includes(c.purpose ?? '') && enabled(c));
    if (moved && !hasNext) {
      memory.endsReached.scrolled(here, r.data);
      return { actions, blocker: null };
    }
  }
  const submitted = await submitTest(call, ctx, memory, controls, assessments);
  if (submitted) return { actions: [...actions, ...submitted.actions], blocker: submitted.blocker };
  const went = await goOn(call, ctx, memory, controls);
  const blocker = dragGate && went.blocker ? `${dragGate}; ${went.blocker}` : (dragGate ?? went.blocker);
  return { actions: [...actions, ...went.actions], blocker };
}

/**
 * The answers given so far, as a key: a Submit pressed with them (a question's own, or the test's last page's)
 * is not pressed again until the learner answers again (storyline-3's feedback layer still lists the slide's
 * Submit, which the player then refuses).
 */
function submittedKey(memory: LearnerMemory): string {
  let answers = 0;
  for (const n of memory.tries.values()) answers += n;
  return `submit|${answers}`;
}

/**
 * A page with no question that offers a Submit, after questions were answered, is the test's last page: the
 * learner submits before going on, once for each round of answers. lectora-1's "Last test page" says
 * "Select the SUBMIT button to view your assessment result"; its Next goes to the failed results without
 * grading (score 0, whatever the answers), which every test of the journey ended on.
 */
async function submitTest(
  call: LearnerCall,
  ctx: StepContext,
  memory: LearnerMemory,
  controls: Control[],
  assessments: Assessment[],
): Promise<StepOutcome | null> {
  // Named Submit only: a "Finish" or "Done" there may end the course before its results are read.
  const submit = controls.find((c) => isSubmit(c) && enabled(c) && /\bsubmit\b/i.test(c.name ?? ''));
  if (!submit || assessments.length > 0 || memory.answered.size === 0) return null;
  const key = submittedKey(memory);
  if (memory.followed.has(key)) return null;
  memory.followed.add(key);
  return clickOn(call, ctx, submit);
}
