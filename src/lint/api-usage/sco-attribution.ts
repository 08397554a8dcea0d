import { quoted } from '../../core/course-text.js';
import type { Finding } from '../../core/findings.js';
import type { LaunchChain } from '../launch-chain/chain.js';
import { rewordFinding } from './finding-text.js';

const SHOWN = 3;

/** `SCO ‹a›`, `SCOs ‹a›, ‹b›`, `19 SCOs: ‹a›, ‹b›, ‹c›, …`: identifiers are the package's text. */
export function scoLabel(scos: readonly string[]): string {
  const shown = scos.slice(0, SHOWN).map(quoted).join(', ');
  if (scos.length === 1) return `SCO ${shown}`;
  return scos.length > SHOWN ? `${scos.length} SCOs: ${shown}, …` : `SCOs ${shown}`;
}

/**
 * Names the SCOs each API-usage finding is about: those whose launch chain loads its file (or, for a
 * finding decided on one chain, `scos` as given). One finding per location, listing every SCO it applies
 * to, in details.scos and in the message. Findings that already name their SCO (decided per SCO) are kept.
 */
export function withScos(
  findings: readonly Finding[],
  chains: readonly LaunchChain[],
  decided: ReadonlyMap<Finding, readonly string[]> = new Map(),
): Finding[] {
  if (chains.length === 0) return [...findings];
  const scosOf = new Map<string, string[]>();
  for (const chain of chains) {
    for (const { file } of chain.files) {
      const list = scosOf.get(file) ?? [];
      if (!list.includes(chain.launch.resource)) list.push(chain.launch.resource);
      scosOf.set(file, list);
    }
  }
  return findings.map((finding) => {
    if (finding.category !== 'api_usage' || finding.details?.sco !== undefined) return finding;
    const scos = [...(decided.get(finding) ?? scosOf.get(finding.file) ?? [])];
    const named = rewordFinding(finding, (m) =>
      scos.length > 0
        ? `${m} (in ${scoLabel(scos)})`
        : `${m} (no SCO's launch page was found to load this file)`,
    );
    const from = [...((finding.details?.from_package as string[] | undefined) ?? []), 'scos'];
    named.details = {
      ...finding.details,
      ...(scos.length === 1 ? { sco: scos[0] } : {}),
      scos,
      from_package: scos.length === 1 ? [...from, 'sco'] : from,
    };
    return named;
  });
}
