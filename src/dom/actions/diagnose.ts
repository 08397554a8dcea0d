/**
 * Why an action on an element could not happen, in the learner's terms: the page moved on, the element
 * went away, it is hidden (and how), disabled (and by what), covered (and by which element), or it just
 * never became ready in time. Each answer is an error code with a message that says what to try.
 */
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { ScormTesterError, isScormTesterError } from '../../core/errors.js';
import { TIMEOUT } from '../../core/within.js';
import type { ChangeObserver } from '../changes.js';
import { readElement, readElementValue } from '../element-read.js';
import { ControlWorlds } from '../snapshot/control-world.js';
import { capData, CourseTextFields } from '../course-text-fields.js';
import { targetInSentence, targetStartingSentence, type ResolvedTarget } from '../target.js';
import { inspectElement, type ElementInspection } from './inspect-element.js';

export type NotActionableReason = 'not_visible' | 'disabled' | 'covered' | 'not_editable' | 'not_fillable';

/** The element read's own bound (an action may give it more of its wait). */
export const DIAGNOSE_TIMEOUT_MS = 1_500;
const COVERED_POLL_MS = 100;
/** A frame that does not answer a trivial evaluate within this long is taken as stuck. */
const RESPONSIVE_MS = 1_500;

/**
 * Reads the element once (bounded by timeoutMs) in the DOM tools' isolated world of its frame, where the
 * course cannot fake what it reports (../element-read.ts); null when it cannot be read (gone, navigated).
 * Throws DOM_NOT_ACTIONABLE when the element exists but cannot be found outside the course's reach.
 */
export async function inspect(
  runtime: CourseRuntime,
  target: ResolvedTarget,
  timeoutMs = DIAGNOSE_TIMEOUT_MS,
): Promise<ElementInspection | null> {
  const read = await readElement(runtime, target, inspectElement, undefined, timeoutMs);
  if ('value' in read) return read.value;
  if ('gone' in read) return null;
  throw new ScormTesterError(
    'DOM_NOT_ACTIONABLE',
    `${targetStartingSentence(target)} could not be read where the course cannot change what it reports: the selector is ` +
      "one only Playwright understands and the page's structure did not confirm which element it is. Use a plain " +
      'CSS selector, or a ref from scorm_dom_find_interactive_elements.',
    { selector: target.target, frame: target.frame.label, reason: 'unreadable' },
  );
}

/**
 * The error for an element that is hidden from everyone, disabled or covered; null when none applies. What
 * hides, disables or covers it is described in the course's own words (tag, id, classes, text), so that
 * description is in `course_text`, never in our sentence.
 */
export function notActionable(
  info: ElementInspection,
  action: string,
  target: ResolvedTarget,
): ScormTesterError | null {
  const where = { selector: target.target, frame: target.frame.label };
  // What hides, disables or covers the element is described in the course's words.
  const quoted = new CourseTextFields();
  if (info.hidden && !isShadedOver(info)) {
    const { why, by } = info.hidden;
    const ancestor = by !== '' && by !== 'the element itself';
    return new ScormTesterError(
      'DOM_NOT_ACTIONABLE',
      `Cannot ${verbOf(action)} ${targetInSentence(target)}: it is not visible (${why}` +
        `${ancestor ? ` on an ancestor, described in ${quoted.text('hidden_by', by)}` : ''}), ` +
        'so no learner can reach it. Bring the page to the state where it shows (the step before it), or target the control that is shown.',
      {
        ...where,
        reason: 'not_visible',
        why,
        ...quoted.details(),
      },
    );
  }
  if (info.disabled) {
    const { why, by } = info.disabled;
    const other = by !== 'the element itself';
    return new ScormTesterError(
      'DOM_NOT_ACTIONABLE',
      `Cannot ${verbOf(action)} ${targetInSentence(target)}: it is disabled (${why}` +
        `${other ? `: the element described in ${quoted.text('disabled_by', by)}` : ''}). ` +
        'Complete what the course requires first (answer the question, watch the media), then try again.',
      {
        ...where,
        reason: 'disabled',
        why,
        ...quoted.details(),
      },
    );
  }
  if (info.hit && isCovered(info)) {
    return new ScormTesterError(
      'DOM_NOT_ACTIONABLE',
      `Cannot ${verbOf(action)} ${targetInSentence(target)}: it is covered by another element (described in ` +
        `${quoted.text('covered_by', info.hit.description)}; a selector for it in covered_by.selector), which receives the pointer at its centre. ` +
        'Close or dismiss what covers it (a dialog, an overlay), or act on the covering element if that is the real control.',
      {
        ...where,
        reason: 'covered',
        covered_by: { selector: capData(info.hit.selector) },
        ...quoted.details(),
      },
    );
  }
  return null;
}

