import type { Finding } from '../../core/findings.js';
import type { ScormVersion } from '../../rte/datamodel/index.js';
import { apiObject, methodName, qualified } from './api-methods.js';
import { hasDiscoveryEvidence } from './collect-facts.js';
import { locate } from './element-rules.js';
import type { Scanned } from './file-rules.js';
import { makeFinding } from './rules.js';
import { noTerminatePerSco } from './sco-terminate.js';
import type { LaunchChain } from '../launch-chain/chain.js';

/**
 * Rules decided over all scanned files: no_terminate, and discovery_missing when no launch chain is known
 * (a plain list of files; with a manifest the launch-chain check decides it per SCO).
 */
export function packageRules(
  scanned: readonly Scanned[],
  version: ScormVersion,
  options: { discovery: boolean; chains?: readonly LaunchChain[] } = { discovery: true },
): Finding[] {
  const findings: Finding[] = [];
  const calls = scanned.flatMap((s) => s.facts.calls.map((call) => ({ s, call })));
  const firstInit = calls.find(({ call }) => call.canonical === 'Initialize');
  const perSco = options.chains !== undefined && options.chains.length > 0;
  if (perSco) findings.push(...noTerminatePerSco(scanned, options.chains ?? [], version));
  if (!perSco && firstInit && !calls.some(({ call }) => call.canonical === 'Terminate')) {
    findings.push(
      makeFinding(
        'api.no_terminate',
        locate(firstInit.s.facts, firstInit.s.file, firstInit.call.unit, firstInit.call.node),
        `${firstInit.call.method} is called but no scanned file calls ${methodName('Terminate', version)}; the LMS may never record the attempt as finished`,
        `Call ${qualified('Terminate', version)}("") once when the learner leaves (e.g. in a pagehide or beforeunload handler, after a final ${methodName('Commit', version)}).`,
      ),
    );
  }
  const discovers = scanned.some((s) => hasDiscoveryEvidence(s.facts));
  if (options.discovery && !discovers) {
    for (const s of scanned) {
      const first = s.facts.calls[0];
      if (!first) continue;
      findings.push(
        makeFinding(
          'api.discovery_missing',
          locate(s.facts, s.file, first.unit, first.node),
          `This file calls the SCORM API, but no scanned file looks for window.${apiObject(version)} through window.parent / window.opener`,
          `Find the API with the standard search: walk window.parent (up to ~500 levels) and then window.opener${version === '2004' ? "'s parents" : ''} until an object named ${apiObject(version)} is found.`,
          'warning',
        ),
      );
    }
  }
  return findings;
}
