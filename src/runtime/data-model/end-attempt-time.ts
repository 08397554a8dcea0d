/**
 * What the engine does to the data model as an attempt ends (Terminate / LMSFinish), for a save that
 * ends the attempt from the record instead: the session's time joins the total (the RTE books:
 * SCORM 2004 cmi.total_time, SCORM 1.2 cmi.core.total_time, are the LMS's sum of the session times).
 */
import { durationSeconds, formatDuration } from '../../rte/strict/duration.js';
import { formatTimespan, timespanSeconds } from '../../rte/datamodel/types/cmi-timespan.js';

/** Adds the session time the attempt reported to its total time, in place; nothing when it reported none. */
export function addSessionTimeToTotal(data: Record<string, string>, version: '1.2' | '2004'): void {
  if (version === '2004') {
    const session = durationSeconds(data['cmi.session_time'] ?? '');
    if (session === undefined) return;
    const total = durationSeconds(data['cmi.total_time'] ?? 'PT0S') ?? 0;
    data['cmi.total_time'] = formatDuration(total + session);
    return;
  }
  const session = timespanSeconds(data['cmi.core.session_time'] ?? '');
  if (session === undefined) return;
  const total = timespanSeconds(data['cmi.core.total_time'] ?? '0000:00:00') ?? 0;
  data['cmi.core.total_time'] = formatTimespan(total + session);
}
