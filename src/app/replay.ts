/**
 * Method-name checks and replaying a call sequence through a runtime: shared by scorm_api_replay and a
 * scenario's `calls` step.
 */
import { fail, isScormTesterError } from '../core/errors.js';
import { API_METHODS, canonicalMethod, type ApiCallRecord, type RecordedValue } from '../runtime/records.js';
import { isFailedCall } from '../runtime/data-model/index.js';

/** The version's name for `method`, accepting either version's spelling; INVALID_SCORM_METHOD otherwise. */
export function resolveMethod(version: '1.2' | '2004', method: string): string {
  const list = API_METHODS[version];
  const found =
    list.find((m) => m === method) ?? list.find((m) => canonicalMethod(m) === canonicalMethod(method));
  if (!found) {
    fail(
      'INVALID_SCORM_METHOD',
      `"${method}" is not a SCORM ${version} API method. Use one of: ${list.join(', ')}.`,
      {
        valid_methods: [...list],
      },
    );
  }
  return found;
}

/** Any SCORM API method name of either version (for matching calls); INVALID_SCORM_METHOD otherwise. */
export function checkAnyMethod(method: string): void {
  const all = [...API_METHODS['2004'], ...API_METHODS['1.2']];
  if (!all.includes(method)) {
    fail('INVALID_SCORM_METHOD', `"${method}" is not a SCORM API method. Use one of: ${all.join(', ')}.`, {
      valid_methods: all,
    });
  }
}

export interface ReplayStep {
  method: string;
  args?: unknown[];
}

export interface ReplayResultEntry {
  index: number;
  method: string;
  args: unknown[];
  success: boolean;
  result: RecordedValue | null;
  error_code: string;
  error_string: string;
  diagnostic: string;
  call_index: number | null;
  exception?: string;
}

export interface ReplayOutcome {
  success: boolean;
  total_calls: number;
  executed_calls: number;
  failed_at_index?: number;
  error?: { index: number; method: string; error_code: string; error_string: string; diagnostic: string };
  results: ReplayResultEntry[];
}

/**
 * Runs `steps` in order through `exec`. Every method is checked before the first call runs. A step fails
 * when it returns "false" or leaves a non-zero error code; SCORM_API_ERROR (the engine threw) is a failed
 * step too. Other errors (timeout, crash) end the replay as errors.
 */
export async function replayCalls(
  version: '1.2' | '2004',
  steps: readonly ReplayStep[],
  exec: (method: string, args: unknown[]) => Promise<ApiCallRecord>,
  stopOnError = true,
): Promise<ReplayOutcome> {
  steps.forEach((s, i) => {
    try {
      resolveMethod(version, s.method);
    } catch (error) {
      if (isScormTesterError(error)) fail(error.code, `calls[${i}]: ${error.message}`, error.details);
      throw error;
    }
  });
  const outcome: ReplayOutcome = { success: true, total_calls: steps.length, executed_calls: 0, results: [] };
  for (const [i, step] of steps.entries()) {
    const method = resolveMethod(version, step.method);
    const args = step.args ?? [];
    let entry: ReplayResultEntry;
    try {
      const rec = await exec(method, args);
      entry = {
        index: i,
        method,
        args,
        success: !isFailedCall(rec),
        result: rec.result,
        error_code: rec.errorCode,
        error_string: rec.errorString,
        diagnostic: rec.diagnostic,
        call_index: rec.index,
      };
    } catch (error) {
      if (!isScormTesterError(error) || error.code !== 'SCORM_API_ERROR') throw error;
      const rec = error.details?.record as ApiCallRecord | undefined;
      entry = {
        index: i,
        method,
        args,
        success: false,
        result: rec?.result ?? null,
        error_code: rec?.errorCode ?? '101',
        error_string: rec?.errorString ?? 'General Exception',
        diagnostic: rec?.diagnostic ?? error.message,
        call_index: rec?.index ?? null,
        exception: error.message,
      };
    }
    outcome.results.push(entry);
    outcome.executed_calls += 1;
    if (!entry.success && outcome.success) {
      outcome.success = false;
      outcome.failed_at_index = i;
      outcome.error = {
        index: i,
        method,
        error_code: entry.error_code,
        error_string: entry.error_string,
        diagnostic: entry.diagnostic,
      };
    }
    if (!entry.success && stopOnError) break;
  }
  return outcome;
}
