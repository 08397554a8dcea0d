/**
 * Ties a run's effects to their likely causes: when the SCO never initialized, the run's own record
 * (blocked external requests, 404s in the package, page errors, navigations the browser refused, no
 * script at all) says why, and the static rule that predicts it is named, so `validate` can catch it
 * before the next run.
 */
import { courseRef, courseText, type CourseText, type CourseTexts } from '../../core/course-text.js';
import { blockedNavigation } from '../chromium-console-text.js';
import { packagePathOf } from '../content-url.js';
import type { ConsoleEntry, NetworkEntry } from '../records.js';
import { NAMES } from './elements.js';
import { awaitsLearner, startGateOf, type PageLook } from './start-gate.js';
import type { TrackingSwitch } from './tracking-switch.js';
import type { Anomaly } from './types.js';

export interface RunEvidence {
  network: readonly NetworkEntry[];
  console: readonly ConsoleEntry[];
  /** The script elements of the SCO's pages at the end of the visit (absent: they could not be read). */
  scripts?: ScriptCensus;
  /** The controls and API code of the SCO's pages, looked at when the SCO made no API call. */
  look?: PageLook;
  /** The run's SCORM version (names the start-gate warning's calls). */
  version?: '1.2' | '2004';
  /** The course's own switch that turned its SCORM tracking off (tracking-switch.ts). */
  trackingOff?: TrackingSwitch;
}

/** Script elements counted in the SCO frame and every frame nested in it. */
export interface ScriptCensus {
  /** The pages looked at, as package paths (or URLs outside the package). */
  pages: string[];
  inline: number;
  external: number;
}

export interface Cause {
  /** Our sentence: it names course text only by its field in `course`. */
  text: string;
  /** The static rule that reports the same cause from the files; absent when none would. */
  rule?: string;
  /** The course text the sentence refers to (file names, URLs, error texts). */
  course?: CourseTexts;
  /** A fix of its own, when the anomaly's general one is not what to do. */
  fix?: string;
}

const SHOWN = 3;

/** The first few of a list of course-chosen names, as course text; the sentence says how many more. */
export function listed(names: readonly string[]): CourseText[] {
  return names.slice(0, SHOWN).map((n) => courseText(n));
}

