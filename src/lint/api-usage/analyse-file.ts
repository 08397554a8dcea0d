import { quoted } from '../../core/course-text.js';
import type { Finding } from '../../core/findings.js';
import type { ScormVersion } from '../../rte/datamodel/index.js';
import { collectUnit, emptyFacts, type FileFacts } from './collect-facts.js';
import { frameRegionPlan, frameRegionsProgram, type RegionPlan } from './frame-regions.js';
import { mayCallApiShape } from './call-shapes.js';
import { mentionsApi, skipParse } from './prefilter.js';
import { indexWords, type WordIndex } from './word-index.js';
import type { ParseMemo } from './parse-memo.js';
import { parseUnit, type ParseResult } from './parse-unit.js';
import { makeFinding } from './rules.js';
import type { SourceUnit } from './source-unit.js';
import { compilesWithoutFacts } from './syntax-check.js';

/**
 * Parses every unit of a file and gathers its facts; parse problems become findings. `regionPlan` is given
 * when the pre-check (syntax-precheck.ts) already found that a whole-file script may hold facts: its
 * frameRegionPlan (null: none), made on another thread. `memo` keeps the parses a later rule reads again.
 */
export function analyse(
  file: string,
  units: SourceUnit[],
  version: ScormVersion,
  findings: Finding[],
  regionPlan?: RegionPlan | null,
  memo?: ParseMemo,
): FileFacts {
  const facts = emptyFacts();
  facts.units = units;
  // Most of an export is library code that cannot yield a fact: only whether it parses matters there.
  // Otherwise every unit is parsed (units of a page share one scope, so a quiet one may still matter).
  if (regionPlan === undefined && units.every((unit) => compilesWithoutFacts(unit))) return facts;
  const alone = regionPlan === undefined && !memo?.keeps(file) ? unitsStandAlone(units) : undefined;
  units.forEach((unit, i) => {
    if (skipParse(unit.code, facts)) return;
    const words = alone?.[i];
    if (words && compilesWithoutFacts(unit, words)) return;
    const plan = words ? (frameRegionPlan(unit, words, 0) ?? null) : regionPlan;
    const regions = frameRegionsProgram(unit, facts, plan, !alone && units.length > 1);
    const parsed: ParseResult = regions
      ? { ok: true, program: regions }
      : memo
        ? memo.parse(file, unit)
        : parseUnit(unit);
    if (!parsed.ok) {
      if ('tooDeep' in parsed) {
        findings.push(
          makeFinding(
            'api.file_skipped',
            { file, line: unit.line, column: unit.column },
            'Script is nested too deeply to parse; its SCORM API calls were not checked',
            'Nothing to fix if this is generated code; otherwise simplify the nesting.',
          ),
        );
        return;
      }
      const line = unit.line + parsed.line - 1;
      const column = parsed.line === 1 ? unit.column + parsed.column : parsed.column + 1;
      findings.push(
        makeFinding(
          'api.parse_error',
          { file, line, column },
          `${unit.handler ? 'Event handler' : 'Script'} does not parse as JavaScript (the parser's message quotes the code: ${quoted(parsed.message.replace(/ \(\d+:\d+\)$/, ''))})`,
          'Fix the syntax error; browsers skip the whole script, so none of its SCORM calls run.',
        ),
      );
      return;
    }
    try {
      collectUnit(facts, i, parsed.program, version);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      findings.push(
        makeFinding(
          'api.file_skipped',
          { file, line: unit.line, column: unit.column },
          'Script is too complex to analyse completely; some SCORM API calls may not have been checked',
          'Nothing to fix if this is generated code.',
        ),
      );
    }
  });
  return facts;
}

/**
 * Each unit's words when no unit of the file can make an API call or names the API object (Lectora's
 * pages: one big script reaching `parent.document`, five small ones), else undefined. Such a file gives
 * the rules only its cross-frame accesses: with no call there is no wrapper, constant or load-time flow
 * to follow across its units, and without `API` / `API_1484_11` its parent/opener count decides
 * nothing (hasDiscoveryEvidence). So its units stand alone: one that compiles without any fact is not
 * parsed, and one with cross-frame accesses only in the regions that hold them (frame-regions.ts), as
 * for a big bundle. Files the page rule reads again (ParseMemo) are parsed whole as before.
 */
function unitsStandAlone(units: readonly SourceUnit[]): WordIndex[] | undefined {
  const words: WordIndex[] = [];
  for (const unit of units) {
    const w = indexWords(unit.code);
    if (mentionsApi(w) || mayCallApiShape(unit.code, w)) return undefined;
    words.push(w);
  }
  return words;
}
