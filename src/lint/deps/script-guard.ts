/**
 * Whether a script the course inserts from code (`tag.src = "https://…"`) is only inserted under an
 * opt-in condition: `if (window.CPVimeoAPINeeded) { … }` loads the Vimeo player API only for a course
 * that has a Vimeo video. Such a script may be needed at run time, but the SCO does not depend on it to
 * start. A fallback (`if (!window.jQuery)`, `typeof x === "undefined"`) is not such a condition: it holds
 * exactly when nothing else provided the library, which is the case offline.
 */
import type { AnyNode, Node } from 'acorn';
import { htmlUnits } from '../api-usage/html-units.js';
import { parseUnit } from '../api-usage/parse-unit.js';
import { fileLocation, unitOffset, type SourceUnit } from '../api-usage/source-unit.js';

export interface Guard {
  /** The condition's source text, whitespace collapsed and cut (course code). */
  condition: string;
  line: number;
  column: number;
}

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);
const MAX_CONDITION = 120;
/** Conditions are small; deeper && / || chains are not followed. */
const MAX_DEPTH = 12;
/** Code that inserts a script: if the other arm does it too, the script loads either way. */
const INSERTS_SCRIPT = /\.src\s*=|createElement\s*\(\s*['"`]script|getScript\s*\(/;

function isConstant(node: AnyNode): boolean {
  return (node.type === 'Identifier' && node.name === 'undefined') || node.type === 'Literal';
}

/** The condition only holds when something is there or asked for (true), not when it is missing. */
function optIn(node: AnyNode, truthy: boolean, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  switch (node.type) {
    case 'UnaryExpression':
      return node.operator === '!' ? optIn(node.argument as AnyNode, !truthy, depth + 1) : true;
    case 'LogicalExpression': {
      const a = optIn(node.left as AnyNode, truthy, depth + 1);
      const b = optIn(node.right as AnyNode, truthy, depth + 1);
      if (node.operator === '??') return a && b;
      // Both parts must hold (&& true, || false): one opt-in part is enough; otherwise each must be.
      return (node.operator === '&&') === truthy ? a || b : a && b;
    }
    case 'Literal':
      return false; // if (true) / if (1): not a condition
    case 'Identifier':
    case 'MemberExpression':
    case 'ChainExpression':
      return truthy; // a flag or object being present
    case 'BinaryExpression': {
      const { operator, left, right } = node;
      const equal = operator === '==' || operator === '===';
      if (!equal && operator !== '!=' && operator !== '!==') return true;
      const [value, subject] = isConstant(right as AnyNode)
        ? [right, left]
        : isConstant(left as AnyNode)
          ? [left, right]
          : [];
      if (!value || !subject) return true;
      const raw = value.type === 'Literal' ? value.value : undefined;
      const typeofArg =
        subject.type === 'UnaryExpression' && subject.operator === 'typeof' ? subject.argument : undefined;
      // `x == null`, `typeof x === "undefined"`: absence of x; `!=`: its presence.
      if (raw === null || raw === undefined || (typeofArg && raw === 'undefined')) {
        return optIn((typeofArg ?? subject) as AnyNode, equal !== truthy, depth + 1);
      }
      return true;
    }
    default:
      return true; // a comparison or call of the course's: the script loads only sometimes
  }
}

/** The nodes from the program down to the innermost one that contains `offset`. */
function pathTo(program: Node, offset: number): AnyNode[] {
  const path: AnyNode[] = [program as AnyNode];
  for (;;) {
    const node = path[path.length - 1] as unknown as Record<string, unknown>;
    let next: AnyNode | undefined;
    for (const key in node) {
      const value = node[key];
      const candidates = Array.isArray(value) ? value : [value];
      for (const c of candidates as ({ type?: unknown; start?: number; end?: number } | null)[]) {
        if (c && typeof c.type === 'string' && (c.start as number) <= offset && offset < (c.end as number)) {
          next = c as AnyNode;
          break;
        }
      }
      if (next) break;
    }
    if (!next) return path;
    path.push(next);
  }
}

/** The condition a branch child of `parent` runs under, if it is an opt-in one. */
function guardOf(parent: AnyNode, child: AnyNode, code: string): AnyNode | undefined {
  if (parent.type === 'IfStatement' || parent.type === 'ConditionalExpression') {
    if (child === parent.test) return undefined;
    const truthy = child === parent.consequent;
    const otherArm = (truthy ? parent.alternate : parent.consequent) as AnyNode | null | undefined;
    if (otherArm && INSERTS_SCRIPT.test(code.slice(otherArm.start, otherArm.end))) return undefined;
    return optIn(parent.test as AnyNode, truthy) ? (parent.test as AnyNode) : undefined;
  }
  if (parent.type === 'LogicalExpression' && child === parent.right && parent.operator !== '??') {
    return optIn(parent.left as AnyNode, parent.operator === '&&') ? (parent.left as AnyNode) : undefined;
  }
  return undefined;
}

function unitAt(units: SourceUnit[], line: number, column: number): SourceUnit | undefined {
  return units.find((u) => unitOffset(u, line, column) !== undefined);
}

/**
 * The opt-in condition, within the same function, under which the code at `line`/`column` of a
 * file (the URL of a script it inserts) runs; undefined when it runs unconditionally or cannot be read.
 */
export function insertionGuard(
  text: string,
  type: 'html' | 'js',
  line: number,
  column: number,
): Guard | undefined {
  const units =
    type === 'html' ? htmlUnits(text) : [{ code: text, line: 1, column: 1, module: false, handler: false }];
  const unit = unitAt(units, line, column);
  const offset = unit && unitOffset(unit, line, column);
  if (!unit || offset === undefined) return undefined;
  const parsed = parseUnit(unit);
  if (!parsed.ok) return undefined;
  const path = pathTo(parsed.program, offset);
  for (let i = path.length - 1; i > 0; i--) {
    const child = path[i] as AnyNode;
    const parent = path[i - 1] as AnyNode;
    if (FUNCTIONS.has(child.type)) return undefined;
    const guard = guardOf(parent, child, unit.code);
    if (!guard) continue;
    const source = unit.code.slice(guard.start, guard.end).replace(/\s+/g, ' ');
    return {
      condition: source.length > MAX_CONDITION ? `${source.slice(0, MAX_CONDITION - 1)}…` : source,
      ...fileLocation(unit, guard.start),
    };
  }
  return undefined;
}
