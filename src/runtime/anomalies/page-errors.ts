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
}

/** Errors a missing script typically causes in the code that needed it. */
const MISSING_CODE_ERRORS = new Set(['ReferenceError', 'TypeError']);

function distinctErrors(entries: readonly ConsoleEntry[]): Distinct[] {
  const byKey = new Map<string, Distinct>();
  for (const e of entries) {
    const key = JSON.stringify([e.name ?? '', e.text, e.url, e.line, e.column]);
    const seen = byKey.get(key);
    if (seen) seen.count += 1;
    else byKey.set(key, { first: e, count: 1 });
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

function causeOf(entry: ConsoleEntry, evidence: RunEvidence): PageErrorCause {
  if (isParseError(entry)) {
    const p = parseError(entry, 'error');
    return { text: p.text, ...(fromOutside(entry) ? {} : { rule: 'api.parse_error' }) };
  }
  const failed = `the error in ${errorRef(entry, 'error')}`;
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

export function pageErrorAnomalies(evidence: RunEvidence): Anomaly[] {
  const distinct = distinctErrors(coursePageErrors(evidence.console));
  const listed = distinct.slice(0, MAX_PAGE_ERRORS);
  const unlisted = distinct.length - listed.length;
  return listed.map(({ first, count }, i) => {
    const cause = causeOf(first, evidence);
    const outside = fromOutside(first);
    const times = count > 1 ? ` (${count} times)` : '';
    const more =
      i === listed.length - 1 && unlisted > 0
        ? ` ${unlisted} more distinct page error${unlisted === 1 ? ' is' : 's are'} in console_errors.`
        : '';
    return {
      type: 'page_error',
      // A script from another site failing is its own problem; the course's own script failing is the course's.
      severity: outside ? 'warning' : 'error',
      message:
        `${outside ? 'A script from outside the package' : "The SCO's script"} failed${times} with the error in ${errorRef(first, 'error')}. ` +
        `Likely cause: ${cause.text}.${cause.rule ? ` ${predictedText(cause.rule)}` : ''}${more}`,
      fix: fixFor(first, cause),
      ...(count > 1 ? { count } : {}),
      likely_cause: cause.text,
      ...(cause.rule ? { predicted_by: cause.rule } : {}),
      course_text: { ...errorTexts(first, 'error'), ...cause.course },
    };
  });
}
