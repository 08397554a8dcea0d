/**
 * api.discovery_missing, decided per SCO over its launch chain: something the launch page loads or
 * opens must both find the API (the parent/opener walk) and call Initialize, or the LMS records nothing.
 */
import { quoted } from '../../core/course-text.js';
import type { Finding } from '../../core/findings.js';
import type { ScormVersion } from '../../rte/datamodel/index.js';
import { apiObject, methodName, qualified } from '../api-usage/api-methods.js';
import { hasDiscoveryEvidence, type FileFacts } from '../api-usage/collect-facts.js';
import { MAX_FILE_BYTES } from '../api-usage/read-scan-text.js';
import { makeFinding } from '../api-usage/rules.js';
import { MAX_CHAIN_DEPTH, MAX_CHAIN_FILES, type LaunchChain, type NotFollowed } from './chain.js';
import { launchingItemsDetails, launchingItemsText } from './launching-items.js';

/** What the rule needs to know of one file's SCORM code. */
export interface ApiSummary {
  discovers: boolean;
  initializes: boolean;
  calls: number;
  /** Where the file (or one of its scripts) does not parse: its facts say nothing about that code. */
  parseError?: { line: number; column: number; message: string };
}

export function summarizeApi(facts: FileFacts): ApiSummary {
  return {
    discovers: hasDiscoveryEvidence(facts),
    initializes: facts.calls.some((c) => c.canonical === 'Initialize'),
    calls: facts.calls.length,
  };
}

export type ChainVerdict =
  | 'ok'
  | 'no_scripts'
  | 'api_not_reached'
  | 'no_initialize'
  | 'no_discovery'
  | 'no_api_code'
  // Not certain: the walk could not see all of the chain (a warning).
  | 'parse_error'
  | 'not_followed'
  | 'bound_reached';

type Verdict = Exclude<ChainVerdict, 'ok'>;

const SHOWN_FILES = 8;

/** File names are the package's: each goes to course_text (see core/course-text.ts). */
function listFiles(files: readonly string[]): string {
  const shown = files.slice(0, SHOWN_FILES).map(quoted).join(' → ');
  return files.length > SHOWN_FILES ? `${shown} … (${files.length} files)` : shown;
}

function reachesInitialize(chain: LaunchChain, apiOf: (file: string) => ApiSummary): boolean {
  const summaries = chain.files.map((f) => apiOf(f.file));
  const discovers = summaries.some((s) => s.discovers);
  const initializes = summaries.some((s) => s.initializes) || chain.initializeHints.length > 0;
  return discovers && initializes;
}

/** What the chain could not see, when it matters for this SCO (none: the verdict is certain). */
function unseenOf(
  chain: LaunchChain,
  apiOf: (file: string) => ApiSummary,
  elsewhere: readonly string[],
): { verdict: Verdict; unseen: NotFollowed[]; unparsed: string[] } | null {
  const unparsed = chain.files.map((f) => f.file).filter((file) => apiOf(file).parseError);
  const unread = chain.notFollowed.filter((n) => n.why === 'too_large' || n.why === 'unreadable');
  const bound = chain.notFollowed.filter((n) => n.why === 'depth' || n.why === 'files');
  // A URL built at run time can only matter when the package has API code the chain did not reach.
  const built = elsewhere.length > 0 ? chain.notFollowed.filter((n) => n.why === 'built_url') : [];
  if (unparsed.length > 0) return { verdict: 'parse_error', unseen: unread, unparsed };
  if (unread.length > 0) return { verdict: 'not_followed', unseen: unread, unparsed };
  if (bound.length > 0 || chain.truncated) return { verdict: 'bound_reached', unseen: bound, unparsed };
  if (built.length > 0) return { verdict: 'not_followed', unseen: built, unparsed };
  return null;
}

function verdictOf(
  chain: LaunchChain,
  apiOf: (file: string) => ApiSummary,
  elsewhere: readonly string[],
): Verdict {
  const summaries = chain.files.map((f) => apiOf(f.file));
  // Before api_not_reached: API code elsewhere may be another SCO's.
  if (chain.scripts === 0 && chain.missing.length === 0) return 'no_scripts';
  if (elsewhere.length > 0) return 'api_not_reached';
  if (summaries.some((s) => s.discovers)) return 'no_initialize';
  if (summaries.some((s) => s.initializes) || chain.initializeHints.length > 0) return 'no_discovery';
  return 'no_api_code';
}

/**
 * One finding per launch file whose chain never finds the API and calls Initialize. `apiOf` answers for
 * any package file; `scanned` are the files the lint read, where API code outside the chain is looked for.
 */
