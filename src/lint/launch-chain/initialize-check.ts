/**
 * api.discovery_missing, decided per SCO over its launch chain: something the launch page loads or
 * opens must both find the API (the parent/opener walk) and call Initialize, or the LMS records nothing.
 */
import type { Finding } from '../../core/findings.js';
import type { ScormVersion } from '../../rte/datamodel/index.js';
import { apiObject, methodName, qualified } from '../api-usage/api-methods.js';
import { hasDiscoveryEvidence, type FileFacts } from '../api-usage/collect-facts.js';
import { makeFinding } from '../api-usage/rules.js';
import type { LaunchChain } from './chain.js';

/** What the rule needs to know of one file's SCORM code. */
export interface ApiSummary {
  discovers: boolean;
  initializes: boolean;
  calls: number;
}

export function summarizeApi(facts: FileFacts): ApiSummary {
  return {
    discovers: hasDiscoveryEvidence(facts),
    initializes: facts.calls.some((c) => c.canonical === 'Initialize'),
    calls: facts.calls.length,
  };
}

export type ChainVerdict =
  'ok' | 'no_scripts' | 'api_not_reached' | 'no_initialize' | 'no_discovery' | 'no_api_code';

const SHOWN_FILES = 8;

function listFiles(files: readonly string[]): string {
  const shown = files.slice(0, SHOWN_FILES).join(' → ');
  return files.length > SHOWN_FILES ? `${shown} … (${files.length} files)` : shown;
}

function reachesInitialize(chain: LaunchChain, apiOf: (file: string) => ApiSummary): boolean {
  const summaries = chain.files.map((f) => apiOf(f.file));
  const discovers = summaries.some((s) => s.discovers);
  const initializes = summaries.some((s) => s.initializes) || chain.initializeHints.length > 0;
  return discovers && initializes;
}

function verdictOf(
  chain: LaunchChain,
  apiOf: (file: string) => ApiSummary,
  elsewhere: readonly string[],
): Exclude<ChainVerdict, 'ok'> {
  const summaries = chain.files.map((f) => apiOf(f.file));
  if (elsewhere.length > 0) return 'api_not_reached';
  if (chain.scripts === 0 && chain.missing.length === 0) return 'no_scripts';
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
    findings.push(chainFinding(chain, verdictOf(chain, apiOf, elsewhere), elsewhere, version));
  }
  return findings;
}

function chainFinding(
  chain: LaunchChain,
  verdict: Exclude<ChainVerdict, 'ok'>,
  elsewhere: readonly string[],
  version: ScormVersion,
): Finding {
  const { launch } = chain;
  const init = methodName('Initialize', version);
  const sco = `SCO resource "${launch.resource}"${launch.items.length > 0 ? ` (item ${launch.items.map((i) => `"${i}"`).join(', ')})` : ''}`;
  const looked = `Looked at: ${listFiles(chain.files.map((f) => f.file))}`;
  const missing = chain.missing.length
    ? `; it loads ${chain.missing
        .slice(0, 3)
        .map((m) => `${m.file} (${m.from} ${m.how})`)
        .join(', ')}, which ${chain.missing.length > 1 ? 'are' : 'is'} not in the package`
    : '';
  const bound =
    chain.truncated === 'depth'
      ? ` (stopped at ${chain.files.length} files: pages nested deeper than the walk follows were not read)`
      : chain.truncated === 'files'
        ? ` (stopped after ${chain.files.length} files)`
        : '';
  const search = `walk window.parent and then window.opener until window.${apiObject(version)} is found, then call ${qualified('Initialize', version)}("")`;
  const [message, fix] = ((): [string, string] => {
    switch (verdict) {
      case 'no_scripts':
        return [
          `${launch.file}, the launch page of ${sco}, has no scripts at all: it never finds the LMS API nor calls ${init}, so the LMS records no attempt, progress or score`,
          `Add the SCORM code to ${launch.file}: a script that must ${search}.`,
        ];
      case 'api_not_reached':
        return [
          `${sco} never reaches its SCORM code: ${listFiles(elsewhere)} ${elsewhere.length > 1 ? 'contain' : 'contains'} API code, but ${chain.scripts === 0 ? `${launch.file} loads no scripts at all` : `nothing loaded from ${launch.file} includes ${elsewhere.length > 1 ? 'them' : 'it'}`}${missing}. ${looked}${bound}`,
          `Load the SCORM code from the launch page (e.g. <script src="${elsewhere[0]}"> in ${launch.file}, with a path relative to it), or make that file the resource's href.`,
        ];
      case 'no_initialize':
        return [
          `${sco} looks up window.${apiObject(version)} but nothing loaded from ${launch.file} calls ${init}${missing}; the LMS records no attempt. ${looked}${bound}`,
          `Call ${qualified('Initialize', version)}("") once the API is found (e.g. on page load), before any other call.`,
        ];
      case 'no_discovery':
        return [
          `${sco} calls ${init}, but nothing loaded from ${launch.file} looks for window.${apiObject(version)} through window.parent / window.opener${missing}; in an LMS the API lives in a parent or opener window, so the call fails. ${looked}${bound}`,
          `Find the API with the standard search: ${search}.`,
        ];
      case 'no_api_code':
        return [
          `${sco} never finds the LMS API nor calls ${init}: nothing loaded from ${launch.file} contains SCORM code${missing}. ${looked}${bound}`,
          `Add a SCORM wrapper to ${launch.file} (a script that must ${search}), or fix the references that do not resolve.`,
        ];
    }
  })();
  return {
    ...makeFinding('api.discovery_missing', { file: launch.file, line: 0, column: 0 }, message, fix),
    details: {
      reason: verdict,
      sco: launch.resource,
      items: [...launch.items],
      launch_file: launch.file,
      chain: chain.files.map((f) => ({ file: f.file, via: f.via })),
      missing: chain.missing.map((m) => ({ file: m.file, from: m.from, how: m.how, line: m.line })),
      truncated: chain.truncated,
      ...(verdict === 'api_not_reached' ? { api_code_in: [...elsewhere] } : {}),
    },
  };
}
