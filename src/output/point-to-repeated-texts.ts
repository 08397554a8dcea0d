/**
 * Repeated texts said once (issue 22): a course can make the same anomaly in each of dozens of attempts
 * (session_time never set, once per SCO attempt), and each would repeat a sentence of several hundred
 * bytes. In one answer's list, a message or fix that is word for word an earlier entry's points to it;
 * the entry keeps its own fields (call, SCO, attempt, course_text, which the text refers to).
 */

/** Texts shorter than this are repeated as they are: a pointer would save nothing. */
const POINT_MIN_CHARS = 60;

type Texts = { message: string; fix: string; likely_cause?: string };

export function pointToRepeatedTexts<T extends Texts>(list: readonly T[], listName: string): T[] {
  const first = new Map<string, string>();
  return list.map((entry, i) => {
    const out: Record<string, unknown> = { ...entry };
    for (const key of ['message', 'fix', 'likely_cause'] as const) {
      const text = entry[key];
      if (text === undefined || text.length < POINT_MIN_CHARS) continue;
      const seen = first.get(`${key}\n${text}`);
      if (seen !== undefined) out[key] = `as ${seen}`;
      else first.set(`${key}\n${text}`, `${listName}[${i}].${key}`);
    }
    return out as T;
  });
}
