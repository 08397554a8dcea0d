/**
 * Several fields filled in order (scorm_dom_fill_form_batch), each exactly as scorm_dom_fill fills it,
 * continuing after a failure unless asked to stop. A router picks each field's path: the DOM route here
 * sends every field to the DOM; another (a course's automation API, see scenario/automation-field.ts) is
 * given by whoever provides it, and says why it chose.
 */
import { isScormTesterError } from '../../core/errors.js';
import { throwIfCancelled, type WorkControl } from '../../core/progress.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { observeChanges, type ChangesReport } from '../changes.js';
import { fillElement } from './fill.js';
import type { FillValue } from './fill-value.js';

export interface BatchField {
  selector?: string | undefined;
  ref?: string | undefined;
  frame?: string | undefined;
  /** Absent only on fields another path claims (the tool's schema requires it otherwise). */
  value?: FillValue | undefined;
  options?: { wait_for_selector?: boolean | undefined; wait_timeout_ms?: number | undefined } | undefined;
  /** Fields other paths read (e.g. interaction_id); the DOM path ignores them. */
  [other: string]: unknown;
}

/** What one path reports for a field it filled (the batch adds index, target and path). */
export interface FieldOutcome {
  element?: unknown;
  frame?: string;
  activation?: string;
  changes?: ChangesReport;
  [extra: string]: unknown;
}

/** The path chosen for one field, why, and how to fill it that way. */
export interface FieldRoute {
  path: string;
  reason?: string | undefined;
  fill(): Promise<FieldOutcome>;
}

export type FieldRouter = (runtime: CourseRuntime, field: BatchField) => Promise<FieldRoute>;

export interface FieldResult extends FieldOutcome {
  index: number;
  target: string;
  path: string;
  path_reason?: string;
  success: boolean;
  error?: { error_code: string; message: string; details?: Record<string, unknown> };
}

export interface BatchResult {
  total_fields: number;
  successful: number;
  failed: number;
  /** Fields not attempted because stop_on_error stopped the batch. */
  skipped: number;
  results: FieldResult[];
  errors?: Array<{ index: number; target: string; error_code: string; message: string }>;
  /** Everything the whole batch changed. */
  changes: ChangesReport;
}

/** Fills the field's control as scorm_dom_fill does. */
export async function fillFieldInDom(runtime: CourseRuntime, field: BatchField): Promise<FieldOutcome> {
  const res = await fillElement(
    runtime,
    { selector: field.selector, ref: field.ref, frame: field.frame },
    field.value as FillValue,
    { waitForSelector: field.options?.wait_for_selector, waitTimeoutMs: field.options?.wait_timeout_ms },
  );
  const { success: _success, ...outcome } = res;
  return outcome;
}

export const domRoute: FieldRouter = (runtime, field) =>
  Promise.resolve({ path: 'dom', fill: () => fillFieldInDom(runtime, field) });

export async function fillFormBatch(
  runtime: CourseRuntime,
  fields: readonly BatchField[],
  options: {
    stopOnError?: boolean | undefined;
    settleMs?: number | undefined;
    route?: FieldRouter;
  } & WorkControl = {},
): Promise<BatchResult> {
  const route = options.route ?? domRoute;
  const observer = await observeChanges(runtime);
  const results: FieldResult[] = [];
  try {
    for (let index = 0; index < fields.length; index++) {
      throwIfCancelled(options.signal, 'The form batch');
      const field = fields[index] as BatchField;
      const target =
        field.selector ??
        field.ref ??
        (typeof field.interaction_id === 'string' ? `interaction ${field.interaction_id}` : '');
      options.progress?.({ done: index, total: fields.length, message: `filling ${target}` });
      let chosen: FieldRoute | null = null;
      try {
        chosen = await route(runtime, field);
        const outcome = await chosen.fill();
        results.push({ index, target, ...pathOf(chosen), success: true, ...outcome });
      } catch (err) {
        if (
          !isScormTesterError(err) ||
          err.code === 'BROWSER_CRASHED' ||
          err.code === 'RUNTIME_NOT_OPEN' ||
          err.code === 'CANCELLED'
        )
          throw err;
        results.push({
          index,
          target,
          ...pathOf(chosen),
          success: false,
          error: {
            error_code: err.code,
            message: err.message,
            ...(err.details ? { details: err.details } : {}),
          },
        });
        if (options.stopOnError) break;
      }
    }
  } catch (err) {
    observer.dispose();
    throw err;
  }
  options.progress?.({ done: fields.length, total: fields.length, message: 'fields filled' });
  const failed = results.filter((r) => !r.success);
  return {
    total_fields: fields.length,
    successful: results.length - failed.length,
    failed: failed.length,
    skipped: fields.length - results.length,
    results,
    ...(failed.length > 0
      ? {
          errors: failed.map((r) => ({
            index: r.index,
            target: r.target,
            error_code: r.error?.error_code ?? 'INTERNAL_ERROR',
            message: r.error?.message ?? '',
          })),
        }
      : {}),
    changes: await observer.read({ settleMs: options.settleMs, signal: options.signal }),
  };
}

/** A field whose target could not even be resolved went the DOM's way. */
function pathOf(route: FieldRoute | null): { path: string; path_reason?: string } {
  if (!route) return { path: 'dom' };
  return { path: route.path, ...(route.reason !== undefined ? { path_reason: route.reason } : {}) };
}