/** "the pages in `course_text.pages`" (and "(5 in all)" when not all are listed). */
export function listRef(field: string, count: number): string {
  return `${courseRef(field)}${count > SHOWN ? ` (${count} in all, ${SHOWN} listed)` : ''}`;
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

export function blockedScripts(blocked: readonly NetworkEntry[]): { text: string; course: CourseTexts } {
  const many = blocked.length > 1;
  return {
    text: `the external script${many ? 's' : ''} in ${listRef('blocked_scripts', blocked.length)} ${many ? 'were' : 'was'} blocked (no network in the run, as on an LMS without internet access)`,
    course: { blocked_scripts: listed(blocked.map((r) => r.url)) },
  };
}

export function missingFiles(missing: readonly NetworkEntry[]): { text: string; course: CourseTexts } {
  return {
    text: `the package lacks the file${missing.length > 1 ? 's' : ''} in ${listRef('missing_files', missing.length)} (404), which the SCO's pages load`,
    course: { missing_files: listed(missing.map((r) => packagePathOf(r.url))) },
  };
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

/** The error's text, with its name when the text does not start with it. */
export function errorMessage(entry: ConsoleEntry): string {
  return entry.name && !entry.text.startsWith(entry.name) ? `${entry.name}: ${entry.text}` : entry.text;
}

/** A page error as course text: `<field>` (its text) and `<field>_at` (where it was thrown). */
export function errorTexts(entry: ConsoleEntry, field: string): CourseTexts {
  const place = errorPlace(entry);
  return {
    [field]: courseText(errorMessage(entry)),
    ...(place ? { [`${field}_at`]: courseText(place) } : {}),
  };
}

/** "the page error in `course_text.error` (thrown at `course_text.error_at`)" */
export function errorRef(entry: ConsoleEntry, field: string): string {
  return `${courseRef(field)}${errorPlace(entry) ? ` (at ${courseRef(`${field}_at`)})` : ''}`;
}

export function parseError(
  entry: ConsoleEntry,
  field = 'parse_error',
): { text: string; course: CourseTexts } {
  const where = errorPlace(entry) ? `the script at ${courseRef(`${field}_at`)}` : 'a script of the SCO';
  return {
    text: `${where} does not parse (the parser's message is in ${courseRef(field)}), so the browser skipped that whole script`,
    course: errorTexts(entry, field),
  };
}

/**
 * The most likely reason a SCO never called Initialize, from what the run recorded. api.discovery_missing
 * is named only when the scripts the SCO's pages ran hold no API code: that rule is silent otherwise.
 */
export function likelyInitializeCause(evidence: RunEvidence): Cause {
  const cause = causeFromRecord(evidence);
  if (cause.rule !== 'api.discovery_missing' || (evidence.look?.apiCode.length ?? 0) === 0) return cause;
  const { rule: _silent, ...unpredicted } = cause;
  return unpredicted;
}

function causeFromRecord(evidence: RunEvidence): Cause {
  const off = evidence.trackingOff;
  if (off) {
    return {
      text: `the course turned its own SCORM tracking off: ${courseRef('tracking_file')} sets ${off.field} to false (Adapt's SCORM extension, spoor), so the course never looks for the API`,
      course: { tracking_file: courseText(off.file) },
      fix: `Set ${off.field} to true in the course's config.json (or turn on SCORM tracking in the authoring tool) and publish again.`,
    };
  }
  const standIn = standInCause(evidence);
  if (standIn) return standIn;
  const blocked = blockedExternalScripts(evidence.network);
  if (blocked.length > 0) {
    const b = blockedScripts(blocked);
    return {
      text: `${b.text}, so the code that needs ${blocked.length > 1 ? 'them' : 'it'} failed`,
      rule: 'deps.external_script',
      course: b.course,
    };
  }
  const missing = missingPackageFiles(evidence.network);
  if (missing.length > 0) return { ...missingFiles(missing), rule: 'api.discovery_missing' };
  const pageErrors = coursePageErrors(evidence.console);
  const unparsed = pageErrors.find(isParseError);
  if (unparsed) return { ...parseError(unparsed), rule: 'api.parse_error' };
  if (pageErrors.length > 0) {
    const first = pageErrors[0] as ConsoleEntry;
    return {
      text: `a page error stopped the SCO's script: see ${errorRef(first, 'page_error')}`,
      rule: 'api.discovery_missing',
      course: errorTexts(first, 'page_error'),
    };
  }
  const refused = evidence.console.find((c) => c.origin !== 'player' && blockedNavigation(c.text));
  if (refused) {
    // A frame the SCO could not load is often the one that calls Initialize; no static rule sees it.
    return {
      text: `the browser refused a navigation the SCO's pages started (its message is in ${courseRef('blocked_navigation')}), so the page it was to load, which may be the one that calls Initialize, never loaded`,
      course: { blocked_navigation: courseText(refused.text) },
    };
  }
  const census = evidence.scripts;
  const pages = census ? { pages: listed(census.pages) } : undefined;
  if (census && census.inline + census.external === 0) {
    const one = census.pages.length === 1;
    return {
      text: `the SCO's ${one ? 'page' : 'pages'} in ${listRef('pages', census.pages.length)} ${one ? 'has' : 'have'} no script element at all, so nothing in ${one ? 'it' : 'them'} looks for the API or calls Initialize`,
      rule: 'api.discovery_missing',
      course: { ...pages },
    };
  }
  const contentScripts = evidence.network.filter((r) => r.scope === 'content' && r.resourceType === 'script');
  if (contentScripts.length === 0) {
    if (census && census.external === 0) {
      return {
        text: `the SCO's pages (${listRef('pages', census.pages.length)}) load no script file, and their ${census.inline} inline script${census.inline === 1 ? '' : 's'} never called Initialize`,
        rule: 'api.discovery_missing',
        course: { ...pages },
      };
    }
    return {
      text: "the SCO's pages loaded no script file from the package; unless an inline script finds the API, the launch page has no SCORM code",
      rule: 'api.discovery_missing',
    };
  }
  const where = census ? `the SCO's pages (${listRef('pages', census.pages.length)})` : "the SCO's pages";
  const apiCode = evidence.look?.apiCode ?? [];
  if (apiCode.length > 0) {
    // api.discovery_missing stays silent on scripts that find the API and call Initialize.
    return {
      text: `${where} ran their scripts without a page error or a failed request, and the scripts in ${listRef('api_code', apiCode.length)} find the API and call Initialize, yet that code never ran: it waits for something this run never did (a click, a longer timer, a condition of the page)`,
      course: { ...pages, api_code: listed(apiCode) },
    };
  }
  return {
    text: `${where} ran the scripts in ${listRef('scripts', contentScripts.length)} without a page error or a failed request, yet nothing called Initialize: those scripts do not look for the API and call Initialize when the page loads, or they wait for something this run never did (a click, a longer timer)`,
    rule: 'api.discovery_missing',
    course: { ...pages, scripts: listed(contentScripts.map((r) => packagePathOf(r.url))) },
  };
}

/** The SCO's own window holds an API object: its search stops there and the LMS hears nothing. */
function standInCause(evidence: RunEvidence): Cause | undefined {
  const pages = evidence.look?.standIns ?? [];
  if (pages.length === 0 || !evidence.version) return undefined;
  const name = evidence.version === '2004' ? 'API_1484_11' : 'API';
  const one = pages.length === 1;
  return {
    text: `the SCO's ${one ? 'page' : 'pages'} in ${listRef('stand_in_pages', pages.length)} ${one ? 'defines' : 'define'} an \`${name}\` object of ${one ? 'its' : 'their'} own, which the SCO's search for the API finds first (a page's own window is searched before the windows above it), so its calls went to that stand-in and never reached the LMS`,
    course: { stand_in_pages: listed(pages) },
    fix: `Remove the stand-in \`${name}\` object from the SCO's scripts (a test stub left in), or create it only when no LMS API is found, so that the search reaches the LMS's API on a parent or opener window.`,
  };
}

/** Adds `likely_cause` and `predicted_by` to the run's initialize_never_called anomalies. */
export function explainAnomalies(anomalies: readonly Anomaly[], evidence: RunEvidence): Anomaly[] {
  if (!anomalies.some((a) => a.type === 'initialize_never_called')) return [...anomalies];
  // A course that turned tracking off, or talks to a stand-in API, never reaches the LMS, whatever the learner clicks.
  const gate =
    evidence.trackingOff || (evidence.look?.standIns?.length ?? 0) > 0
      ? undefined
      : startGateOf(evidence.look);
  if (gate && evidence.version) {
    const about = (a: Anomaly): Partial<Anomaly> => ({
      ...(a.sco_id !== undefined ? { sco_id: a.sco_id } : {}),
      ...(a.attempt !== undefined ? { attempt: a.attempt } : {}),
    });
    const names = NAMES[evidence.version];
    return anomalies.map((a) =>
      a.type === 'initialize_never_called' ? awaitsLearner(names, gate, about(a)) : a,
    );
  }
  const cause = likelyInitializeCause(evidence);
  return anomalies.map((a) =>
    a.type === 'initialize_never_called'
      ? {
          ...a,
          likely_cause: cause.text,
          ...(cause.rule ? { predicted_by: cause.rule } : {}),
          ...(cause.course ? { course_text: { ...a.course_text, ...cause.course } } : {}),
          ...(cause.fix ? { fix: cause.fix } : {}),
          message: `${a.message} Likely cause: ${cause.text}. ${cause.rule ? predictedText(cause.rule) : 'No static rule of `scorm-tester validate` predicts this.'}`,
        }
      : a,
  );
}

export function predictedText(rule: string): string {
  return `\`scorm-tester validate\` predicts this (rule ${rule}).`;
}
