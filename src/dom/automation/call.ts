/**
 * Calling a course's window.SCORMAutomation from Node: find the SCO frame (or nested frame) that has
 * it, call one method with values passed as arguments, bound the time it may take, cap what comes
 * back, and turn the course's exceptions into our error codes. Used by the scorm_automation_* tools
 * and by the API-aware paths of other tools (fill_form_batch, interaction trace, test scenarios).
 */
import { courseText, type CourseText, type CourseTexts } from '../../core/course-text.js';
import { fail, isScormTesterError, ScormTesterError } from '../../core/errors.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { capData, CourseTextFields, isOwnFrameLabel } from '../course-text-fields.js';
import { scoFrames, type ScoFrame } from '../frames.js';
import { EvaluateTimeout, evaluateBounded } from '../bounded.js';
import { pageCall, type ApiDescription, type PageCallOutcome, type PageCallRequest } from './page-call.js';

/** The methods of window.SCORMAutomation that our tools call (automation-api-tools.md). */
export const AUTOMATION_METHODS = [
  'listInteractions',
  'setResponse',
  'checkAnswer',
  'getResponse',
  'getCourseStructure',
  'getCurrentSlide',
  'goToSlide',
  'getCorrectResponse',
  'getLastEvaluation',
  'checkSlideAnswers',
  'getAutomationTrace',
  'clearAutomationTrace',
] as const;
export type AutomationMethod = (typeof AUTOMATION_METHODS)[number];

export const DEFAULT_AUTOMATION_TIMEOUT_MS = 5_000;
export const MAX_AUTOMATION_TIMEOUT_MS = 120_000;
/** Results larger than this (as JSON) come back as their head, marked truncated. */
export const MAX_RESULT_CHARS = 100_000;
const TRUNCATED_HEAD_CHARS = 2_000;
/** Searching one frame for the API should take no time at all; a frame that hangs is skipped. */
const FIND_TIMEOUT_MS = 2_000;

export interface AutomationAvailability {
  available: boolean;
  /** Label of the frame that has the API ("sco", "sco > iframe#content"). */
  frame: string | null;
  version: string | null;
  /** Which of AUTOMATION_METHODS the API has, and which it lacks. */
  methods: string[];
  missing_methods: string[];
  frames_searched: string[];
  /** Frames that did not answer the search in time (a busy page). */
  frames_unresponsive?: string[];
  /** Frames where reading window.SCORMAutomation itself threw. */
  problems?: string[];
  /** What those frames threw (`problems[i]`), and their labels when the course named them. */
  course_text?: CourseTexts;
}

export interface AutomationCallOptions {
  timeoutMs?: number | undefined;
  /** Set for methods that take an interaction id: an exception is then checked against listInteractions(). */
  interactionId?: string | undefined;
}

export interface AutomationCallResult {
  method: AutomationMethod;
  frame: string;
  /** The method's return value (JSON), or a marker `{ $type, ... }` when it could not be returned whole. */
  result: unknown;
  /** Why `result` is not the whole value, or that the frame navigated during the call. */
  notices: string[];
  elapsed_ms: number;
}

/** How many of a course API's method names an error lists. */
const METHODS_LISTED = 100;

const FALLBACK_HINT =
  'Drive the course through the DOM tools instead: scorm_dom_find_interactive_elements to see the controls, then scorm_dom_click / scorm_dom_fill.';

/** Whether any SCO frame has window.SCORMAutomation, which one, and what it offers. Never throws for a missing API. */
export async function automationAvailable(runtime: CourseRuntime): Promise<AutomationAvailability> {
  const frames = await scoFrames(runtime);
  const unresponsive: string[] = [];
  const unreadable: string[] = [];
  const quoted = new CourseTextFields();
  const thrown: CourseText[] = [];
  const problemFrames: string[] = [];
  for (const f of frames) {
    const outcome = await runInFrame(runtime, f, describeRequest(), FIND_TIMEOUT_MS).catch((err: unknown) => {
      if (err instanceof EvaluateTimeout) {
        unresponsive.push(f.label);
        return null;
      }
      if (isScormTesterError(err) && err.code === 'AUTOMATION_API_ERROR') {
        const i = thrown.push(thrownText(err)) - 1;
        problemFrames.push(f.label);
        const where = isOwnFrameLabel(f.label)
          ? `frame ${f.label}`
          : `frame \`course_text.problem_frames[${i}]\``;
        unreadable.push(
          `Reading window.SCORMAutomation in ${where} failed; what it threw is in \`course_text.problems[${i}]\`.`,
        );
        return null;
      }
      if (isDetachedOrNavigated(err)) return null;
      throw err;
    });
    if (outcome?.kind === 'described') {
      keepProblems(quoted, thrown, problemFrames);
      return { ...availability(f.label, outcome.api, frames, unresponsive, unreadable), ...quoted.details() };
    }
  }
  keepProblems(quoted, thrown, problemFrames);
  return {
    available: false,
    frame: null,
    version: null,
    methods: [],
    missing_methods: [...AUTOMATION_METHODS],
    frames_searched: frames.map((f) => f.label),
    ...(unresponsive.length > 0 ? { frames_unresponsive: unresponsive } : {}),
    ...(unreadable.length > 0 ? { problems: unreadable } : {}),
    ...quoted.details(),
  };
}

