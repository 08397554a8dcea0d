import { listHas, regexpExec, splitOn } from '../../../core/intrinsics.js';
import { quote, reject, type Rejection } from '../value-type.js';
import { checkSpm } from './characterstring.js';
import { checkDecimal } from './decimal.js';
import { checkUriIdentifier } from './identifier-uri.js';
import { checkLanguageCode } from './language.js';
import { checkLocalized } from './localized-string.js';

/**
 * SCORM 2004 4th Edition formats of cmi.interactions.n.correct_responses.n.pattern and
 * cmi.interactions.n.learner_response, which depend on cmi.interactions.n.type. Checked on every
 * SetValue in the player page, in the course's realm: indexed loops and ../../../core/intrinsics.ts.
 */
export type ResponseKind = 'pattern' | 'learner_response';

const FLAG = /^\{(case_matters|order_matters|lang)=([^}]*)\}/;

const bad = (value: string, type: string, what: string): Rejection =>
  reject('format', `${quote(value)} is not a valid ${type} response: ${what}`);

/**
 * Strips the leading delimiters allowed for the type (`{case_matters=}`, `{order_matters=}`) and a
 * `{lang=}` of the first string. What follows `{lang=}`, a repeated delimiter or one the type does
 * not use is text; a delimiter the type uses with a value other than true/false, or a bad language
 * code, makes the value malformed (the ADL conformance suite expects error 406 for both).
 */
function stripFlags(value: string, allowed: readonly string[]): { rest: string } | { error: string } {
  let rest = value;
  const seen = new Set<string>();
  for (;;) {
    const m = regexpExec(FLAG, rest);
    const name = m?.[1] ?? '';
    if (!m || seen.has(name) || (name !== 'lang' && !listHas(allowed, name))) return { rest };
    if (name === 'lang') {
      const bad = checkLanguageCode(m[2] ?? '');
      return bad ? { error: bad.reason } : { rest: rest.slice(m[0].length) };
    }
    if (m[2] !== 'true' && m[2] !== 'false') return { error: `{${name}=} must be true or false` };
    seen.add(name);
    rest = rest.slice(m[0].length);
  }
}

function identifiers(value: string, type: string, unique: boolean): Rejection | undefined {
  const parts = splitOn(value, '[,]');
  const seen = new Set<string>();
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i] as string;
    const r = checkUriIdentifier(p, 250);
    if (r) return bad(value, type, `item ${quote(p)}: ${r.reason}`);
    seen.add(p);
  }
  if (unique && seen.size !== parts.length) return bad(value, type, 'identifiers must be unique');
  return undefined;
}

function checkNumericRange(value: string): Rejection | undefined {
  const parts = splitOn(value, '[:]');
  if (parts.length > 2) return bad(value, 'numeric', 'use "<min>[:]<max>"');
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i] as string;
    if (p !== '' && checkDecimal(p, 'real')) return bad(value, 'numeric', `${quote(p)} is not a number`);
  }
  if (parts.length === 2 && parts[0] !== '' && parts[1] !== '' && Number(parts[0]) > Number(parts[1])) {
    return bad(value, 'numeric', 'min is greater than max');
  }
  return undefined;
}

function checkPerformance(value: string, kind: ResponseKind): Rejection | undefined {
  let body = value;
  if (kind === 'pattern') {
    const s = stripFlags(value, ['order_matters']);
    if ('error' in s) return bad(value, 'performance', s.error);
    body = s.rest;
  }
  const steps = splitOn(body, '[,]');
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i] as string;
    if (step === '') return bad(value, 'performance', 'a step is empty');
    const parts = splitOn(step, '[.]');
    if (parts.length > 2) return bad(value, 'performance', `step ${quote(step)} has more than one "[.]"`);
    // Every record is "<step_name>[.]<step_answer>"; either side may be empty, the separator may not
    // (ADL's conformance suite refuses "uri[.]a[,]b" with 406).
    if (parts.length < 2)
      return bad(value, 'performance', `step ${quote(step)} has no "[.]" between name and answer`);
    const name = parts[0] as string;
    const answer = parts[1] as string;
    if (name === '' && answer === '') return bad(value, 'performance', 'a step needs a name or an answer');
    if (name !== '') {
      const r = checkUriIdentifier(name, 250);
      if (r && r.kind !== 'spm') return bad(value, 'performance', `step name ${quote(name)}: ${r.reason}`);
    }
    if (answer.includes('[:]')) {
      if (checkNumericRange(answer)) {
        return bad(value, 'performance', `step answer ${quote(answer)} is not "<min>[:]<max>"`);
      }
    } else if (answer.length > 250) {
      return checkSpm(answer, 250, 'a step answer');
    }
  }
  return undefined;
}

