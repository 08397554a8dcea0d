import type { Finding } from '../../core/findings.js';
import type { ScormVersion } from '../../rte/datamodel/index.js';
import type { LaunchChain } from '../launch-chain/chain.js';
import { collectUnit, emptyFacts } from './collect-facts.js';
import { elementFindings } from './file-rules.js';
import { parseUnit } from './parse-unit.js';
import type { SourceUnit } from './source-unit.js';
import { throughWrappers } from './wrapper-calls.js';

export interface PageFileText {
  text: string;
  units(): SourceUnit[];
}

export interface ChainWrapperInput {
  chains: readonly LaunchChain[];
  /** Files that define wrappers other scripts can reach, with the global names that reach them. */
  wrapperNames: ReadonlyMap<string, readonly string[]>;
  /** The files the lint scans: only their calls are judged. */
  scanned: ReadonlySet<string>;
  version: ScormVersion;
  read(file: string): PageFileText | undefined;
}

/** A finding and the SCOs (resource identifiers) whose launch chains give it. */
export interface ScoFinding {
  finding: Finding;
  scos: string[];
}

/**
 * Calls through a wrapper that another file of the same page defines (scorm.js, APIWrapper.js): scripts
 * a page loads share its global scope, so the wrapper file and the caller are analysed together, per SCO
 * (the wrappers a call reaches are those its SCO's launch chain loads). Findings point at the call.
 */
export function chainWrapperFindings(input: ChainWrapperInput): ScoFinding[] {
  const { chains, wrapperNames, scanned, version } = input;
  const texts = new Map<string, PageFileText | undefined>();
  const textOf = (file: string) => {
    if (!texts.has(file)) texts.set(file, input.read(file));
    return texts.get(file);
  };
  const results = new Map<string, Finding[]>();
  const byKey = new Map<string, ScoFinding>();
  for (const chain of chains) {
    const files = [...new Set(chain.files.map((f) => f.file))].filter((f) => scanned.has(f));
    const providers = files.filter((f) => wrapperNames.has(f));
    if (providers.length === 0) continue;
    for (const caller of files) {
      const others = providers.filter((p) => p !== caller);
      const names = others.flatMap((p) => wrapperNames.get(p) ?? []);
      const text = others.length > 0 ? textOf(caller)?.text : undefined;
      if (text === undefined || !mentionsAny(text, names)) continue;
      const key = [caller, ...others].join('\u0000');
      let found = results.get(key);
      if (!found) {
        found = analyseTogether(others, caller, version, textOf);
        results.set(key, found);
      }
      for (const finding of found) {
        const at = `${finding.rule}|${finding.file}|${finding.line}|${finding.column}|${finding.message}`;
        const entry = byKey.get(at) ?? { finding, scos: [] };
        if (!entry.scos.includes(chain.launch.resource)) entry.scos.push(chain.launch.resource);
        byKey.set(at, entry);
      }
    }
  }
  return [...byKey.values()];
}

function mentionsAny(text: string, names: readonly string[]): boolean {
  if (names.length === 0) return false;
  const escaped = names.map((n) => n.replace(/[$]/g, '\\$'));
  return new RegExp(`(?<![\\w$])(?:${escaped.join('|')})(?![\\w$])`).test(text);
}

/** The wrapper files' units, then the caller's, in one global scope; only the caller's calls through the others' wrappers are judged. */
function analyseTogether(
  wrapperFiles: readonly string[],
  caller: string,
  version: ScormVersion,
  textOf: (file: string) => PageFileText | undefined,
): Finding[] {
  const facts = emptyFacts();
  const owners: string[] = [];
  for (const file of [...wrapperFiles, caller]) {
    for (const unit of textOf(file)?.units() ?? []) {
      facts.units.push(unit);
      owners.push(file);
    }
  }
  facts.units.forEach((unit, i) => {
    const parsed = parseUnit(unit);
    if (!parsed.ok) return; // reported where the file itself is analysed
    try {
      collectUnit(facts, i, parsed.program, version);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
    }
  });
  const inCaller = (unit: number) => owners[unit] === caller;
  const virtual = throughWrappers(facts, version).filter(
    (call) => inCaller(call.unit) && !inCaller(call.wrapperUnit),
  );
  if (virtual.length === 0) return [];
  return elementFindings(facts, caller, version, virtual, { fileOf: (unit) => owners[unit] ?? caller });
}
