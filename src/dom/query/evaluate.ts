/**
 * scorm_dom_evaluate: the agent's expression, run in a SCO frame. The one input that is code by design;
 * it still cannot hurt the server: a throw becomes DOM_EVALUATE_ERROR with the page's message, a busy
 * loop or a promise that never settles is stopped at the time limit (DOM_TIMEOUT, the session stays
 * usable), and the result is described and capped in the page before it crosses to Node.
 */
import type { Frame } from 'playwright-core';
import { fail, isScormTesterError, ScormTesterError } from '../../core/errors.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { boundedPageCall } from '../bounded.js';
import type { ScoFrame } from '../frames.js';
import { CourseTextFields } from '../course-text-fields.js';
import { framesToSearch } from '../target.js';
import { describeValue, type DescribedValue, type DescribeLimits } from './describe-value.js';

export const RESULT_LIMITS: DescribeLimits = { maxChars: 100_000, maxDepth: 20, maxItems: 1_000 };

export interface EvaluateRequest {
  expression: string;
  /** Passed to the expression when it evaluates to a function. */
  arg?: unknown;
  frame?: string | undefined;
  timeoutMs: number;
  /** Ends the call (and stops a busy expression) when the client cancels it. */
  signal?: AbortSignal | undefined;
  /** false: describe the result's type only (no values cross). */
  returnByValue: boolean;
}

export interface EvaluateResult extends DescribedValue {
  frame: string;
  /** The expression was a function and was called (with `arg` when given). */
  called: boolean;
}

export async function evaluateInSco(runtime: CourseRuntime, req: EvaluateRequest): Promise<EvaluateResult> {
  const target = (await framesToSearch(runtime, req.frame))[0] as ScoFrame;
  const what = 'the expression';
  try {
    return await boundedPageCall(
      runtime,
      target.frame,
      what,
      req.timeoutMs,
      () => runExpression(target.frame, req),
      (busy) =>
        new ScormTesterError(
          'DOM_TIMEOUT',
          `The expression did not finish within ${req.timeoutMs} ms: ` +
            (busy
              ? 'its script was busy (a loop) and was stopped'
              : 'it waits on a promise that never settled') +
            '. The session is still usable. Raise timeout_ms, or return a value without waiting.',
          { timeout_ms: req.timeoutMs, frame: target.label, busy },
        ),
      req.signal,
    ).then((r) => ({ ...r, frame: target.label }));
  } catch (err) {
    if (isScormTesterError(err)) throw err;
    const msg = err instanceof Error ? err.message : String(err);
    const first = (msg.split('\n')[0] ?? msg).replace(/^[\w.]+: /, '');
    // What the page threw, and a frame label built from its ids, are the course's words.
    const quoted = new CourseTextFields();
    if (/Execution context was destroyed|navigat|detached/i.test(msg)) {
      fail(
        'DOM_NAVIGATED',
        `The frame navigated or closed while the expression ran (the browser's words in ${quoted.text('error', first)}).`,
        { frame: target.label, ...quoted.details() },
      );
    }
    const where = quoted.frame('frame', target.label);
    fail(
      'DOM_EVALUATE_ERROR',
      `The expression threw in ${where}; what it threw is in ${quoted.text('error', first)}.`,
      { frame: target.label, ...quoted.details() },
    );
  }
}

async function runExpression(frame: Frame, req: EvaluateRequest): Promise<Omit<EvaluateResult, 'frame'>> {
  // The value stays in the page inside a holder object: a handle to a primitive BigInt would lose it.
  const holder = await frame.evaluateHandle(evaluateHeld, {
    source: normalizeExpression(req.expression),
    arg: req.arg,
  });
  try {
    const called = await holder.evaluate((h) => h.called);
    if (!req.returnByValue) {
      const described = await frame.evaluate(describeValue, {
        holder,
        limits: { maxChars: 200, maxDepth: 0, maxItems: 0 },
      });
      return { type: described.type, result: null, truncated: false, called };
    }
    const described = await frame.evaluate(describeValue, { holder, limits: RESULT_LIMITS });
    return { ...described, called };
  } finally {
    await holder.dispose().catch(() => undefined);
  }
}

/**
 * Runs in the page: the expression evaluated globally as Playwright evaluates a string (indirect eval),
 * awaited, called with `arg` when it is a function, awaited again.
 */
async function evaluateHeld(req: {
  source: string;
  arg: unknown;
}): Promise<{ value: unknown; called: boolean }> {
  const globalEval = eval;
  let value: unknown = await (globalEval(req.source) as unknown);
  let called = false;
  if (typeof value === 'function') {
    value = await ((value as (a: unknown) => unknown)(req.arg) as unknown);
    called = true;
  }
  return { value, called };
}

/** As Playwright reads a string expression: trimmed, a function declaration made an expression. */
function normalizeExpression(expression: string): string {
  const trimmed = expression.trim();
  return /^(async)?\s*function(\s|\()/.test(trimmed) ? `(${trimmed})` : trimmed;
}
