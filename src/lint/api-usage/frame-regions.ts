/**
 * A big library bundle that makes no API call (Rise's 3.5 MB `main.bundle.js` navigates `top.location`
 * once; Captivate's CPM.js and Storyline's ds-bootstrap name `Initialize(` or `API` for objects of their
 * own) does not need its whole syntax tree: only the expressions holding its cross-frame accesses are
 * parsed, where they stand, so the findings keep their offsets. Everything else such a file could give
 * the rules (wrappers, constants, the calls they reach) needs an API call, and call-shapes.ts clears
 * every method name of the text first; whether `API` or `parent` stand in code elsewhere, the rest of the
 * discovery evidence, is asked of V8. Any doubt (a comment inside the access, a member chain that does not start cleanly, a
 * region that does not parse) returns undefined, and the whole unit is parsed as before.
 */
import { parseExpressionAt, type Expression, type Program } from 'acorn';
import type { FileFacts } from './collect-facts.js';
import { mayCallApiShape } from './call-shapes.js';
import { frameMembers, mentionsApi, quotesApi } from './prefilter.js';
import type { SourceUnit } from './source-unit.js';
import { compilesInV8 } from './syntax-check.js';
import { indexWords, type WordIndex } from './word-index.js';

/** Where a unit's cross-frame accesses stand, and which are code (frameRegionPlan). */
export interface RegionPlan {
  /** The unit's length, so a plan is not applied to other text. */
  length: number;
  accesses: Array<{ start: number; code: boolean }>;
  /** Whether `API` / `API_1484_11` stand in code somewhere (an identifier or a property name). */
  api12Code: boolean;
  api2004Code: boolean;
}

/**
 * Below this size a whole parse costs little next to the plan's V8 compiles (one per access, and the API
 * checks). Above it, a library that only reads `top.document` (H5P's 69 and 105 kB player bundles,
 * Adapt's 164 kB media player, Lectora's trivantis.js) is cheaper read in its regions: a plan compiles the
 * file a few times in a few milliseconds, where acorn's tree and its walk took 50 to 230 ms each.
 */
export const FRAME_REGIONS_MIN_CHARS = 64 * 1024;

