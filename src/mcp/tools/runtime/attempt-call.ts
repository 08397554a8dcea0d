/** What scorm_attempt_initialize and scorm_attempt_terminate share: one tester-made call and its answer. */
import type { SessionManager } from '../../../session/session-manager.js';
import { apiCallResult, initializeState } from '../output-schemas.js';
import { callResult } from './api-calls.js';

export const attemptOutput = { ...apiCallResult, initialize_state: initializeState };

export function attemptCall(sessions: SessionManager, name: 'Initialize' | 'Terminate') {
  return async (args: { session_id: string }) => {
    const runtime = sessions.get(args.session_id).requireRuntime();
    const rec = await runtime.callApi(name, ['']);
    return { data: { ...callResult(rec), initialize_state: runtime.initializeState } };
  };
}
