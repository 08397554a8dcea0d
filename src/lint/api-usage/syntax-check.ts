import { compilesForCheck } from './compile-memory.js';
import { mayCallOrReachFrames, mentionsApi, quotesApi } from './prefilter.js';
import type { SourceUnit } from './source-unit.js';
import { indexWords, type WordIndex } from './word-index.js';

/**
 * True when V8, the engine of the browser that runs the course, compiles the unit: a fraction of the
 * cost of building a syntax tree. Compiling runs nothing. False for modules (vm needs a flag for them)
 * and for anything V8 rejects, which then takes the full parse that names the error.
 */
export function compilesInV8(unit: SourceUnit): boolean {
  return !unit.module && compilesForCheck(unit.code, unit.handler);
}

const API_NAME = /\bAPI(?=(?:_1484_11)?\b)/g;

/**
 * True when the unit compiles and no fact the rules use can come from it, so its syntax tree is not
 * needed: no API call or frame-member shape in the text, and no `API` / `API_1484_11` that is code.
 * Whether such a name is code (an identifier) or only text in a string, comment or regular expression
 * is asked of V8 by writing it `A@I`: `@` cannot stand in code, but can in all of those, so the text
 * still compiles exactly when none of the names was code (library messages like "the Web API").
 */
export function compilesWithoutFacts(unit: SourceUnit, words: WordIndex = indexWords(unit.code)): boolean {
  if (mayCallOrReachFrames(unit.code, words)) return false;
  if (!mentionsApi(words)) return compilesInV8(unit);
  if (quotesApi(unit.code, words)) return false;
  return compilesInV8({ ...unit, code: unit.code.replace(API_NAME, 'A@I') });
}
