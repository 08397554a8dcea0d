import { quoted } from '../../core/course-text.js';
import type { Finding } from '../../core/findings.js';
import type { ScormVersion } from '../../rte/datamodel/index.js';
import type { LaunchChain } from '../launch-chain/chain.js';
import { launchingItemsDetails, launchingItemsText } from '../launch-chain/launching-items.js';
import { methodName, qualified } from './api-methods.js';
import { locate } from './element-rules.js';
import type { Scanned } from './file-rules.js';
import { makeFinding } from './rules.js';

const SCRIPTED = /\.(html?|xhtml|m?js|cjs)$/i;

/**
 * api.no_terminate per SCO: a SCO whose launch chain calls Initialize but never Terminate, whatever
 * other files of the package do (a Terminate in a file this SCO never loads does not finish its attempt).
 * A chain with parts the walk could not see is left alone: the Terminate may be there.
 */
export function noTerminatePerSco(
  scanned: readonly Scanned[],
  chains: readonly LaunchChain[],
  version: ScormVersion,
): Finding[] {
  const byFile = new Map(scanned.map((s) => [s.file, s]));
  const findings: Finding[] = [];
  for (const chain of chains) {
    if (chain.truncated || chain.notFollowed.length > 0) continue;
    const code = chain.files.filter((f) => SCRIPTED.test(f.file));
    const files = code.map((f) => byFile.get(f.file)).filter((s): s is Scanned => s !== undefined);
    if (files.length < code.length) continue;
    const calls = files.flatMap((s) => s.facts.calls.map((call) => ({ s, call })));
    const init = calls.find(({ call }) => call.canonical === 'Initialize');
    if (!init || calls.some(({ call }) => call.canonical === 'Terminate')) continue;
    const { resource, items } = chain.launch;
    const sco = `SCO ${quoted(resource)}${launchingItemsText(items)}`;
    const finding = makeFinding(
      'api.no_terminate',
      locate(init.s.facts, init.s.file, init.call.unit, init.call.node),
      `${sco} calls ${init.call.method} but nothing its launch page ${quoted(chain.launch.file)} loads calls ${methodName('Terminate', version)}; the LMS may never record the attempt as finished`,
      `Call ${qualified('Terminate', version)}("") once when the learner leaves this SCO (e.g. in a pagehide or beforeunload handler, after a final ${methodName('Commit', version)}), in a script its launch page loads.`,
    );
    finding.details = { sco: resource, ...launchingItemsDetails(items), from_package: ['sco', 'items'] };
    findings.push(finding);
  }
  return findings;
}
