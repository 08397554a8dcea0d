/**
 * Flags a runtime sets where it finds the API and tests somewhere else: `newApi = true` on the branch
 * where `API_1484_11` was found, `modern = findAPI(win, "API_1484_11") != null`, `api = win.API_1484_11`.
 * A name is a flag of one version when every value given to it is either nothing (false, null, 0, "")
 * or something that is only there under that version; one other assignment or a parameter of that name
 * and it is not a flag.
 */
import type { AnyNode, Program } from 'acorn';
import type { ScormVersion } from '../../rte/datamodel/index.js';
import { pushChildNodes } from './ast-children.js';
import { dottedName, whenTruthy, type VersionFlags } from './version-condition.js';

/** The nodes that have `params`. */
const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** undefined: nothing said yet; null: not a flag. */
type Evidence = Map<string, ScormVersion | null | undefined>;

function isNothing(node: AnyNode): boolean {
  if (node.type === 'Identifier') return node.name === 'undefined';
  return node.type === 'Literal' && !node.value && !(node as { regex?: unknown }).regex;
}

/** The version a value stands for when it is set: true on a version's branch, an API object found. */
function valueVersion(
  value: AnyNode,
  side: Side | undefined,
  armOf: (side: Side | undefined) => ScormVersion | undefined,
  flags: VersionFlags,
): ScormVersion | null {
  if (value.type === 'Literal' && value.value === true) return armOf(side) ?? null;
  return whenTruthy(value, true, 0, flags) ?? null;
}

/**
 * Notes what one assignment says about `target`. The value's version is only worked out when it can
 * still change the answer: most assignments of a bundle are to names that are no flag (already null).
 */
function noteAssignment(
  evidence: Evidence,
  target: AnyNode,
  value: AnyNode,
  side: Side | undefined,
  armOf: (side: Side | undefined) => ScormVersion | undefined,
  flags: VersionFlags,
): void {
  const name = target.type === 'Identifier' ? target.name : dottedName(target);
  if (name === undefined || evidence.get(name) === null || isNothing(value)) return;
  note(evidence, name, valueVersion(value, side, armOf, flags));
}

function note(evidence: Evidence, name: string | undefined, version: ScormVersion | null): void {
  if (name === undefined) return;
  const known = evidence.get(name);
  if (known === null) return;
  evidence.set(name, known === undefined || known === version ? version : null);
}

/** Where a node stands: under which side of which `if` / `?:` test, innermost first; undefined at the top. */
interface Side {
  parent: Side | undefined;
  test: AnyNode;
  truthy: boolean;
}

/**
 * The nodes that can say something about a flag (assignments, declarators, functions), in walk order, each
 * with the side it stands on. Both passes read this list, so the unit is walked once: the second pass only
 * works the arms out again with the flags the first one found.
 */
interface Notes {
  nodes: AnyNode[];
  sides: (Side | undefined)[];
}

/**
 * One walk of the unit, on two parallel stacks (node, the side it is on): megabyte bundles have millions
 * of nodes, and a closure or tuple per node doubled the walk.
 */
function notesOf(program: Program): Notes {
  const notes: Notes = { nodes: [], sides: [] };
  const nodes: AnyNode[] = [program as AnyNode];
  const onSide: (Side | undefined)[] = [undefined];
  while (nodes.length > 0) {
    const node = nodes.pop() as AnyNode;
    const side = onSide.pop();
    if (
      node.type === 'AssignmentExpression' ||
      (node.type === 'VariableDeclarator' && node.init) ||
      FUNCTIONS.has(node.type)
    ) {
      notes.nodes.push(node);
      notes.sides.push(side);
    }
    if (node.type === 'IfStatement' || node.type === 'ConditionalExpression') {
      const test = node.test as AnyNode;
      if (node.alternate) {
        nodes.push(node.alternate as AnyNode);
        onSide.push({ parent: side, test, truthy: false });
      }
      nodes.push(node.consequent as AnyNode, test);
      onSide.push({ parent: side, test, truthy: true }, side);
      continue;
    }
    const before = nodes.length;
    pushChildNodes(node, nodes);
    for (let i = nodes.length; i > before; i--) onSide.push(side);
  }
  return notes;
}

/**
 * The version arm a side is on with these flags: the innermost test that selects a version, else none.
 * Worked out once per side and only when asked (most assignments are to names that are no flag).
 */
function armsWith(flags: VersionFlags): (side: Side | undefined) => ScormVersion | undefined {
  const known = new Map<Side, ScormVersion | undefined>();
  return (side) => {
    const path: Side[] = [];
    let arm: ScormVersion | undefined;
    for (let cur = side; cur; cur = cur.parent) {
      if (known.has(cur)) {
        arm = known.get(cur);
        break;
      }
      path.push(cur);
      const own = whenTruthy(cur.test, cur.truthy, 0, flags);
      if (own !== undefined) {
        arm = own;
        break;
      }
    }
    // Every side walked through takes the arm found above it (their own tests selected nothing).
    for (const walked of path) known.set(walked, arm);
    return arm;
  };
}

function pass(notes: Notes, flags: VersionFlags): VersionFlags {
  const evidence: Evidence = new Map();
  const armOf = armsWith(flags);
  notes.nodes.forEach((node, i) => {
    if (node.type === 'AssignmentExpression') {
      if (node.operator !== '=') note(evidence, dottedName(node.left as AnyNode), null);
      else
        noteAssignment(evidence, node.left as AnyNode, node.right as AnyNode, notes.sides[i], armOf, flags);
    } else if (node.type === 'VariableDeclarator') {
      noteAssignment(evidence, node.id as AnyNode, node.init as AnyNode, notes.sides[i], armOf, flags);
    } else {
      // A type test: `'params' in node` on nodes of a thousand shapes cost as much as the rest of the walk.
      for (const param of (node as { params: AnyNode[] }).params) note(evidence, dottedName(param), null);
    }
  });
  const found = new Map<string, ScormVersion>();
  for (const [name, version] of evidence) if (version) found.set(name, version);
  return found;
}

/**
 * A launch page's scripts are walked once on their own and again with the page (page-load-order.ts), on
 * the same tree (parse-memo.ts): their flags, up to half of a walk, are worked out once per tree.
 */
const known = new WeakMap<Program, VersionFlags>();

/** The version flags of one parsed unit; a flag set from another flag is learnt on the second pass. */
export function versionFlags(program: Program): VersionFlags {
  let flags = known.get(program);
  if (flags === undefined) {
    const notes = notesOf(program);
    const first = pass(notes, new Map());
    flags = first.size === 0 ? first : pass(notes, first);
    known.set(program, flags);
  }
  return flags;
}
