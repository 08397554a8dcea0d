/**
 * Uncaught errors in the SCO's pages (before or after Initialize, popups included) as anomalies: one per
 * distinct error with how often it happened, each naming its likely cause from the run (the file that
 * does not parse, a blocked external script, a 404 in the package, else the error and where it was
 * thrown) and the static rule that predicts it, when there is one. The player's own errors never count.
 */
import { packagePathOf } from '../content-url.js';
import type { ConsoleEntry } from '../records.js';
import {
  blockedExternalScripts,
  blockedScriptsText,
  coursePageErrors,
  errorPlace,
  isParseError,
  missingFilesText,
  missingPackageFiles,
  parseErrorText,
  predictedText,
  type Cause,
  type RunEvidence,
} from './causes.js';
import type { Anomaly } from './types.js';

/** Distinct page errors listed as anomalies; the last one says how many more there were. */
export const MAX_PAGE_ERRORS = 5;
const SHOWN_TEXT = 200;

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

function errorText(entry: ConsoleEntry): string {
  const text = entry.text.slice(0, SHOWN_TEXT);
  return entry.name && !text.startsWith(entry.name) ? `${entry.name}: ${text}` : text;
}

function causeOf(entry: ConsoleEntry, evidence: RunEvidence): Cause | { text: string; rule?: undefined } {
  if (isParseError(entry))
    return { text: parseErrorText(entry), ...(fromOutside(entry) ? {} : { rule: 'api.parse_error' }) };
  const place = errorPlace(entry);
  const failed = `${errorText(entry)}${place ? ` at ${place}` : ''}`;
  if (entry.name !== undefined && MISSING_CODE_ERRORS.has(entry.name)) {
    const blocked = blockedExternalScripts(evidence.network);
    if (blocked.length > 0)
      return {
        text: `${blockedScriptsText(blocked)}, so code that needs ${blocked.length > 1 ? 'them' : 'it'} failed: ${failed}`,
        rule: 'deps.external_script',
      };
    const missing = missingPackageFiles(evidence.network);
    if (missing.length > 0)
      return { text: `${missingFilesText(missing)}, so code that needs it failed: ${failed}` };
    const unparsed = coursePageErrors(evidence.console).find(
      (e) => isParseError(e) && e.timestamp <= entry.timestamp,
    );
    if (unparsed)
      return {
        text: `${parseErrorText(unparsed)}, so what it defines is missing: ${failed}`,
        rule: 'api.parse_error',
      };
  }
  return { text: failed };
}

function fixFor(entry: ConsoleEntry, cause: { rule?: string | undefined }): string {
  const place = errorPlace(entry) ?? 'the script';
  if (isParseError(entry))
    return `Fix the syntax error in ${place}: the browser skips the whole script, so none of its code runs (its SCORM calls included).`;
  if (cause.rule === 'api.parse_error')
    return 'Fix the syntax error in the script that does not parse (see likely_cause); this error should go with it.';
  if (cause.rule === 'deps.external_script')
    return 'Ship the library inside the package and load it with a relative URL: an LMS without internet access, or with a strict Content-Security-Policy, blocks it too.';
  return `Fix the error thrown at ${place} (console_errors has its stack): the rest of that script, or of that event handler, did not run.`;
}

export function pageErrorAnomalies(evidence: RunEvidence): Anomaly[] {
  const distinct = distinctErrors(coursePageErrors(evidence.console));
  const listed = distinct.slice(0, MAX_PAGE_ERRORS);
  const unlisted = distinct.length - listed.length;
  return listed.map(({ first, count }, i) => {
    const cause = causeOf(first, evidence);
    const outside = fromOutside(first);
    const place = errorPlace(first);
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
        `${outside ? 'A script from outside the package' : "The SCO's script"} failed${times}: ${errorText(first)}${place ? ` (${place})` : ''}. ` +
        `Likely cause: ${cause.text}.${cause.rule ? ` ${predictedText(cause.rule)}` : ''}${more}`,
      fix: fixFor(first, cause),
      ...(count > 1 ? { count } : {}),
      likely_cause: cause.text,
      ...(cause.rule ? { predicted_by: cause.rule } : {}),
    };
  });
}