export function launchChainFindings(
  chains: readonly LaunchChain[],
  apiOf: (file: string) => ApiSummary,
  scanned: ReadonlyMap<string, ApiSummary>,
  version: ScormVersion,
): Finding[] {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  let apiFiles: string[] | null = null;
  for (const chain of chains) {
    if (seen.has(chain.launch.file)) continue;
    seen.add(chain.launch.file);
    // Most SCOs reach their API: the files holding API code are listed only for one that does not.
    if (reachesInitialize(chain, apiOf)) continue;
    apiFiles ??= [...scanned]
      .filter(([, s]) => s.initializes || s.discovers)
      .map(([file]) => file)
      .sort();
    const onChain = new Set(chain.files.map((f) => f.file));
    const elsewhere = apiFiles.filter((file) => !onChain.has(file));
    const unseen = unseenOf(chain, apiOf, elsewhere);
    findings.push(
      unseen
        ? uncertainFinding(chain, unseen, apiOf, elsewhere, version)
        : chainFinding(chain, verdictOf(chain, apiOf, elsewhere), elsewhere, version),
    );
  }
  return findings;
}

function scoName(chain: LaunchChain): string {
  const { launch } = chain;
  return `SCO resource ${quoted(launch.resource)}${launchingItemsText(launch.items)}`;
}

function missingText(chain: LaunchChain): string {
  return chain.missing.length
    ? `; it loads ${chain.missing
        .slice(0, 3)
        .map((m) => `${quoted(m.file)} (${quoted(m.from)} ${m.how})`)
        .join(', ')}, which ${chain.missing.length > 1 ? 'are' : 'is'} not in the package`
    : '';
}

/** The details keys that hold the package's names and paths as written. */
const FROM_PACKAGE = [
  'sco',
  'items',
  'launch_file',
  'chain',
  'missing',
  'not_followed',
  'parse_errors',
  'api_code_in',
];

function details(chain: LaunchChain, verdict: Verdict): Record<string, unknown> {
  const { launch } = chain;
  return {
    reason: verdict,
    sco: launch.resource,
    ...launchingItemsDetails(launch.items),
    launch_file: launch.file,
    chain: chain.files.map((f) => ({ file: f.file, via: f.via })),
    missing: chain.missing.map((m) => ({ file: m.file, from: m.from, how: m.how, line: m.line })),
    truncated: chain.truncated,
    from_package: FROM_PACKAGE,
  };
}

const MB = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** One unseen part, in words: `bundle.js (index.html <script src>) is 5.4 MB, above the … limit`. */
function unseenText(n: NotFollowed): string {
  switch (n.why) {
    case 'too_large':
      return `${quoted(n.file)} (${quoted(n.how)}) is ${MB(n.bytes ?? 0)}, above the ${MB(MAX_FILE_BYTES)} scan limit, and was not read`;
    case 'unreadable':
      return `${quoted(n.file)} (${quoted(n.how)}) could not be read`;
    case 'depth':
      return `${quoted(n.file)} (${quoted(n.how)}) lies deeper than the ${MAX_CHAIN_DEPTH} levels the walk follows, and was not read`;
    case 'files':
      return `${quoted(n.file)} (${quoted(n.how)}) and what follows were not read: the walk reads at most ${MAX_CHAIN_FILES} files per SCO`;
    case 'built_url':
      return `${quoted(n.file)}:${n.line}:${n.column} loads a script or page from a URL built at run time (${n.how}), which validate does not follow`;
  }
}

/**
 * The chain does not reach Initialize as far as the walk could see, but it could not see all of it: a
 * warning that says what it did not see, never a claim about what it did not read.
 */
