/**
 * Uncaught errors in the SCO's pages (before or after Initialize, popups included) as anomalies: one per
 * distinct error with how often it happened, each naming its likely cause from the run (the file that
 * does not parse, a blocked external script, a 404 in the package, else the error and where it was
 * thrown) and the static rule that predicts it, when there is one. The player's own errors never count.
 */
import { courseRef, type CourseTexts } from '../../core/course-text.js';
import { packagePathOf } from '../content-url.js';
import type { ConsoleEntry } from '../records.js';
import {
  blockedExternalScripts,
  blockedScripts,
  coursePageErrors,
  errorPlace,
  errorRef,
  errorTexts,
  isParseError,
  missingFiles,
  missingPackageFiles,
  parseError,
  predictedText,
  type RunEvidence,
} from './causes.js';
import type { Anomaly } from './types.js';

/** Distinct page errors listed as anomalies; the last one says how many more there were. */
export const MAX_PAGE_ERRORS = 5;

interface Distinct {
  first: ConsoleEntry;
  count: number;
  /** The launches (ApiCallRecord.attempt) it happened in. */
  launches: Set<number>;
}

/** Errors a missing script typically causes in the code that needed it. */
const MISSING_CODE_ERRORS = new Set(['ReferenceError', 'TypeError']);

function distinctErrors(entries: readonly ConsoleEntry[]): Distinct[] {
  const byKey = new Map<string, Distinct>();
  for (const e of entries) {
    // The same error in another SCO is that SCO's own problem; in another attempt of the same SCO, the same one.
    const key = JSON.stringify([e.scoId ?? '', e.name ?? '', e.text, e.url, e.line, e.column]);
    const seen = byKey.get(key);
    if (seen) seen.count += 1;
    else byKey.set(key, { first: e, count: 1, launches: new Set() });
    if (e.attempt !== undefined) (seen ?? byKey.get(key))?.launches.add(e.attempt);
  }
  return [...byKey.values()];
}

/** A script served from another origin (not the package, not a page the course made itself). */
function fromOutside(entry: ConsoleEntry): boolean {
  return entry.url !== null && /^https?:/i.test(entry.url) && packagePathOf(entry.url) === entry.url;
}

interface PageErrorCause {
  text: string;
  rule?: string;
  course?: CourseTexts;
}

const ownError = (entry: ConsoleEntry): string => `the error in ${errorRef(entry, 'error')}`;

function causeOf(entry: ConsoleEntry, evidence: RunEvidence): PageErrorCause {
  if (isParseError(entry)) {
    const p = parseError(entry, 'error');
    return { text: p.text, ...(fromOutside(entry) ? {} : { rule: 'api.parse_error' }) };
  }
  const failed = ownError(entry);
  if (entry.name !== undefined && MISSING_CODE_ERRORS.has(entry.name)) {
    const blocked = blockedExternalScripts(evidence.network);
    if (blocked.length > 0) {
      const b = blockedScripts(blocked);
      return {
        text: `${b.text}, so code that needs ${blocked.length > 1 ? 'them' : 'it'} failed with ${failed}`,
        rule: 'deps.external_script',
        course: b.course,
      };
    }
    const missing = missingPackageFiles(evidence.network);
    if (missing.length > 0) {
      const m = missingFiles(missing);
      return { text: `${m.text}, so code that needs it failed with ${failed}`, course: m.course };
    }
    const unparsed = coursePageErrors(evidence.console).find(
      (e) => isParseError(e) && e.timestamp <= entry.timestamp,
    );
    if (unparsed) {
      const p = parseError(unparsed);
      return {
        text: `${p.text}, so what it defines is missing, hence ${failed}`,
        rule: 'api.parse_error',
        course: p.course,
      };
    }
  }
  return { text: failed };
}

/**
 * A media element's play() promise rejected because pause() or a new load came first: the HTML standard
 * rejects it with AbortError, the browser reports the unhandled rejection, and nothing stopped running.
 * Only the browser's own rejection counts (it has no script stack); an error a script throws itself does.
 */
