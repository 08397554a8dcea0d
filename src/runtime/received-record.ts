/**
 * Node's own comparison of the record it received with the run-time engine. The player compares its
 * record with the engine before encoding it; this compares what arrived, after the encoding and the
 * transport, so a record bent on its way out of the player's realm cannot pass for a faithful one.
 */
import type { ApiCallRecord, DataChange } from './records.js';
import { MAX_RECORDED_STRING } from './player/wire.js';

export interface ReceivedDifference {
  element: string;
  /** The last value the record Node received gave the element. */
  recorded: string;
  /** The value the engine holds. */
  engine: string;
}

/**
 * Elements whose last value in the received record of this attempt differs from the engine's. Run only
 * when the player has recorded every change the engine made itself (after a successful Terminate: the
 * player then records each difference between its record and the engine as an internal change, and the
 * engine changes nothing more). Elements whose last recorded value was cut (over the record's length
 * limit) cannot be compared and are skipped, as are elements the engine no longer lists.
 */
export function receivedRecordDifferences(
  changes: readonly DataChange[],
  engine: Readonly<Record<string, string>>,
  attempt: { scoId: string; attempt: number },
): ReceivedDifference[] {
  const last = new Map<string, DataChange>();
  for (const c of changes) {
    if (c.attempt === attempt.attempt && c.scoId === attempt.scoId) last.set(c.element, c);
  }
  const out: ReceivedDifference[] = [];
  for (const [element, c] of last) {
    if (c.newValueTruncated || !Object.hasOwn(engine, element)) continue;
    const held = engine[element] as string;
    if (held !== c.newValue) out.push({ element, recorded: c.newValue, engine: held });
  }
  return out.sort((a, b) => (a.element < b.element ? -1 : a.element > b.element ? 1 : 0));
}

/**
 * Whether the record of a tool's call, as Node received it, says what the engine answered (the player
 * sends the answer and error code beside the record). Answers that are not strings, or too long for the
 * record to carry whole, are not compared.
 */
export function toolAnswerMatches(
  rec: Pick<ApiCallRecord, 'result' | 'errorCode'>,
  engine: { result?: string | null; code?: string },
): boolean {
  const answered = engine.result;
  if (typeof answered !== 'string' || answered.length > MAX_RECORDED_STRING) return true;
  return rec.result === answered && rec.errorCode === engine.code;
}
