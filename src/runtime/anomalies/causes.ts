/**
 * Ties a run's effects to their likely causes: when the SCO never initialized, the run's own record
 * (blocked external requests, 404s in the package, page errors, no script at all) says why, and the
 * static rule that predicts it is named, so `validate` can catch it before the next run.
 */
import { packagePathOf } from '../content-url.js';
import type { ConsoleEntry, NetworkEntry } from '../records.js';
import type { Anomaly } from './types.js';

export interface RunEvidence {
  network: readonly NetworkEntry[];
  console: readonly ConsoleEntry[];
  /** The script elements of the SCO's pages at the end of the visit (absent: they could not be read). */
  scripts?: ScriptCensus;
}

/** Script elements counted in the SCO frame and every frame nested in it. */
export interface ScriptCensus {
  /** The pages looked at, as package paths (or URLs outside the package). */
  pages: string[];
  inline: number;
  external: number;
}

export interface Cause {
  text: string;
  rule: string;
}

const SHOWN = 3;

export function list(urls: readonly string[]): string {
  const shown = urls.slice(0, SHOWN).join(', ');
  return urls.length > SHOWN ? `${shown} and ${urls.length - SHOWN} more` : shown;
}

/** External scripts the run blocked (no network, as on an LMS without internet access). */
export function blockedExternalScripts(network: readonly NetworkEntry[]): NetworkEntry[] {
  return network.filter((r) => r.scope === 'external' && r.blocked === true && r.resourceType === 'script');
}

/** Scripts and pages of the package that the SCO's pages asked for and the package lacks. */
export function missingPackageFiles(network: readonly NetworkEntry[]): NetworkEntry[] {
  return network.filter(
    (r) =>
      r.scope === 'content' &&
      r.statusCode === 404 &&
      (r.resourceType === 'script' || r.resourceType === 'document'),
  );
}

export function blockedScriptsText(blocked: readonly NetworkEntry[]): string {
  const many = blocked.length > 1;
  return `the external script${many ? 's' : ''} ${list(blocked.map((r) => r.url))} ${many ? 'were' : 'was'} blocked (no network in the run, as on an LMS without internet access)`;
}

export function missingFilesText(missing: readonly NetworkEntry[]): string {
  return `the package lacks ${list(missing.map((r) => packagePathOf(r.url)))} (404), which the SCO's pages load`;
}

/** Where a page error happened, as `file:line:column` (1-based) with package paths; null when not known. */
export function errorPlace(entry: ConsoleEntry): string | null {
  if (!entry.url) return null;
  const line =
    entry.line !== null ? `:${entry.line + 1}${entry.column !== null ? `:${entry.column + 1}` : ''}` : '';
  return `${packagePathOf(entry.url)}${line}`;
}

/** The course's own page errors (the player's are never the course's), in the order they happened. */
export function coursePageErrors(console: readonly ConsoleEntry[]): ConsoleEntry[] {
  return console.filter((c) => c.source === 'pageerror' && c.origin !== 'player');
}

/** Chromium could not parse the script at all (a SyntaxError thrown while running has a stack). */
export function isParseError(entry: ConsoleEntry): boolean {
  return entry.name === 'SyntaxError' && !entry.stack;
}

export function parseErrorText(entry: ConsoleEntry): string {
  const place = errorPlace(entry);
  return `${place ? `${place} does` : 'a script of the SCO does'} not parse (${entry.text.slice(0, 200)}), so the browser skipped that whole script`;
}

/** The most likely reason a SCO never called Initialize, from what the run recorded. */
export function likelyInitializeCause(evidence: RunEvidence): Cause {
  const blocked = blockedExternalScripts(evidence.network);
  if (blocked.length > 0) {
    return {
      text: `${blockedScriptsText(blocked)}, so the code that needs ${blocked.length > 1 ? 'them' : 'it'} failed`,
      rule: 'deps.external_script',
    };
  }
  const missing = missingPackageFiles(evidence.network);
  if (missing.length > 0) return { text: missingFilesText(missing), rule: 'api.discovery_missing' };
  const pageErrors = coursePageErrors(evidence.console);
  const unparsed = pageErrors.find(isParseError);
  if (unparsed) return { text: parseErrorText(unparsed), rule: 'api.parse_error' };
  if (pageErrors.length > 0) {
    const first = pageErrors[0] as ConsoleEntry;
    const place = errorPlace(first);
    return {
      text: `a page error stopped the SCO's script: ${first.text.slice(0, 200)}${place ? ` (${place})` : ''}`,
      rule: 'api.discovery_missing',
    };
  }
  const census = evidence.scripts;
  if (census && census.inline + census.external === 0) {
    const one = census.pages.length === 1;
    return {
      text: `the SCO's ${one ? 'page' : 'pages'} ${list(census.pages)} ${one ? 'has' : 'have'} no script element at all, so nothing in ${one ? 'it' : 'them'} looks for the API or calls Initialize`,
      rule: 'api.discovery_missing',
    };
  }
  const contentScripts = evidence.network.filter((r) => r.scope === 'content' && r.resourceType === 'script');
  if (contentScripts.length === 0) {
    if (census && census.external === 0) {
      return {
        text: `the SCO's pages (${list(census.pages)}) load no script file, and their ${census.inline} inline script${census.inline === 1 ? '' : 's'} never called Initialize`,
        rule: 'api.discovery_missing',
      };
    }
    return {
      text: "the SCO's pages loaded no script file from the package; unless an inline script finds the API, the launch page has no SCORM code",
      rule: 'api.discovery_missing',
    };
  }
  const pages = census ? `the SCO's pages (${list(census.pages)})` : "the SCO's pages";
  return {
    text: `${pages} ran ${list(contentScripts.map((r) => packagePathOf(r.url)))} without a page error or a failed request, yet nothing called Initialize: those scripts do not look for the API and call Initialize when the page loads, or they wait for something this run never did (a click, a longer timer)`,
    rule: 'api.discovery_missing',
  };
}

/** Adds `likely_cause` and `predicted_by` to the run's initialize_never_called anomalies. */
export function explainAnomalies(anomalies: readonly Anomaly[], evidence: RunEvidence): Anomaly[] {
  if (!anomalies.some((a) => a.type === 'initialize_never_called')) return [...anomalies];
  const cause = likelyInitializeCause(evidence);
  return anomalies.map((a) =>
    a.type === 'initialize_never_called'
      ? {
          ...a,
          likely_cause: cause.text,
          predicted_by: cause.rule,
          message: `${a.message} Likely cause: ${cause.text}. ${predictedText(cause.rule)}`,
        }
      : a,
  );
}

export function predictedText(rule: string): string {
  return `\`scorm-tester validate\` predicts this (rule ${rule}).`;
}
