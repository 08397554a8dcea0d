/** API call records as tools return them. */
import type { ApiCallRecord } from '../../../runtime/records.js';
import { callView } from '../../../runtime/anomalies/call-view.js';
import type { ToolData } from '../../../app/tool.js';
import type { apiCallResult } from '../output-schemas.js';

export { callView };

/** What a tool that makes one API call returns about it (scorm_api_call, scorm_attempt_*). */
export function callResult(rec: ApiCallRecord): ToolData<typeof apiCallResult> {
  return {
    result: rec.result,
    error_code: rec.errorCode,
    error_string: rec.errorString,
    diagnostic: rec.diagnostic,
    call_index: rec.index,
    method: rec.method,
    // Past the record's cap the engine still answers; the call is counted but not kept.
    ...(rec.recorded === false ? { recorded: false } : {}),
  };
}
