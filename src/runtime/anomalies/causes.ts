/**
 * Ties a run's effects to their likely causes: when the SCO never initialized, the run's own record
 * (blocked external requests, 404s in the package, page errors, no script at all) says why, and the
 * static rule that predicts it is named, so `validate` can catch it before the next run.
 */
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

interface Cause {
  text: string;
  rule: string;
}

const SHOWN = 3;

function list(urls: readonly string[]): string {
  const shown = urls.slice(0, SHOWN).join(', ');
  return urls.length > SHOWN ? `${shown} and ${urls.length - SHOWN} more` : shown;
}

/**
 * The package path of a content URL (`http://127.0.0.1:port/<token>/c/js/app.js` -> `js/app.js`; `c/` is
 * the content server's CONTENT_PREFIX, not imported to keep the server out of this module's imports).
 */
export function packagePath(url: string): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return url;
  }
  const rest = /^\/[^/]+\/c\/(.*)$/.exec(path)?.[1];
  if (rest === undefined) return url;
  try {
    return decodeURIComponent(rest);
  } catch {
    return rest;
  }
}

/** The most likely reason a SCO never called Initialize, from what the run recorded; null when none shows. */
export function likelyInitializeCause(evidence: RunEvidence): Cause | null {
  const blockedScripts = evidence.network.filter(
    (r) => r.scope === 'external' && r.blocked === true && r.resourceType === 'script',
  );
  if (blockedScripts.length > 0) {
    return {
      text: `the external script${blockedScripts.length > 1 ? 's' : ''} ${list(blockedScripts.map((r) => r.url))} ${blockedScripts.length > 1 ? 'were' : 'was'} blocked (no network in the run, as on an LMS without internet access), so the code that needs ${blockedScripts.length > 1 ? 'them' : 'it'} failed`,
      rule: 'deps.external_script',
    };
  }
  const missing = evidence.network.filter(
    (r) =>
      r.scope === 'content' &&
      r.statusCode === 404 &&
      (r.resourceType === 'script' || r.resourceType === 'document'),
  );
  if (missing.length > 0) {
    return {
      text: `the package lacks ${list(missing.map((r) => packagePath(r.url)))} (404), which the SCO's pages load`,
      rule: 'api.discovery_missing',
    };
  }
  const pageErrors = evidence.console.filter((c) => c.source === 'pageerror' && c.origin !== 'player');
  if (pageErrors.length > 0) {
    const first = pageErrors[0] as ConsoleEntry;
    const where = first.url
      ? ` (${first.url.split('/').slice(-1)[0]}${first.line ? `:${first.line}` : ''})`
      : '';
    return {
      text: `a page error stopped the SCO's script: ${first.text.slice(0, 200)}${where}`,
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
  return null;
}

/** Adds `likely_cause` and `predicted_by` to the run's initialize_never_called anomalies. */
export function explainAnomalies(anomalies: readonly Anomaly[], evidence: RunEvidence): Anomaly[] {
  if (!anomalies.some((a) => a.type === 'initialize_never_called')) return [...anomalies];
  const cause = likelyInitializeCause(evidence);
  const predicted = cause?.rule ?? 'api.discovery_missing';
  return anomalies.map((a) =>
    a.type === 'initialize_never_called'
      ? {
          ...a,
          ...(cause ? { likely_cause: cause.text } : {}),
          predicted_by: predicted,
          message: `${a.message}${cause ? ` Likely cause: ${cause.text}.` : ''} \`scorm-tester validate\` predicts this (rule ${predicted}).`,
        }
      : a,
  );
}