/**
 * Whether another element takes the pointer at the element's centre. Its own label does not count, nor
 * what belongs to it (its drawn twin, its own drawing, a select's dropdown face, the text naming it): the
 * learner reaches the control through those.
 */
export function isCovered(info: ElementInspection): boolean {
  const hit = info.hit;
  return (
    hit !== null &&
    !hit.self &&
    !hit.label &&
    !hit.twin &&
    !hit.ownDrawing &&
    !hit.dropdownFace &&
    !hit.namedBy
  );
}

/**
 * Hidden from assistive technology only, and under another element: a course that opens a drawer or a
 * dialog hides its page with aria-hidden and lays a shade over it (Adapt). The learner sees the control, or
 * the drawing that stands for one drawn invisibly, under the shade, so the refusal is the cover, which
 * closing the drawer lifts, not the aria-hidden.
 */
export function isShadedOver(info: ElementInspection): boolean {
  return (
    info.hidden?.why === 'aria-hidden' &&
    isCovered(info) &&
    (info.visuallyHidden === null || info.hit?.overlay === true)
  );
}

/** The action as the verb of "Cannot … it": the typing action types into its target. */
function verbOf(action: string): string {
  return action === 'typing' ? 'type into' : action;
}

/**
 * Playwright's fill and selectOption do not hit-test as its click does, yet no learner reaches a field
 * under an overlay. Scrolls the element into view when needed, then waits, as click does, for the centre
 * to be the element's own; fails naming what covers it when that does not happen within `timeoutMs`.
 */
export async function expectUncovered(
  runtime: CourseRuntime,
  info: ElementInspection,
  action: string,
  target: ResolvedTarget,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let now: ElementInspection | null = info;
  if (!now.inViewport) {
    await target.locator.scrollIntoViewIfNeeded({ timeout: timeoutMs });
    now = await inspect(runtime, target);
  }
  for (;;) {
    const covered = now && isCovered(now) ? notActionable(now, action, target) : null;
    if (!covered) return;
    if (Date.now() >= deadline) throw covered;
    await new Promise((resolve) => setTimeout(resolve, COVERED_POLL_MS));
    now = await inspect(runtime, target);
  }
}

/**
 * Turns a failed Playwright action into our error. The page is asked again what is wrong (the error text
 * of a timed-out action only says what Playwright was waiting for).
 */