/** What the unreadable frames threw, and their labels when the course named any of them. */
function keepProblems(quoted: CourseTextFields, thrown: CourseText[], labels: string[]): void {
  if (thrown.length === 0) return;
  quoted.texts.problems = thrown;
  if (!labels.every(isOwnFrameLabel)) quoted.list('problem_frames', labels);
}

/** The text a frame's window.SCORMAutomation threw, as runInFrame kept it. */
function thrownText(err: ScormTesterError): CourseText {
  const kept = (err.details?.course_text as CourseTexts | undefined)?.error;
  return kept && !Array.isArray(kept) ? kept : courseText('');
}

/** The not-applicable code AUTOMATION_API_NOT_AVAILABLE carries (core/not-applicable.ts). */
const NO_AUTOMATION_API = { not_applicable: { code: 'NO_AUTOMATION_API' } } as const;

/**
 * Calls `SCORMAutomation[method](...args)` in the first SCO frame that has the API. Errors:
 * AUTOMATION_API_NOT_AVAILABLE (no frame has it, or it lacks the method), INVALID_INTERACTION_ID (the
 * method threw and the id is not in listInteractions()), AUTOMATION_API_ERROR (it threw, hung, or the
 * frame went away).
 */
export async function callAutomation(
  runtime: CourseRuntime,
  method: AutomationMethod,
  args: unknown[],
  options: AutomationCallOptions = {},
): Promise<AutomationCallResult> {
  const started = Date.now();
  const timeoutMs = options.timeoutMs ?? DEFAULT_AUTOMATION_TIMEOUT_MS;
  const request: PageCallRequest = {
    method,
    args,
    interactionId: options.interactionId ?? null,
    maxChars: MAX_RESULT_CHARS,
  };
  const frames = await scoFrames(runtime);
  let unreadable: unknown = null;
  for (const f of frames) {
    let outcome: PageCallOutcome;
    try {
      outcome = await runInFrame(runtime, f, request, timeoutMs);
    } catch (err) {
      if (err instanceof EvaluateTimeout) hung(method, f.label, err);
      if (isScormTesterError(err) && err.code === 'AUTOMATION_API_ERROR') {
        // This frame's window.SCORMAutomation cannot be read; a nested frame may still have a working one.
        unreadable ??= err;
        continue;
      }
      if (isDetachedOrNavigated(err)) {
        // Only the frame that has the API can navigate mid-call (other frames answer "missing" at once).
        return {
          method,
          frame: f.label,
          result: null,
          notices: [
            `The frame ${isOwnFrameLabel(f.label) ? f.label : "named in this result's frame field"} navigated or unloaded while ${method} ran; its return value was lost.`,
          ],
          elapsed_ms: Date.now() - started,
        };
      }
      throw err;
    }
    if (outcome.kind === 'missing') continue;
    if (outcome.kind === 'no_method' || outcome.kind === 'described') {
      const api = outcome.api;
      const quoted = new CourseTextFields();
      fail(
        'AUTOMATION_API_NOT_AVAILABLE',
        `window.SCORMAutomation in frame ${quoted.frame('frame', f.label)} has no ${method}() method ` +
          `(${api.methods.length > 0 ? `it has ${api.methods.length}, listed in methods` : 'it has no methods'}). ${FALLBACK_HINT}`,
        {
          frame: f.label,
          methods: api.methods.slice(0, METHODS_LISTED).map(capData),
          ...quoted.details(),
          ...NO_AUTOMATION_API,
        },
      );
    }
    if (outcome.kind === 'threw') threw(method, f.label, outcome, options.interactionId);
    const shaped = shapeResult(outcome);
    return {
      method,
      frame: f.label,
      result: shaped.result,
      notices: shaped.notices,
      elapsed_ms: Date.now() - started,
    };
  }
  if (unreadable) throw unreadable;
  const quoted = new CourseTextFields();
  const labels = frames.map((f) => f.label);
  fail(
    'AUTOMATION_API_NOT_AVAILABLE',
    `This course has no window.SCORMAutomation (searched ${quoted.frames('frames_searched', labels)}). ${FALLBACK_HINT}`,
    { frames_searched: labels, ...quoted.details(), ...NO_AUTOMATION_API },
  );
}

function describeRequest(): PageCallRequest {
  return { method: '', args: [], interactionId: null, maxChars: MAX_RESULT_CHARS };
}

