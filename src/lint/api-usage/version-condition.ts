/**
 * Which SCORM version a condition selects, as wrappers that support both versions write it: a version
 * value compared with "2004"/"1.2" (also through indexOf/includes), a flag or function named after a
 * version (`isSCORM2004()`), the API object found (`win.API_1484_11`, `apiName == "API"`), or a data
 * model name only one version has (`name == "cmi.score.raw"`). Anything else selects no version.
 */
import type { AnyNode } from 'acorn';
import { lookupElement, type ScormVersion } from '../../rte/datamodel/index.js';

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
function versionName(node: AnyNode): Selected {
  let cur = node;
  if (cur.type === 'CallExpression') cur = cur.callee as AnyNode;
  if (cur.type === 'ChainExpression') cur = cur.expression as AnyNode;
  const name = cur.type === 'Identifier' ? cur.name : propertyName(cur);
  if (name === undefined) return undefined;
  if (/2004|1484/.test(name)) return '2004';
  if (/scorm_?1_?2(?!\d)/i.test(name)) return '1.2';
  // A bare `API` may be any variable a course named so; `win.API` is the 1.2 object being looked up.
  if (name === 'API' && cur.type === 'MemberExpression') return '1.2';
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

function comparison(node: AnyNode & { type: 'BinaryExpression' }, truthy: boolean, depth: number): Selected {
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
    return whenTruthy(typeofArg ?? subject, !wantEqual, depth + 1);
  }
  if (typeofArg) return undefined;
  const version = versionLiteral(raw);
  // SCORM has two versions: the other side of a version test is the other version.
  if (version) return wantEqual ? version : other(version);
  const element = elementLiteral(raw);
  return element && wantEqual ? element : undefined;
}

/** The version a branch runs under when `node` evaluated to `truthy`. */
export function whenTruthy(node: AnyNode, truthy: boolean, depth = 0): Selected {
  if (depth > MAX_DEPTH) return undefined;
  switch (node.type) {
    case 'UnaryExpression':
      return node.operator === '!' ? whenTruthy(node.argument as AnyNode, !truthy, depth + 1) : undefined;
    case 'LogicalExpression': {
      if (node.operator === '??') return undefined;
      const a = whenTruthy(node.left as AnyNode, truthy, depth + 1);
      const b = whenTruthy(node.right as AnyNode, truthy, depth + 1);
      // Both parts hold (&& true, || false): either one's version; otherwise only a version both share.
      const both = (node.operator === '&&') === truthy;
      if (!both) return a === b ? a : undefined;
      if (a && b && a !== b) return undefined;
      return a ?? b;
    }
    case 'SequenceExpression':
      return whenTruthy(node.expressions[node.expressions.length - 1] as AnyNode, truthy, depth + 1);
    case 'ParenthesizedExpression':
      return whenTruthy(node.expression as AnyNode, truthy, depth + 1);
    case 'BinaryExpression':
      return comparison(node, truthy, depth);
    case 'CallExpression': {
      const searched = searchFor(node);
      if (searched) return truthy ? searched : other(searched);
      return truthy ? versionName(node) : undefined;
    }
    case 'Identifier':
    case 'MemberExpression':
    case 'ChainExpression':
      // A flag or object being present says which version; its absence does not say the other one.
      return truthy ? versionName(node) : undefined;
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
