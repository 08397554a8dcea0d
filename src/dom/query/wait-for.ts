/**
 * scorm_dom_wait_for: polls the SCO frames until an element matching the selector is in the asked state
 * (visible or hidden, containing a text, with an attribute or attribute value) and/or the agent's
 * expression is truthy. A timeout says which part was not met and what the page shows instead.
 */
import type { Locator } from 'playwright-core';
import { quoted, separateCourseText, type CourseTexts } from '../../core/course-text.js';
import { fail, isScormTesterError } from '../../core/errors.js';
import { sleepUnlessCancelled, throwIfCancelled } from '../../core/progress.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { isOwnFrameLabel } from '../course-text-fields.js';
import type { ScoFrame } from '../frames.js';
import { countIn, describeElements, framesToSearch, type ElementSummary } from '../target.js';
import { evaluateInSco } from './evaluate.js';

export interface WaitCondition {
  selector?: string | undefined;
  visible?: boolean | undefined;
  text?: string | undefined;
  attribute?: string | undefined;
  attribute_value?: string | undefined;
  expression?: string | undefined;
  arg?: unknown;
}

export interface WaitResult {
  success: true;
  elapsed_ms: number;
  matched: { frame: string; element: ElementSummary | null };
  polls: number;
}

interface Check {
  ok: boolean;
  frame?: ScoFrame;
  /** The element matched: the `index`th match of the selector. */
  element?: { index: number } | null;
  /** What is not met yet, for the timeout message. */
  why?: string;
}

const POLL_MS = 100;
const WAITING = 'scorm_dom_wait_for';
/** Elements per frame checked against the state conditions on each poll. */
const MAX_CHECKED = 20;

export async function waitForCondition(
  runtime: CourseRuntime,
  condition: WaitCondition,
  opts: { timeoutMs: number; frame?: string | undefined; signal?: AbortSignal | undefined },
): Promise<WaitResult> {
  if (!condition.selector && !condition.expression) {
    fail('INVALID_ARGUMENT', 'condition needs a selector, an expression, or both.');
  }
  const elementOnly = ['visible', 'text', 'attribute', 'attribute_value'] as const;
  const orphan = elementOnly.filter((k) => condition[k] !== undefined && !condition.selector);
  if (orphan.length > 0) {
    fail('INVALID_ARGUMENT', `condition.${orphan.join(', ')} applies to an element: add condition.selector.`);
  }
  if (condition.attribute_value !== undefined && condition.attribute === undefined) {
    fail(
      'INVALID_ARGUMENT',
      'condition.attribute_value needs condition.attribute (the attribute to compare).',
    );
  }
  const started = Date.now();
  const deadline = started + opts.timeoutMs;
  let polls = 0;
  for (;;) {
    polls++;
    throwIfCancelled(opts.signal, WAITING);
    const check = await checkOnce(runtime, condition, opts.frame, deadline, opts.signal);
    if (check.ok) {
      const frame = check.frame ?? (await framesToSearch(runtime, opts.frame))[0];
      const element =
        check.element && check.frame && condition.selector
          ? ((await describeElements(runtime, check.frame, condition.selector, check.element.index, 1))[0] ??
            null)
          : null;
      return {
        success: true,
        elapsed_ms: Date.now() - started,
        matched: { frame: frame?.label ?? 'sco', element },
        polls,
      };
    }
    if (Date.now() >= deadline) {
      // The page's words in `why` (its text, attribute values, frame names, what it threw) were marked
      // with quoted(): they move to course_text.quoted, and the sentence names them.
      const notMet = separateCourseText({ message: check.why ?? 'not met', fix: '' });
      fail(
        'DOM_TIMEOUT',
        `The condition was not met within ${opts.timeoutMs} ms: ${notMet.message}. ` +
          'Check it against scorm_dom_query or scorm_get_page_state, or raise timeout_ms.',
        {
          timeout_ms: opts.timeoutMs,
          not_met: check.why === undefined ? null : notMet.message,
          polls,
          ...(notMet.course_text ? { course_text: notMet.course_text } : {}),
        },
      );
    }
    await sleepUnlessCancelled(Math.min(POLL_MS, Math.max(0, deadline - Date.now())), opts.signal, WAITING);
  }
}

async function checkOnce(
  runtime: CourseRuntime,
  c: WaitCondition,
  frameLabel: string | undefined,
  deadline: number,
  signal: AbortSignal | undefined,
): Promise<Check> {
  let found: Check = { ok: true };
  if (c.selector) {
    found = await checkSelector(runtime, c, frameLabel);
    if (!found.ok) return found;
  }
  if (c.expression) {
    const expr = await checkExpression(runtime, c, frameLabel, deadline, signal);
    if (!expr.ok) return expr;
    return { ...expr, frame: found.frame ?? expr.frame, element: found.element ?? null };
  }
  return found;
}

