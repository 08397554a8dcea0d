/**
 * Which SCORM version a condition selects, as wrappers that support both versions write it: a version
 * value compared with "2004"/"1.2" (also through indexOf/includes), a flag or function named after a
 * version (`isSCORM2004()`), a flag set where one version's API was found (version-flags.ts), the API
 * object or an LMS-prefixed method found (`win.API_1484_11`, `typeof api.LMSGetValue == "function"`,
 * `apiName == "API"`), or a data model name only one version has (`name == "cmi.score.raw"`).
 * One version's API object or flag being absent selects the other version. Anything else selects none.
 */
import type { AnyNode } from 'acorn';
import { lookupElement, type ScormVersion } from '../../rte/datamodel/index.js';
import { methodInfo } from './api-methods.js';

/**
 * Variables and properties (dotted names) whose being set says which version was found, learnt from
 * how the file assigns them (version-flags.ts): `newApi = true` where API_1484_11 was found.
 */
export type VersionFlags = ReadonlyMap<string, ScormVersion>;
const NO_FLAGS: VersionFlags = new Map();

/** undefined: the condition says nothing about the version (or contradicts itself). */
export type Selected = ScormVersion | undefined;

const other = (v: ScormVersion): ScormVersion => (v === '1.2' ? '2004' : '1.2');

/** Conditions are small; minified chains of && and || are not followed past this depth. */
const MAX_DEPTH = 12;

/** A string or number that names a version or an API object: "2004", "SCORM 2004 4th Edition", "1.2", 1.2, "API". */
function versionLiteral(value: unknown): Selected {
  if (value === 2004) return '2004';
  if (value === 1.2) return '1.2';
  if (typeof value !== 'string') return undefined;
  const s = value.trim();
  if (s === 'API_1484_11' || /^(?:scorm[\s_-]?)?2004(?!\d)|^(?:scorm|cam)[\s_-]?1\.3(?![\d.])/i.test(s)) {
    return '2004';
  }
  if (s === 'API' || /^(?:scorm[\s_-]?1\.?2|1\.2)$/i.test(s)) return '1.2';
  return undefined;
}

/** A data model element name that exists in exactly one version. */
function elementLiteral(value: unknown): Selected {
  if (typeof value !== 'string' || !/^cmi\.\w/.test(value) || value.length > 200) return undefined;
  const in12 = lookupElement('1.2', value) !== undefined;
  const in2004 = lookupElement('2004', value) !== undefined;
  if (in12 === in2004) return undefined;
  return in12 ? '1.2' : '2004';
}

function literalValue(node: AnyNode): unknown {
  if (node.type === 'Literal') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0]?.value.cooked;
  return undefined;
}

function propertyName(node: AnyNode): string | undefined {
  if (node.type !== 'MemberExpression') return undefined;
  if (!node.computed && node.property.type === 'Identifier') return node.property.name;
  if (node.property.type === 'Literal' && typeof node.property.value === 'string') return node.property.value;
  return undefined;
}

/** A flag, function or API object whose name says which version it stands for. */
function versionName(node: AnyNode, flags: VersionFlags): Selected {
  let cur = node;
  if (cur.type === 'CallExpression') {
    const searched = searchedApi(cur);
    if (searched) return searched;
    cur = cur.callee as AnyNode;
  }
  if (cur.type === 'ChainExpression') cur = cur.expression as AnyNode;
  const flag = flags.get(dottedName(cur) ?? '');
  if (flag) return flag;
  const name = cur.type === 'Identifier' ? cur.name : propertyName(cur);
  if (name === undefined) return undefined;
  if (/2004|1484/.test(name)) return '2004';
  if (/scorm_?1_?2(?!\d)/i.test(name)) return '1.2';
  // A bare `API` may be any variable a course named so; `win.API` is the 1.2 object being looked up.
  if (name === 'API' && cur.type === 'MemberExpression') return '1.2';
  // `api.LMSGetValue` being there: only the 1.2 API has LMS-prefixed methods.
  if (cur.type === 'MemberExpression' && methodInfo(name)?.family === '1.2') return '1.2';
  return undefined;
}

/** `findAPI(win, "API_1484_11")`, `getAPIHandle("API")`: a search for one version's API object. */
function searchedApi(node: AnyNode & { type: 'CallExpression' }): Selected {
  const callee = dottedName(node.callee as AnyNode);
  if (!callee || !/api/i.test(callee)) return undefined;
  for (const arg of node.arguments) {
    if (arg.type !== 'Literal') continue;
    if (arg.value === 'API_1484_11') return '2004';
    if (arg.value === 'API') return '1.2';
  }
  return undefined;
}

/** `a.b.c` for a chain of plain names; undefined otherwise. */
export function dottedName(node: AnyNode): string | undefined {
  const names: string[] = [];
  let cur = node;
  for (let i = 0; i < 6; i++) {
    if (cur.type === 'Identifier') return [cur.name, ...names.reverse()].join('.');
    if (cur.type === 'ThisExpression') return ['this', ...names.reverse()].join('.');
    const name = propertyName(cur);
    if (name === undefined || cur.type !== 'MemberExpression') return undefined;
    names.push(name);
    cur = cur.object as AnyNode;
  }
  return undefined;
}

/** `s.indexOf("2004") > -1`, `s.includes("2004")`, `s.startsWith("1.2")`: [the literal's version, holds when found]. */
function searchFor(node: AnyNode): Selected {
  if (node.type !== 'CallExpression' || node.arguments.length === 0) return undefined;
  const method = propertyName(node.callee as AnyNode);
  if (method !== 'indexOf' && method !== 'includes' && method !== 'startsWith') return undefined;
  return versionLiteral(literalValue(node.arguments[0] as AnyNode));
}

