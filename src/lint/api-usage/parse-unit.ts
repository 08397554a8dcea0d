import { parse, type Options, type Program } from 'acorn';
import { keepParse, keptParse } from './parse-cache.js';
import type { SourceUnit } from './source-unit.js';

export type ParseResult =
  | { ok: true; program: Program }
  | { ok: false; message: string; line: number; column: number }
  | { ok: false; tooDeep: true };

interface AcornSyntaxError extends SyntaxError {
  loc?: { line: number; column: number };
  pos?: number;
}

function attempt(code: string, options: Options): Program | AcornSyntaxError {
  try {
    return parse(code, options);
  } catch (error) {
    if (error instanceof SyntaxError) return error;
    throw error;
  }
}

/** Parses a unit as a classic script, then as a module; a RangeError (deep nesting) is reported, not thrown. */
export function parseUnit(unit: SourceUnit): ParseResult {
  const kept = keptParse(unit);
  if (kept) return kept;
  const result = freshParse(unit);
  keepParse(unit, result);
  return result;
}

function freshParse(unit: SourceUnit): ParseResult {
  const base: Options = { ecmaVersion: 'latest', allowHashBang: true };
  try {
    const script: Program | AcornSyntaxError | undefined = unit.module
      ? undefined
      : attempt(unit.code, { ...base, sourceType: 'script', allowReturnOutsideFunction: unit.handler });
    if (script && !(script instanceof SyntaxError)) return { ok: true, program: script };
    const mod = unit.handler ? undefined : attempt(unit.code, { ...base, sourceType: 'module' });
    if (mod && !(mod instanceof SyntaxError)) return { ok: true, program: mod };
    const error = (script ?? mod) as AcornSyntaxError;
    // acorn turns its own stack overflow into this SyntaxError: the code is too deep, not invalid.
    if (/stack space/i.test(error.message)) return { ok: false, tooDeep: true };
    return {
      ok: false,
      message: error.message,
      line: error.loc?.line ?? 1,
      column: error.loc?.column ?? 0,
    };
  } catch (error) {
    if (error instanceof RangeError) return { ok: false, tooDeep: true };
    throw error;
  }
}
