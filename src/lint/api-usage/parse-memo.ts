import type { ScormVersion } from '../../rte/datamodel/index.js';
import type { LaunchChain } from '../launch-chain/chain.js';
import type { FileFacts } from './collect-facts.js';
import { parseUnit, type ParseResult } from './parse-unit.js';
import type { SourceUnit } from './source-unit.js';
import { collectFlow, flowOfFacts, type UnitFlow } from './unit-flow.js';

interface Kept {
  unit: SourceUnit;
  /** The parse, until the unit's flow is taken from it (then only whether it parsed). */
  result: ParseResult | undefined;
  flow: UnitFlow | undefined;
}

/**
 * The cross-file rule of page-load-order.ts reads a launch page and its `<script src>` files again, after
 * each was analysed on its own: on a Storyline export parsing and walking the SCORM driver a second time
 * was a third of the lint. What that rule needs of those files (and only those) is kept from the first
 * reading: each unit's flow (unit-flow.ts), taken from the facts the analysis gathered, so the syntax
 * tree goes as soon as the file is done. A unit is only reused when its code, place and kind are the
 * same, so the answer is what a fresh parse gives.
 */
export class ParseMemo {
  private readonly kept = new Map<string, Kept[]>();

  private constructor(private readonly files: ReadonlySet<string>) {}

  /** A memo for the launch pages of the chains and the scripts those pages load by `<script src>`. */
  static forLaunchPages(chains: readonly LaunchChain[]): ParseMemo {
    const files = new Set<string>();
    for (const chain of chains) {
      const launch = chain.launch.file;
      files.add(launch);
      for (const f of chain.files) if (f.via === `${launch} <script src>`) files.add(f.file);
    }
    return new ParseMemo(files);
  }

  /** Whether the page rule will read the file again. */
  keeps(file: string): boolean {
    return this.files.has(file);
  }

  /** parseUnit, kept (until `settle`) when the file is one the page rule will read again. */
  parse(file: string, unit: SourceUnit): ParseResult {
    const found = this.find(file, unit);
    if (found?.result) return found.result;
    const result = parseUnit(unit);
    if (this.files.has(file) && !found) {
      const list = this.kept.get(file) ?? [];
      list.push({ unit, result, flow: undefined });
      this.kept.set(file, list);
    }
    return result;
  }

  /**
   * Takes the flows of the file's kept units from the facts its analysis gathered, and lets their trees
   * go. A file of one unit gives them as they are; each unit of a page with several is walked alone,
   * since the facts of a page do not say which of its scripts declared a global function.
   */
  settle(file: string, facts: FileFacts, version: ScormVersion): void {
    for (const k of this.kept.get(file) ?? []) {
      if (!k.result || k.flow) continue;
      const alone = facts.units.length === 1 && facts.units[0] === k.unit;
      k.flow = k.result.ok
        ? alone
          ? flowOfFacts(facts, 0)
          : collectFlow(k.unit, k.result.program, version)
        : collectFlow(k.unit, undefined, version);
      k.result = undefined;
    }
  }

  /**
   * The unit's flow: the kept one (the same for every reader), else from a fresh parse, kept when the file
   * is one the page rule reads. A script the analysis did not parse (a library it found quiet) is loaded
   * by many launch pages of a multi-SCO export: eXeLearning's twelve pages each load the same seven
   * scripts, and parsing them again for each page was a third of that export's CPU time.
   */
  flow(file: string, unit: SourceUnit, version: ScormVersion): UnitFlow {
    const found = this.find(file, unit);
    if (found && !found.flow) {
      this.settleOne(found, version);
    }
    if (found?.flow) return found.flow;
    const parsed = parseUnit(unit);
    const flow = collectFlow(unit, parsed.ok ? parsed.program : undefined, version);
    if (this.files.has(file)) {
      const list = this.kept.get(file) ?? [];
      list.push({ unit, result: undefined, flow });
      this.kept.set(file, list);
    }
    return flow;
  }

  /** Lets everything kept go. */
  clear(): void {
    this.kept.clear();
  }

  private settleOne(k: Kept, version: ScormVersion): void {
    if (!k.result) return;
    k.flow = collectFlow(k.unit, k.result.ok ? k.result.program : undefined, version);
    k.result = undefined;
  }

  private find(file: string, unit: SourceUnit): Kept | undefined {
    return this.kept
      .get(file)
      ?.find(
        (k) =>
          k.unit.line === unit.line &&
          k.unit.column === unit.column &&
          k.unit.module === unit.module &&
          k.unit.handler === unit.handler &&
          k.unit.code === unit.code,
      );
  }
}