function numberValue(node: AnyNode): number | undefined {
  if (node.type === 'Literal' && typeof node.value === 'number') return node.value;
  if (node.type === 'UnaryExpression' && node.operator === '-' && node.argument.type === 'Literal') {
    return typeof node.argument.value === 'number' ? -node.argument.value : undefined;
  }
  return undefined;
}

const ABSENT = new Set(['undefined', null]);

/** A literal, or `undefined`. */
function isConstant(node: AnyNode): boolean {
  if (node.type === 'Identifier') return node.name === 'undefined';
  return node.type === 'Literal' || (node.type === 'TemplateLiteral' && node.expressions.length === 0);
}

function comparison(
  node: AnyNode & { type: 'BinaryExpression' },
  truthy: boolean,
  depth: number,
  flags: VersionFlags,
): Selected {
  const op = node.operator;
  const left = node.left as AnyNode;
  const right = node.right as AnyNode;
  // `s.indexOf("2004") > -1` / `!== -1` / `>= 0` (found) and `=== -1` / `< 0` (not found).
  const found = (search: AnyNode, n: number | undefined, flipped: boolean): boolean | undefined => {
    if (n === undefined || searchFor(search) === undefined) return undefined;
    const o = flipped
      ? (({ '<': '>', '>': '<', '<=': '>=', '>=': '<=' } as Record<string, string>)[op] ?? op)
      : op;
    if ((o === '>' && n === -1) || (o === '>=' && n === 0) || ((o === '!=' || o === '!==') && n === -1))
      return true;
    if (((o === '==' || o === '===') && n === -1) || (o === '<' && n === 0)) return false;
    return undefined;
  };
  for (const [search, n, flipped] of [
    [left, numberValue(right), false],
    [right, numberValue(left), true],
  ] as const) {
    const f = found(search, n, flipped);
    if (f === undefined) continue;
    const v = searchFor(search) as ScormVersion;
    return f === truthy ? v : other(v);
  }

  const equal = op === '==' || op === '===';
  if (!equal && op !== '!=' && op !== '!==') return undefined;
  const wantEqual = equal === truthy;
  const [value, subject] = isConstant(right) ? [right, left] : isConstant(left) ? [left, right] : [];
  if (!value || !subject) return undefined;
  const raw =
    value.type === 'Identifier' ? undefined : value.type === 'Literal' ? value.value : literalValue(value);
  // `typeof API_1484_11 != "undefined"`, `win.API_1484_11 == null`: presence of what the subject names.
  const typeofArg =
    subject.type === 'UnaryExpression' && subject.operator === 'typeof' ? subject.argument : undefined;
  if (ABSENT.has(raw as string | null) || value.type === 'Identifier') {
    return whenTruthy(typeofArg ?? subject, !wantEqual, depth + 1, flags);
  }
  // `typeof win.API_1484_11 == "object"`, `typeof api.LMSGetValue === "function"`: its presence.
  if (typeofArg && (raw === 'object' || raw === 'function')) {
    return whenTruthy(typeofArg, wantEqual, depth + 1, flags);
  }
  if (typeofArg) return undefined;
  const version = versionLiteral(raw);
  // SCORM has two versions: the other side of a version test is the other version.
  if (version) return wantEqual ? version : other(version);
  const element = elementLiteral(raw);
  return element && wantEqual ? element : undefined;
}

/** The version a branch runs under when `node` evaluated to `truthy`. */
export function whenTruthy(node: AnyNode, truthy: boolean, depth = 0, flags = NO_FLAGS): Selected {
  if (depth > MAX_DEPTH) return undefined;
  switch (node.type) {
    case 'UnaryExpression':
      return node.operator === '!'
        ? whenTruthy(node.argument as AnyNode, !truthy, depth + 1, flags)
        : undefined;
    case 'LogicalExpression': {
      if (node.operator === '??') return undefined;
      const a = whenTruthy(node.left as AnyNode, truthy, depth + 1, flags);
      const b = whenTruthy(node.right as AnyNode, truthy, depth + 1, flags);
      // Both parts hold (&& true, || false): either one's version; otherwise only a version both share.
      const both = (node.operator === '&&') === truthy;
      if (!both) return a === b ? a : undefined;
      if (a && b && a !== b) return undefined;
      return a ?? b;
    }
    case 'SequenceExpression':
      return whenTruthy(node.expressions[node.expressions.length - 1] as AnyNode, truthy, depth + 1, flags);
    case 'ParenthesizedExpression':
      return whenTruthy(node.expression as AnyNode, truthy, depth + 1, flags);
    case 'BinaryExpression':
      return comparison(node, truthy, depth, flags);
    case 'CallExpression': {
      const searched = searchFor(node);
      if (searched) return truthy ? searched : other(searched);
      return truthy ? versionName(node, flags) : undefined;
    }
    case 'Identifier':
    case 'MemberExpression':
    case 'ChainExpression': {
      // An API object, method or flag of one version being absent: the LMS did not provide that
      // version's API, so under a package of that version this branch does not run.
      const named = versionName(node, flags);
      return named && !truthy ? other(named) : named;
    }
    default:
      return undefined;
  }
}

/** The version a `case` of a switch selects (`case "2004":`, `case "cmi.score.raw":`). */
export function caseVersion(test: AnyNode | null | undefined): Selected {
  if (!test) return undefined;
  const value = literalValue(test);
  return versionLiteral(value) ?? elementLiteral(value);
}