async function runInFrame(
  runtime: CourseRuntime,
  f: ScoFrame,
  request: PageCallRequest,
  timeoutMs: number,
): Promise<PageCallOutcome> {
  try {
    return await evaluateBounded(
      runtime,
      f.frame,
      () => f.frame.evaluate(pageCall, request),
      timeoutMs,
      `SCORMAutomation.${request.method || 'lookup'} in a SCO frame`,
    );
  } catch (err) {
    if (err instanceof EvaluateTimeout || isScormTesterError(err) || isDetachedOrNavigated(err)) throw err;
    if (!runtime.isOpen) {
      throw new ScormTesterError('RUNTIME_NOT_OPEN', 'The runtime closed during the automation call.');
    }
    // Outside the method's own call: reading window.SCORMAutomation or its methods threw (a hostile getter or proxy).
    const first = (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? '';
    const quoted = new CourseTextFields();
    const where = quoted.frame('frame', f.label);
    throw new ScormTesterError(
      'AUTOMATION_API_ERROR',
      `Reading window.SCORMAutomation in frame ${where} failed; what it threw is in ${quoted.text('error', first.replace(/^.*?evaluate: /, ''))}.`,
      { frame: f.label, ...quoted.details() },
    );
  }
}

function availability(
  label: string,
  api: ApiDescription,
  frames: ScoFrame[],
  unresponsive: string[],
  unreadable: string[],
): AutomationAvailability {
  return {
    available: true,
    frame: label,
    version: api.version,
    methods: AUTOMATION_METHODS.filter((m) => api.methods.includes(m)),
    missing_methods: AUTOMATION_METHODS.filter((m) => !api.methods.includes(m)),
    frames_searched: frames.slice(0, frames.findIndex((f) => f.label === label) + 1).map((f) => f.label),
    ...(unresponsive.length > 0 ? { frames_unresponsive: unresponsive } : {}),
    ...(unreadable.length > 0 ? { problems: unreadable } : {}),
  };
}

function shapeResult(outcome: Extract<PageCallOutcome, { kind: 'returned' }>): {
  result: unknown;
  notices: string[];
} {
  if (outcome.unserializable !== null) {
    return {
      result: { $type: 'unserializable', type: outcome.valueType, reason: outcome.unserializable },
      notices: [`The result (${outcome.valueType}) is not JSON-serializable: ${outcome.unserializable}`],
    };
  }
  if (outcome.length > MAX_RESULT_CHARS) {
    return {
      result: {
        $type: 'json',
        length: outcome.length,
        head: outcome.json.slice(0, TRUNCATED_HEAD_CHARS),
        truncated: true,
      },
      notices: [
        `The result is ${outcome.length} characters of JSON, over the ${MAX_RESULT_CHARS}-character cap: only its head is returned.`,
      ],
    };
  }
  return { result: JSON.parse(outcome.json) as unknown, notices: [] };
}

function threw(
  method: AutomationMethod,
  frame: string,
  outcome: Extract<PageCallOutcome, { kind: 'threw' }>,
  interactionId: string | undefined,
): never {
  // What the course threw, its interaction ids and its frame names are its words, kept in course_text.
  const quoted = new CourseTextFields();
  if (interactionId !== undefined && outcome.knownIds && !outcome.knownIds.includes(interactionId)) {
    const known =
      outcome.knownIds.length > 0
        ? `its listInteractions() gives ${outcome.knownIds.length}, in ${quoted.list('known_ids', outcome.knownIds.slice(0, 50))}`
        : 'its listInteractions() gives none';
    fail(
      'INVALID_INTERACTION_ID',
      `The course has no interaction "${interactionId}" (${known}). What it threw is in ${quoted.text('message', outcome.message)}. ` +
        'Use an id from scorm_automation_list_interactions.',
      {
        id: interactionId,
        known_ids: outcome.knownIds.slice(0, 200).map(capData),
        frame,
        ...quoted.details(),
      },
    );
  }
  fail(
    'AUTOMATION_API_ERROR',
    `SCORMAutomation.${method}() threw in frame ${quoted.frame('frame', frame)}; what it threw is in ${quoted.text('message', outcome.message)}.`,
    { method, frame, ...quoted.details() },
  );
}

function hung(method: AutomationMethod, frame: string, err: EvaluateTimeout): never {
  const quoted = new CourseTextFields();
  const where = quoted.frame('frame', frame);
  fail(
    'AUTOMATION_API_ERROR',
    err.busy
      ? `SCORMAutomation.${method}() hung in frame ${where}: its script was still running after ${err.timeoutMs} ms (a busy loop) and was stopped. The session is still usable; the course may not be. Raise timeout_ms if the course is just slow.`
      : `SCORMAutomation.${method}() hung in frame ${where}: it returned a promise that did not settle within ${err.timeoutMs} ms. The session is still usable. Raise timeout_ms if the course is just slow.`,
    { method, frame, timeout_ms: err.timeoutMs, busy: err.busy, ...quoted.details() },
  );
}

function isDetachedOrNavigated(err: unknown): boolean {
  const msg = err instanceof Error ? err.message : String(err);
  return /Execution context was destroyed|Frame was detached|frame got detached|navigat/i.test(msg);
}