function uncertainFinding(
  chain: LaunchChain,
  seen: { verdict: Verdict; unseen: NotFollowed[]; unparsed: string[] },
  apiOf: (file: string) => ApiSummary,
  elsewhere: readonly string[],
  version: ScormVersion,
): Finding {
  const { launch } = chain;
  const { verdict, unseen, unparsed } = seen;
  const init = methodName('Initialize', version);
  const looked = `Looked at: ${listFiles(chain.files.map((f) => f.file))}`;
  const nothing = `nothing validate read on its launch chain both finds window.${apiObject(version)} and calls ${init}${missingText(chain)}`;
  const unseenList = unseen.slice(0, 3).map(unseenText).join('; ');
  const more = unseen.length > 3 ? ` (and ${unseen.length - 3} more)` : '';
  const run = 'Run the course (scorm-tester run) to see whether it initializes.';
  const [message, fix] = ((): [string, string] => {
    if (verdict === 'parse_error') {
      const places = unparsed.slice(0, 3).map((file) => {
        const e = apiOf(file).parseError;
        // The parser's message quotes the course's code: it stays in details.parse_errors.
        return e ? `${quoted(file)}:${e.line}:${e.column}` : quoted(file);
      });
      const where = places.join(', ');
      return [
        `${scoName(chain)} may never run its SCORM code: ${unparsed.length > 1 ? 'scripts' : 'a script'} on its launch chain ${unparsed.length > 1 ? 'do' : 'does'} not parse: ${where}. Browsers skip a script that does not parse, so if the SCORM code is there it never runs; ${nothing}${unseenList ? `, and ${unseenList}` : ''}. ${looked}`,
        `Fix the syntax error (api.parse_error at ${places[0]}), then validate again.`,
      ];
    }
    if (unseen[0]?.why === 'built_url') {
      return [
        `Whether ${scoName(chain)} reaches its SCORM code is unknown: ${listFiles(elsewhere)} ${elsewhere.length > 1 ? 'contain' : 'contains'} API code that nothing loaded from ${quoted(launch.file)} includes by a literal URL${missingText(chain)}, but ${unseenList}${more}. ${looked}`,
        `${run} To have it checked statically, load the SCORM code from the launch page with a literal URL (e.g. <script src="${quoted(elsewhere[0] as string)}"> in ${quoted(launch.file)}, relative to it).`,
      ];
    }
    return [
      `Whether ${scoName(chain)} finds the LMS API and calls ${init} is unknown: ${unseenList}${more}; ${nothing}. ${looked}`,
      verdict === 'bound_reached'
        ? `${run} Loading the SCORM code nearer the launch page lets validate check it.`
        : `${run} Nothing to fix if the SCORM code is in that file; keep it in a smaller file to have it checked.`,
    ];
  })();
  return {
    ...makeFinding(
      'api.discovery_missing',
      { file: launch.file, line: 0, column: 0 },
      message,
      fix,
      'warning',
    ),
    details: {
      ...details(chain, verdict),
      not_followed: unseen.map((n) => ({
        file: n.file,
        why: n.why,
        how: n.how,
        line: n.line,
        column: n.column,
      })),
      ...(unparsed.length > 0
        ? { parse_errors: unparsed.map((file) => ({ file, ...apiOf(file).parseError })) }
        : {}),
      ...(elsewhere.length > 0 ? { api_code_in: [...elsewhere] } : {}),
    },
  };
}

function chainFinding(
  chain: LaunchChain,
  verdict: Verdict,
  elsewhere: readonly string[],
  version: ScormVersion,
): Finding {
  const { launch } = chain;
  const init = methodName('Initialize', version);
  const sco = scoName(chain);
  const looked = `Looked at: ${listFiles(chain.files.map((f) => f.file))}`;
  const missing = missingText(chain);
  const search = `walk window.parent and then window.opener until window.${apiObject(version)} is found, then call ${qualified('Initialize', version)}("")`;
  const [message, fix] = ((): [string, string] => {
    switch (verdict) {
      case 'no_scripts':
        return [
          `${quoted(launch.file)}, the launch page of ${sco}, has no scripts at all: it never finds the LMS API nor calls ${init}, so the LMS records no attempt, progress or score`,
          `Add the SCORM code to ${quoted(launch.file)}: a script that must ${search}${elsewhere.length > 0 ? ` (the package has such code in ${listFiles(elsewhere)})` : ''}.`,
        ];
      case 'api_not_reached':
        return [
          `${sco} never reaches its SCORM code: ${listFiles(elsewhere)} ${elsewhere.length > 1 ? 'contain' : 'contains'} API code, but nothing loaded from ${quoted(launch.file)} includes ${elsewhere.length > 1 ? 'them' : 'it'}${missing}. ${looked}`,
          `Load the SCORM code from the launch page (e.g. <script src="${quoted(elsewhere[0] as string)}"> in ${quoted(launch.file)}, with a path relative to it), or make that file the resource's href.`,
        ];
      case 'no_initialize':
        return [
          `${sco} looks up window.${apiObject(version)} but nothing loaded from ${quoted(launch.file)} calls ${init}${missing}; the LMS records no attempt. ${looked}`,
          `Call ${qualified('Initialize', version)}("") once the API is found (e.g. on page load), before any other call.`,
        ];
      case 'no_discovery':
        return [
          `${sco} calls ${init}, but nothing loaded from ${quoted(launch.file)} looks for window.${apiObject(version)} through window.parent / window.opener${missing}; in an LMS the API lives in a parent or opener window, so the call fails. ${looked}`,
          `Find the API with the standard search: ${search}.`,
        ];
      default:
        return [
          `${sco} never finds the LMS API nor calls ${init}: nothing loaded from ${quoted(launch.file)} contains SCORM code${missing}. ${looked}`,
          `Add a SCORM wrapper to ${quoted(launch.file)} (a script that must ${search}), or fix the references that do not resolve.`,
        ];
    }
  })();
  return {
    ...makeFinding('api.discovery_missing', { file: launch.file, line: 0, column: 0 }, message, fix),
    details: {
      ...details(chain, verdict),
      ...(verdict === 'api_not_reached' ? { api_code_in: [...elsewhere] } : {}),
    },
  };
}
