import type { LaunchChain } from '../launch-chain/chain.js';
import { parseUnit, type ParseResult } from './parse-unit.js';
import type { SourceUnit } from './source-unit.js';

interface Kept {
  unit: SourceUnit;
  result: ParseResult;
}

/**
 * The cross-file rule of page-load-order.ts parses a launch page and its `<script src>` files again,
 * after each was parsed on its own: on a Storyline export that second parse of the SCORM driver was
 * a third of the lint. The parses of those files (and only those) are kept from the first reading for
 * the second; a unit is only reused when its code, place and kind are the same, so the answer is
 * what a fresh parse gives.
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

  /** parseUnit, kept when the file is one the page rule will read again. */
  parse(file: string, unit: SourceUnit): ParseResult {
    const result = this.reuse(file, unit);
    if (this.files.has(file) && !this.find(file, unit)) {
      const list = this.kept.get(file) ?? [];
      list.push({ unit, result });
      this.kept.set(file, list);
    }
    return result;
  }

  /** The kept parse of this unit of the file, else a fresh one (not kept). */
  reuse(file: string, unit: SourceUnit): ParseResult {
    return this.find(file, unit)?.result ?? parseUnit(unit);
  }

  /** Lets the syntax trees go. */
  clear(): void {
    this.kept.clear();
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
