/**
 * scorm_debug_api_calls leaves out a call's sco_id and attempt when they are the previous listed call's
 * (the first's: the answer's sco_id and attempt 1), its source when it is "sco", its result when it is
 * "true", and its caller unless it is outside_sco (the SCO's frame, or not known: issue 22). Tests that
 * read them put them back.
 */
export function withRepeats<
  T extends { sco_id?: string; attempt?: number; source?: string; result?: unknown; caller?: string },
>(answer: {
  calls: T[];
  sco_id?: string | null;
}): Array<T & { sco_id: string; attempt: number; source: string; result: unknown; caller: string }> {
  let scoId = answer.sco_id ?? '';
  let attempt = 1;
  return answer.calls.map((call) => {
    scoId = call.sco_id ?? scoId;
    attempt = call.attempt ?? attempt;
    return {
      ...call,
      sco_id: scoId,
      attempt,
      source: call.source ?? 'sco',
      result: call.result ?? 'true',
      caller: call.caller ?? 'sco',
    };
  });
}