async function checkSelector(
  runtime: CourseRuntime,
  c: WaitCondition,
  frameLabel: string | undefined,
): Promise<Check> {
  const selector = c.selector as string;
  const frames = await framesToSearch(runtime, frameLabel);
  let seen: string | undefined;
  let total = 0;
  for (const frame of frames) {
    const all = frame.frame.locator(selector);
    const count = await countIn(frame.frame, all, selector);
    total += count;
    if (count === 0) continue;
    for (let i = 0; i < Math.min(count, MAX_CHECKED); i++) {
      const el = all.nth(i);
      const why = await stateMismatch(el, c).catch(
        (err: unknown) => `reading it failed (${quoted(short(err))})`,
      );
      if (why === null) return { ok: true, frame, element: { index: i } };
      seen ??= `${frameName(frame.label)}: the first matching element ${why}`;
    }
  }
  if (total === 0) {
    // Waiting for "hidden": nothing matching counts as hidden.
    if (c.visible === false && c.text === undefined && c.attribute === undefined)
      return { ok: true, element: null };
    return {
      ok: false,
      why: `no element matches "${clip(selector)}" in ${frames.map((f) => frameName(f.label)).join(', ')}`,
    };
  }
  return { ok: false, why: seen ?? `${total} elements match but none is in the asked state` };
}

/** null when the element is in the asked state, else what it shows instead. */
async function stateMismatch(el: Locator, c: WaitCondition): Promise<string | null> {
  if (c.visible !== undefined) {
    const visible = await el.isVisible();
    if (visible !== c.visible) return visible ? 'is visible' : 'exists but is hidden';
  }
  if (c.text !== undefined) {
    const text = ((await el.textContent({ timeout: 1_000 })) ?? '').replace(/\s+/g, ' ').trim();
    if (!text.includes(c.text)) return `has text ${quoted(text)}`;
  }
  if (c.attribute !== undefined) {
    const value = await el.getAttribute(c.attribute, { timeout: 1_000 });
    if (value === null) return `has no attribute ${c.attribute}`;
    if (c.attribute_value !== undefined && value !== c.attribute_value) {
      return `has ${c.attribute}=${quoted(value)}`;
    }
  }
  return null;
}

async function checkExpression(
  runtime: CourseRuntime,
  c: WaitCondition,
  frameLabel: string | undefined,
  deadline: number,
  signal: AbortSignal | undefined,
): Promise<Check> {
  try {
    const res = await evaluateInSco(runtime, {
      expression: c.expression as string,
      arg: c.arg,
      frame: frameLabel,
      timeoutMs: Math.max(500, deadline - Date.now()),
      returnByValue: true,
      signal,
    });
    const frame = (await framesToSearch(runtime, res.frame)).at(0);
    if (truthy(res.type, res.result)) return { ok: true, ...(frame ? { frame } : {}) };
    return { ok: false, why: `the expression returned ${quoted(JSON.stringify(res.result) ?? res.type)}` };
  } catch (err) {
    if (isScormTesterError(err) && err.code === 'DOM_TIMEOUT') {
      return { ok: false, why: 'the expression did not finish (its script was stopped)' };
    }
    if (isScormTesterError(err) && (err.code === 'INVALID_ARGUMENT' || err.code === 'CANCELLED')) throw err;
    return { ok: false, why: `the expression threw ${quoted(thrown(err))}` };
  }
}

function truthy(type: string, result: unknown): boolean {
  if (type === 'undefined' || type === 'null') return false;
  return result !== false && result !== 0 && result !== '' && result !== null;
}

function short(err: unknown): string {
  const msg = isScormTesterError(err) ? err.message : err instanceof Error ? err.message : String(err);
  return (msg.split('\n')[0] ?? msg).replace(/^[\w.]+: /, '').slice(0, 200);
}

/** A frame label in a `why`: ours as it is, one with the course's ids or names marked as course text. */
function frameName(label: string): string {
  return isOwnFrameLabel(label) ? label : quoted(label);
}

/** What the expression threw: the page's words that evaluateInSco keeps in course_text.error. */
function thrown(err: unknown): string {
  const kept = isScormTesterError(err)
    ? (err.details?.course_text as CourseTexts | undefined)?.error
    : undefined;
  return kept && !Array.isArray(kept) ? kept.text : short(err);
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
