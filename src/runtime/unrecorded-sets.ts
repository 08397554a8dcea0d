/**
 * Node's own check that a SCO's calls were recorded: the SCORM 2004 engine keeps the elements the SCO set
 * with SetValue (for sequencing), and every one of them must appear in a recorded SetValue of the same
 * attempt. One that does not reached the engine without passing through the record.
 */
import { canonicalMethod, type ApiCallRecord } from './records.js';

export function unrecordedSets(
  setByEngine: readonly string[],
  calls: readonly ApiCallRecord[],
  attempt: { scoId: string; attempt: number },
): string[] {
  const recorded = new Set<string>();
  for (const c of calls) {
    if (c.attempt !== attempt.attempt || c.scoId !== attempt.scoId) continue;
    if (canonicalMethod(c.method) !== 'SetValue') continue;
    // An element given as something else than a string is named by the engine's own conversion, which
    // the record cannot repeat: nothing is claimed then rather than a false error.
    if (typeof c.args[0] !== 'string') return [];
    // Any recorded SetValue counts, whatever it answered: the check is for calls missing from the record.
    recorded.add(c.args[0]);
  }
  return [...new Set(setByEngine)].filter((el) => !recorded.has(el)).sort();
}