function interruptedPlay(entry: ConsoleEntry): boolean {
  const stackFrames = (entry.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return (
    entry.name === 'AbortError' &&
    /^(AbortError: )?The play\(\) request was interrupted\b/.test(entry.text) &&
    stackFrames.length === 0
  );
}

function interruptedPlayAnomaly(
  error: Distinct,
  scormAttempt: (launch: number) => number,
  more: string,
): Anomaly {
  const { first, count } = error;
  return {
    type: 'page_error',
    severity: 'info',
    message:
      `A media element's play() was interrupted before playback began${count > 1 ? ` (${count} times)` : ''} ` +
      `(the browser's words are in ${errorRef(first, 'error')}): the HTML standard rejects play()'s promise ` +
      `with AbortError when pause() or a new load comes first, and the course did not catch it. No script stopped.${more ? ` ${more}` : ''}`,
    fix: 'Catch the promise play() returns (play().catch(…)) to keep the console clean; nothing else is wrong.',
    ...(count > 1 ? { count } : {}),
    ...about(error, scormAttempt),
    likely_cause: 'play() interrupted by pause() or a new load',
    course_text: errorTexts(first, 'error'),
  };
}

function fixFor(entry: ConsoleEntry, cause: { rule?: string | undefined }): string {
  const place = errorPlace(entry) ? `the script (its place is in ${courseRef('error_at')})` : 'the script';
  if (isParseError(entry))
    return `Fix the syntax error in ${place}: the browser skips the whole script, so none of its code runs (its SCORM calls included).`;
  if (cause.rule === 'api.parse_error')
    return 'Fix the syntax error in the script that does not parse (see likely_cause); this error should go with it.';
  if (cause.rule === 'deps.external_script')
    return 'Ship the library inside the package and load it with a relative URL: an LMS without internet access, or with a strict Content-Security-Policy, blocks it too.';
  return `Fix the error thrown in ${place} (console_errors has its stack): the rest of that script, or of that event handler, did not run.`;
}

/** The SCO and (SCORM) attempt of the first occurrence, and the other attempts it happened in. */
function about(
  { first, launches }: Distinct,
  scormAttempt: (launch: number) => number,
): Pick<Anomaly, 'sco_id' | 'attempt' | 'also_in_attempts'> {
  if (first.scoId === undefined || first.attempt === undefined) return {};
  const attempt = scormAttempt(first.attempt);
  const others = [...new Set([...launches].map(scormAttempt))].filter((n) => n !== attempt);
  return { sco_id: first.scoId, attempt, ...(others.length > 0 ? { also_in_attempts: others } : {}) };
}

export function pageErrorAnomalies(
  evidence: RunEvidence,
  /** The SCORM attempt of a launch (ConsoleEntry.attempt). */
  scormAttempt: (launch: number) => number = (launch) => launch,
): Anomaly[] {
  const distinct = distinctErrors(coursePageErrors(evidence.console));
  const listed = distinct.slice(0, MAX_PAGE_ERRORS);
  const unlisted = distinct.length - listed.length;
  return listed.map((error, i) => {
    const { first, count } = error;
    const more =
      i === listed.length - 1 && unlisted > 0
        ? `${unlisted} more distinct page error${unlisted === 1 ? ' is' : 's are'} in console_errors.`
        : '';
    if (interruptedPlay(first)) return interruptedPlayAnomaly(error, scormAttempt, more);
    const cause = causeOf(first, evidence);
    const outside = fromOutside(first);
    const times = count > 1 ? ` (${count} times)` : '';
    return {
      type: 'page_error',
      // A script from another site failing is its own problem; the course's own script failing is the course's.
      severity: outside ? 'warning' : 'error',
      message: [
        `${outside ? 'A script from outside the package' : "The SCO's script"} failed${times} with the error in ${errorRef(first, 'error')}.`,
        // When the error is its own likely cause, the sentence does not say it twice.
        cause.text === ownError(first) ? '' : `Likely cause: ${cause.text}.`,
        cause.rule ? predictedText(cause.rule) : '',
        more,
      ]
        .filter(Boolean)
        .join(' '),
      fix: fixFor(first, cause),
      ...(count > 1 ? { count } : {}),
      ...about(error, scormAttempt),
      likely_cause: cause.text,
      ...(cause.rule ? { predicted_by: cause.rule } : {}),
      course_text: { ...errorTexts(first, 'error'), ...cause.course },
    };
  });
}
