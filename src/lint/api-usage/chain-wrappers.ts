import type { Program } from 'acorn';
import type { Finding } from '../../core/findings.js';
import type { ScormVersion } from '../../rte/datamodel/index.js';
import type { LaunchChain } from '../launch-chain/chain.js';
import { collectUnits, emptyFacts } from './collect-facts.js';
import { elementFindings } from './file-rules.js';
import { parseUnit } from './parse-unit.js';
import { mayBeginPathWithAny } from './path-heads.js';
import type { SourceUnit } from './source-unit.js';
import { leftOf, type RuntimeLeft } from './runtime-values.js';
import { throughWrappers } from './wrapper-calls.js';
import type { Referenced } from './uncalled-functions.js';

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
  /** A file of the package (called again for the same file: the caller reads each once). */
  read(file: string): PageFileText | undefined;
  /** What code that can call into a file refers to (chain-references.ts). */
  referencedBy?: (file: string) => Referenced;
}

export interface ChainWrapperResult {
  findings: ScoFinding[];
  /** Per calling file: its calls through other files' wrappers whose name or value is only known at run time. */
  left: Map<string, RuntimeLeft>;
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
export function chainWrapperFindings(input: ChainWrapperInput): ChainWrapperResult {
  const { chains, wrapperNames, scanned, version } = input;
  // Each file is parsed once, whichever pages and SCOs load it (a multi-SCO export shares its wrapper).
  const parsed = new Map<string, ParsedFile>();
  const parsedOf = (file: string): ParsedFile => {
    let entry = parsed.get(file);
    if (!entry) {
      const units = input.read(file)?.units() ?? [];
      entry = { units, programs: units.map((unit) => parseProgram(unit)) };
      parsed.set(file, entry);
    }
    return entry;
  };
  const results = new Map<string, Finding[]>();
  const left = new Map<string, RuntimeLeft>();
  const callsOthers = new Map<string, boolean>();
  const byKey = new Map<string, ScoFinding>();
  for (const chain of chains) {
    const files = [...new Set(chain.files.map((f) => f.file))].filter((f) => scanned.has(f));
    const providers = files.filter((f) => wrapperNames.has(f));
    if (providers.length === 0) continue;
    for (const caller of files) {
      const others = providers.filter((p) => p !== caller);
      const names = others.flatMap((p) => wrapperNames.get(p) ?? []);
      const text = others.length > 0 ? input.read(caller)?.text : undefined;
      if (text === undefined || !mentions(names)(text)) continue;
      const callsKey = `${caller}\u0000${names.join(' ')}`;
      let calls = callsOthers.get(callsKey);
      if (calls === undefined) {
        // Most files that mention a wrapper's name only use it as a member (`jQuery.find`): not parsed.
        calls =
          mayBeginPathWithAny(text, names, SCRIPT.test(caller)) &&
          callsAnyOf(parsedOf(caller), names, version);
        callsOthers.set(callsKey, calls);
      }
      if (!calls) continue;
      const key = [caller, ...others].join('\u0000');
      let found = results.get(key);
      if (!found) {
        const together = analyseTogether(others, caller, version, parsedOf, input.referencedBy?.(caller));
        found = together.findings;
        results.set(key, found);
        if (together.left.count > 0 && !left.has(caller)) left.set(caller, together.left);
      }
      for (const finding of found) {
        const at = `${finding.rule}|${finding.file}|${finding.line}|${finding.column}|${finding.message}`;
        const entry = byKey.get(at) ?? { finding, scos: [] };
        if (!entry.scos.includes(chain.launch.resource)) entry.scos.push(chain.launch.resource);
        byKey.set(at, entry);
      }
    }
  }
  return { findings: [...byKey.values()], left };
}

const SCRIPT = /\.(?:js|cjs)$/i;

const MENTIONS = new Map<string, (text: string) => boolean>();

/** A test for any of the names as a whole word (cached: the same wrappers come back for every page). */
function mentions(names: readonly string[]): (text: string) => boolean {
  const key = names.join(' ');
  let test = MENTIONS.get(key);
  if (!test) {
    const escaped = names.map((n) => n.replace(/[$]/g, '\\$'));
    const re = new RegExp(`(?<![\\w$])(?:${escaped.join('|')})(?![\\w$])`);
    test = names.length === 0 ? () => false : (text) => re.test(text);
    if (MENTIONS.size > 100) MENTIONS.clear();
    MENTIONS.set(key, test);
  }
  return test;
}

/**
 * Whether the file's own code calls something by one of the names (directly or through its own alias,
 * `var scorm = pipwerks.SCORM`): otherwise analysing it with the wrapper files cannot find a call.
 */
function callsAnyOf(file: ParsedFile, names: readonly string[], version: ScormVersion): boolean {
  const facts = emptyFacts();
  facts.units = file.units;
  collectUnits(facts, file.programs, version);
  const roots = new Set(names);
  for (let round = 0; round < 3; round++) {
    for (const [name, target] of facts.aliases) if (roots.has(head(target))) roots.add(head(name));
  }
  return facts.plainCalls.some((call) => roots.has(head(call.path)));
}

const head = (path: string) => path.split('.', 1)[0] as string;

interface ParsedFile {
  units: SourceUnit[];
  programs: (Program | undefined)[];
}

/** undefined when the unit does not parse: that is reported where the file itself is analysed. */
function parseProgram(unit: SourceUnit): Program | undefined {
  const parsed = parseUnit(unit);
  return parsed.ok ? parsed.program : undefined;
}

/** The wrapper files' units, then the caller's, in one global scope; only the caller's calls through the others' wrappers are judged. */
function analyseTogether(
  wrapperFiles: readonly string[],
  caller: string,
  version: ScormVersion,
  parsedOf: (file: string) => ParsedFile,
  referenced: Referenced | undefined,
): { findings: Finding[]; left: RuntimeLeft } {
  const facts = emptyFacts();
  const owners: string[] = [];
  const programs: (Program | undefined)[] = [];
  for (const file of [...wrapperFiles, caller]) {
    const entry = parsedOf(file);
    facts.units.push(...entry.units);
    programs.push(...entry.programs);
    for (let i = 0; i < entry.units.length; i++) owners.push(file);
  }
  collectUnits(facts, programs, version);
  const inCaller = (unit: number) => owners[unit] === caller;
  const virtual = throughWrappers(facts, version).filter(
    (call) => inCaller(call.unit) && !inCaller(call.wrapperUnit),
  );
  if (virtual.length === 0) return { findings: [], left: { count: 0, examples: [] } };
  return {
    findings: elementFindings(
      facts,
      caller,
      version,
      virtual,
      { fileOf: (unit) => owners[unit] ?? caller },
      referenced,
    ),
    left: leftOf(facts, caller, virtual),
  };
}