const API_12 = /\bAPI\b/g;
const API_2004 = /\bAPI_1484_11\b/g;
/** The string literals "parent" / "opener" (which the walk counts too), else the names. */
const FRAME_NAME = /(["'])(?:parent|opener)\1|\b(?:parent|opener)\b/g;
/** Names of a class's private members: the region facts would take them for mentions. */
const DOUBTFUL_NAMES = /#(?:API|parent|opener)\b/;
const FRAME_WORD = /^(?:parent|top|opener)/;
/** Keywords an expression may follow; any other word before it (`new`, an identifier) is a doubt. */
const KEYWORDS_BEFORE = new Set([
  'return',
  'typeof',
  'void',
  'delete',
  'throw',
  'case',
  'in',
  'of',
  'else',
  'do',
  'instanceof',
  'yield',
  'await',
]);
/**
 * Characters after which an expression starts (and is not the object of a member or call). In code that
 * compiles, a name after `)` starts a statement: `if (parent.document != document) parent.document.title
 * = …` (Lectora's pages).
 */
const OPENS_EXPRESSION = new Set([...',;{}()[=:?!&|+-*%<>~^']);
/** After the expression, a `)` or `]` followed by one of these would make it part of a larger member or call. */
const CONTINUES = new Set([...'.[(`?']);

const isWordChar = (c: string | undefined): boolean => c !== undefined && /[\w$]/.test(c);

function skipBlanksBack(code: string, i: number): number {
  while (i > 0 && /\s/.test(code[i - 1]!)) i--;
  return i;
}
function skipBlanks(code: string, i: number): number {
  while (i < code.length && /\s/.test(code[i]!)) i++;
  return i;
}

/** Where the member chain ending in the access starts (`window.top.location` -> `window`), or undefined. */
function chainStart(code: string, at: number): number | undefined {
  let start = at;
  for (;;) {
    const before = skipBlanksBack(code, start);
    if (code[before - 1] !== '.') break;
    const dotAt = skipBlanksBack(code, before - 1);
    if (!isWordChar(code[dotAt - 1]) || code[before - 2] === '?') return undefined;
    let word = dotAt;
    while (word > 0 && isWordChar(code[word - 1])) word--;
    if (/^\d/.test(code[word]!)) return undefined;
    start = word;
  }
  const before = skipBlanksBack(code, start);
  if (before === 0) return start;
  const c = code[before - 1]!;
  if (OPENS_EXPRESSION.has(c)) {
    // `a++ top…`, `a-- top…` only stand apart by a line break (ASI): keep it simple and doubt them.
    if ((c === '+' || c === '-') && code[before - 2] === c) return undefined;
    return start;
  }
  if (!isWordChar(c)) return undefined;
  let word = before - 1;
  while (word > 0 && isWordChar(code[word - 1])) word--;
  if (code[word - 1] === '.') return undefined;
  return KEYWORDS_BEFORE.has(code.slice(word, before)) ? start : undefined;
}

function parseRegion(code: string, start: number): Expression | undefined {
  try {
    const expression = parseExpressionAt(code, start, { ecmaVersion: 'latest', sourceType: 'script' });
    const next = skipBlanks(code, expression.end);
    if (code[next] === ')' || code[next] === ']') {
      if (CONTINUES.has(code[skipBlanks(code, next + 1)] ?? '')) return undefined;
    }
    return expression;
  } catch {
    return undefined;
  }
}

/**
 * Which of an eligible unit's cross-frame accesses are code (true) rather than text in a string, comment or
 * regular expression (false), in the order frameMembers finds them; undefined when the unit is not
 * eligible (`minChars`: the smallest unit worth it; analyse-file.ts asks it of any size for a page that
 * cannot call the API). This is the costly half (V8 compiles of the whole unit): the syntax pre-check's worker
 * makes it for the big scripts it claims, so this thread only parses the regions.
 */
export function frameRegionPlan(
  unit: SourceUnit,
  words: WordIndex = indexWords(unit.code),
  minChars = FRAME_REGIONS_MIN_CHARS,
): RegionPlan | undefined {
  const { code } = unit;
  if (unit.module || unit.handler || code.length < minChars) return undefined;
  if (mayCallApiShape(code, words)) return undefined;
  const accesses = frameMembers(code, words);
  if (accesses.some((a) => a.text.includes('/'))) return undefined;
  if (accesses.some((a) => !FRAME_WORD.test(code.slice(a.start)))) return undefined;
  if (!compilesInV8(unit)) return undefined; // the whole parse names the syntax error
  if (DOUBTFUL_NAMES.test(code)) return undefined;
  // Whether `API` is code is asked of V8 by writing it `A@I`: `@` cannot stand in code, but can in a
  // string, comment or regular expression. The literal "API" would need the whole tree.
  let api12Code = false;
  let api2004Code = false;
  if (mentionsApi(words)) {
    if (quotesApi(code, words)) return undefined;
    api12Code = words.has('API') && !compilesInV8({ ...unit, code: code.replace(API_12, 'A@I') });
    api2004Code =
      words.has('API_1484_11') && !compilesInV8({ ...unit, code: code.replace(API_2004, 'A@I_1484_11') });
  }
  // The same trick for each access: `@` cannot stand in code, so if the text still compiles with it,
  // this access was only text.
  const isCode = accesses.map((access) => {
    const marked = `${code.slice(0, access.start)}@${code.slice(access.start + 1)}`;
    return !compilesInV8({ ...unit, code: marked });
  });
  return {
    length: code.length,
    accesses: accesses.map((a, i) => ({ start: a.start, code: isCode[i]! })),
    api12Code,
    api2004Code,
  };
}

/**
 * For an eligible unit: a program of only the expressions holding its cross-frame accesses (offsets into
 * the unit's code), with the text's parent/opener mentions counted as skipParse counts them. Otherwise
 * undefined, and nothing is changed. `plan` is frameRegionPlan's answer when it was made elsewhere (null:
 * not eligible). `apiElsewhere`: whether another unit of the file may name the API object.
 */
export function frameRegionsProgram(
  unit: SourceUnit,
  facts: FileFacts,
  plan: RegionPlan | null = frameRegionPlan(unit) ?? null,
  apiElsewhere = true,
): Program | undefined {
  const { code } = unit;
  if (!plan || plan.length !== code.length) return undefined;
  const body: Program['body'] = [];
  let end = 0;
  for (const access of plan.accesses) {
    if (access.start < end) continue; // inside the previous region
    if (!access.code) continue;
    const start = chainStart(code, access.start);
    const expression = start === undefined || start < end ? undefined : parseRegion(code, start);
    if (!expression || expression.end <= access.start) return undefined;
    end = expression.end;
    body.push({ type: 'ExpressionStatement', expression, start: expression.start, end: expression.end });
  }
  // The walk of the regions counts their own parent/opener names and API mentions; what the rules ask of
  // the count is only whether it exceeds the cross-frame accesses' parents, so one name in code outside
  // the regions is all that must be known of the rest (V8 again: `p@rent` compiles only in text, and
  // `"parent"@` only when the quotes were not a literal of their own). The count decides nothing without
  // an API mention in the file (hasDiscoveryEvidence): a file with none leaves it.
  facts.mentions12Api ||= plan.api12Code;
  facts.mentions2004Api ||= plan.api2004Code;
  if (!apiElsewhere && !facts.mentions12Api && !facts.mentions2004Api) {
    return { type: 'Program', body, sourceType: 'script', start: 0, end: code.length };
  }
  let marked = false;
  const elsewhere = code.replace(FRAME_NAME, (name: string, quote: string | undefined, index: number) => {
    if (body.some((region) => index >= region.start && index < region.end)) return name;
    marked = true;
    return quote ? `${name}@` : `@${name.slice(1)}`;
  });
  if (marked && !compilesInV8({ ...unit, code: elsewhere })) facts.parentOrOpenerMentions += 1;
  return { type: 'Program', body, sourceType: 'script', start: 0, end: code.length };
}