export async function diagnoseFailure(
  runtime: CourseRuntime,
  err: unknown,
  action: string,
  target: ResolvedTarget,
  observer: ChangeObserver,
  timeoutMs: number,
): Promise<ScormTesterError> {
  if (isScormTesterError(err)) return err;
  const message = err instanceof Error ? err.message : String(err);
  const where = { selector: target.target, frame: target.frame.label };
  const firstLine = (message.split('\n')[0] ?? message).replace(/^\w+\.\w+: /, '');
  if (/Target page, context or browser has been closed|Browser has been closed/i.test(message)) {
    return new ScormTesterError(
      'BROWSER_CRASHED',
      `The browser went away during the ${action}: ${firstLine}`,
    );
  }
  if (observer.navigatedSince(target.frame.frame)) {
    return navigated(action, target, target.frame.frame.isDetached());
  }
  // The first line only: the call log after it mentions navigations Playwright merely waited for.
  if (/Execution context was destroyed|Frame was detached|frame got detached|navigat/i.test(firstLine)) {
    return navigated(action, target, target.frame.frame.isDetached());
  }
  if (/Malformed value|Cannot type text into|Cannot fill/i.test(firstLine)) {
    return new ScormTesterError(
      'DOM_INVALID_VALUE',
      `The ${action} was refused by the input: ${firstLine}`,
      where,
    );
  }
  if (/not an <input>, <textarea>|not a <select>|Not a checkbox or radio/i.test(firstLine)) {
    return new ScormTesterError(
      'DOM_NOT_ACTIONABLE',
      `Cannot ${verbOf(action)} ${targetInSentence(target)}: ${firstLine}. Target the form control itself (input, select, textarea).`,
      { ...where, reason: 'not_fillable' },
    );
  }
  const stuck = await stuckScript(runtime, action, target);
  if (stuck) return stuck;
  const count = await target.locator.count().catch(() => 0);
  if (count === 0 || /not attached to the DOM|detached/i.test(firstLine)) {
    return new ScormTesterError(
      'DOM_DETACHED',
      `${targetStartingSentence(target)} was removed from the page during the ${action} (the course re-rendered it). ` +
        'Query it again (scorm_dom_find_interactive_elements) and retry; if the course replaces it on purpose, wait for the new one with scorm_dom_wait_for.',
      where,
    );
  }
  const info = await inspect(runtime, target);
  if (!info) return navigated(action, target, target.frame.frame.isDetached());
  const blocked = notActionable(info, action, target);
  if (blocked) return blocked;
  if (/readonly|not editable/i.test(message) || info.readOnly) {
    return new ScormTesterError(
      'DOM_NOT_ACTIONABLE',
      `Cannot ${verbOf(action)} ${targetInSentence(target)}: it is read-only, so a learner cannot type into it.`,
      { ...where, reason: 'not_editable' },
    );
  }
  if (!info.inViewport && !info.visuallyHidden) {
    return new ScormTesterError(
      'DOM_NOT_ACTIONABLE',
      `Cannot ${verbOf(action)} ${targetInSentence(target)}: it could not be scrolled into view (its centre stays outside the frame). ` +
        'Check for a container with overflow hidden around it, or reveal it with the course control that shows it.',
      { ...where, reason: 'not_visible', why: 'outside the viewport' },
    );
  }
  // Playwright's log line describes the page's elements (their markup), so it is course text.
  const waitingFor = lastLogLine(message);
  const quoted = new CourseTextFields();
  return new ScormTesterError(
    'DOM_TIMEOUT',
    `The ${action} on ${targetInSentence(target)} did not complete within ${timeoutMs} ms` +
      (waitingFor
        ? ` (what Playwright was still doing is in ${quoted.text('waiting_for', waitingFor)})`
        : '') +
      '. The element may be animating or the page busy: retry, or raise options.wait_timeout_ms.',
    { ...where, timeout_ms: timeoutMs, ...quoted.details() },
  );
}

/**
 * A course whose script never returns (an endless loop in the handler the action triggered) answers
 * nothing: the runtime's own bounded flush stops the script and gives COURSE_TIMEOUT, said here in terms
 * of the action. Null when the frame answers.
 */
async function stuckScript(
  runtime: CourseRuntime,
  action: string,
  target: ResolvedTarget,
): Promise<ScormTesterError | null> {
  // Asked in our own world: the course's globals cannot make the question hang or throw.
  const answered = await ControlWorlds.of(runtime)
    .peek(target.frame.frame, RESPONSIVE_MS, () => true, undefined)
    .catch(() => true);
  if (answered !== TIMEOUT) return null;
  try {
    await runtime.settle();
    return null;
  } catch (err) {
    if (!isScormTesterError(err) || err.code !== 'COURSE_TIMEOUT') throw err;
    return new ScormTesterError(
      'COURSE_TIMEOUT',
      `The course's script got stuck during the ${action} on ${targetInSentence(target)} (an endless loop in what the ` +
        'action triggered, or a dialog loop) and was stopped. The runtime can still be inspected; reopen the course ' +
        '(scorm_reload_course) before going on, since its page may no longer work.',
      { selector: target.target, frame: target.frame.label, ...err.details },
    );
  }
}

export function navigated(action: string, target: ResolvedTarget, frameGone: boolean): ScormTesterError {
  const quoted = new CourseTextFields();
  return new ScormTesterError(
    'DOM_NAVIGATED',
    `The frame ${quoted.frame('frame', target.frame.label)} ${frameGone ? 'was removed' : 'navigated to another page'} before the ${action} on ` +
      `${targetInSentence(target)} could happen, so nothing was done. Look at the new page (scorm_get_page_state) and target its elements.`,
    { selector: target.target, frame: target.frame.label, ...quoted.details() },
  );
}

function lastLogLine(message: string): string | null {
  const lines = message
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('- '));
  const last = lines[lines.length - 1];
  return last ? last.slice(2, 200) : null;
}

/** Scrolls the element to the centre of what scrolls it, as a learner brings a control into view. */
export function scrollToCentre(
  runtime: CourseRuntime,
  target: ResolvedTarget,
  timeoutMs: number,
): Promise<unknown> {
  return readElementValue(
    runtime,
    target,
    (el) => {
      el.scrollIntoView({ block: 'center', inline: 'center' });
      return true;
    },
    undefined,
    timeoutMs,
  );
}
