/**
 * What an automation call changed in the SCORM record: the API calls it triggered and the data-model
 * changes, taken from the runtime's records by their positions before the call, once the page has
 * flushed its records. (A deliberately small observer; the DOM tools' general one also covers console
 * errors and frame navigation.)
 */
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import type { RecordedValue } from '../../runtime/records.js';

const MAX_LISTED = 200;

export interface AutomationChanges {
  api_calls: Array<{
    index: number;
    method: string;
    args: RecordedValue[];
    result: RecordedValue;
    error_code: string;
  }>;
  data_model_changes: Array<{ element: string; from: string | null; to: string }>;
  truncated?: { api_calls?: number; data_model_changes?: number };
}

export function observeAutomationChanges(runtime: CourseRuntime): { read(): Promise<AutomationChanges> } {
  const callsAt = runtime.calls.length;
  const changesAt = runtime.log.dataChanges.length;
  return {
    async read() {
      if (runtime.isOpen) await runtime.settle();
      const calls = runtime.calls.slice(callsAt);
      const changes = runtime.log.dataChanges.slice(changesAt);
      const truncated: NonNullable<AutomationChanges['truncated']> = {};
      if (calls.length > MAX_LISTED) truncated.api_calls = calls.length - MAX_LISTED;
      if (changes.length > MAX_LISTED) truncated.data_model_changes = changes.length - MAX_LISTED;
      return {
        api_calls: calls.slice(0, MAX_LISTED).map((c) => ({
          index: c.index,
          method: c.method,
          args: c.args,
          result: c.result,
          error_code: c.errorCode,
        })),
        data_model_changes: changes
          .slice(0, MAX_LISTED)
          .map((c) => ({ element: c.element, from: c.previousValue, to: c.newValue })),
        ...(Object.keys(truncated).length > 0 ? { truncated } : {}),
      };
    },
  };
}