function checkStrings(value: string, type: string, kind: ResponseKind, spm: number, flags: string[]) {
  let body = value;
  if (kind === 'pattern') {
    const s = stripFlags(value, flags);
    if ('error' in s) return bad(value, type, s.error);
    body = s.rest;
  }
  const parts = type === 'long-fill-in' ? [body] : splitOn(body, '[,]');
  for (let i = 0; i < parts.length; i++) {
    const r = checkLocalized(parts[i] as string, spm);
    if (r) return r.kind === 'spm' ? r : bad(value, type, r.reason);
  }
  return undefined;
}

export const INTERACTION_TYPES_2004 = [
  'true-false',
  'choice',
  'fill-in',
  'long-fill-in',
  'matching',
  'performance',
  'sequencing',
  'likert',
  'numeric',
  'other',
] as const;

export function checkResponse2004(type: string, kind: ResponseKind, value: string): Rejection | undefined {
  switch (type) {
    case 'true-false':
      return value === 'true' || value === 'false' ? undefined : bad(value, type, 'use "true" or "false"');
    case 'choice':
      return value === '' ? undefined : identifiers(value, type, true);
    case 'sequencing':
      return value === '' ? undefined : identifiers(value, type, false);
    case 'likert': {
      const r = checkUriIdentifier(value, 250);
      return r ? bad(value, type, `expected one identifier: ${r.reason}`) : undefined;
    }
    case 'matching':
      if (value === '') return undefined;
      for (let i = 0, pairs = splitOn(value, '[,]'); i < pairs.length; i++) {
        const pair = pairs[i] as string;
        const sides = splitOn(pair, '[.]');
        if (sides.length !== 2) return bad(value, type, `pair ${quote(pair)} needs "<source>[.]<target>"`);
        for (let j = 0; j < 2; j++) {
          const side = sides[j] as string;
          const r = checkUriIdentifier(side, 250);
          if (r) return bad(value, type, `${quote(side)}: ${r.reason}`);
        }
      }
      return undefined;
    case 'numeric':
      if (kind === 'learner_response') {
        const r = checkDecimal(value, 'real(10,7)');
        return r ? bad(value, type, 'expected a real number') : undefined;
      }
      return checkNumericRange(value);
    case 'fill-in':
      return checkStrings(value, type, kind, 250, ['case_matters', 'order_matters']);
    case 'long-fill-in':
      return checkStrings(value, type, kind, 4000, ['case_matters']);
    case 'performance':
      return checkPerformance(value, kind);
    case 'other':
      return checkSpm(value, 4000);
    default:
      return undefined;
  }
}

const RESPONSE_FORMATS: Record<string, string | { pattern: string; learner_response: string }> = {
  'true-false': '"true" or "false"',
  choice: 'unique identifiers separated by "[,]", e.g. "a[,]c"',
  'fill-in': {
    pattern:
      'optional {case_matters=true|false}{order_matters=true|false}, then strings separated by "[,]" (each at most 250 characters, optionally prefixed with {lang=xx})',
    learner_response:
      'strings separated by "[,]" (each at most 250 characters, optionally prefixed with {lang=xx})',
  },
  'long-fill-in': {
    pattern: 'optional {case_matters=true|false}, then text of at most 4000 characters',
    learner_response: 'text of at most 4000 characters',
  },
  likert: 'one identifier, e.g. "agree"',
  matching: 'source[.]target pairs separated by "[,]", e.g. "1[.]a[,]2[.]c"',
  performance: {
    pattern: 'optional {order_matters=true|false}, then steps "<name>[.]<answer>" separated by "[,]"',
    learner_response: 'steps "<name>[.]<answer>" separated by "[,]"',
  },
  sequencing: 'identifiers in order separated by "[,]", e.g. "c[,]a[,]b"',
  numeric: {
    pattern: '"<min>[:]<max>" (either may be empty), e.g. "1[:]5"',
    learner_response: 'a real number, e.g. "3.5"',
  },
  other: 'text of at most 4000 characters',
};

/** The format a response of this type must have, for fix messages; undefined for unknown types. */
export function describeResponse2004(type: string, kind: ResponseKind): string | undefined {
  const f = RESPONSE_FORMATS[type];
  return f === undefined ? undefined : typeof f === 'string' ? f : f[kind];
}
