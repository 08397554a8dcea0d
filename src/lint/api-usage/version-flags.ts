/**
 * Flags a runtime sets where it finds the API and tests somewhere else: `newApi = true` on the branch
 * where `API_1484_11` was found, `modern = findAPI(win, "API_1484_11") != null`, `api = win.API_1484_11`.
 * A name is a flag of one version when every value given to it is either nothing (false, null, 0, "")
 * or something that is only there under that version; one other assignment or a parameter of that name
 * and it is not a flag.
 */
import type { AnyNode, Program } from 'acorn';
import type { ScormVersion } from '../../rte/datamodel/index.js';
import { dottedName, whenTruthy, type VersionFlags } from './version-condition.js';

/** undefined: nothing said yet; null: not a flag. */
type Evidence = Map<string, ScormVersion | null | undefined>;

function isNothing(node: AnyNode): boolean {
  if (node.type === 'Identifier') return node.name === 'undefined';
  return node.type === 'Literal' && !node.value && !(node as { regex?: unknown }).regex;
}

/** The version a value stands for when it is set: true on a version's branch, an API object found. */
function valueVersion(
  value: AnyNode,
  arm: ScormVersion | undefined,
  flags: VersionFlags,
): ScormVersion | null {
  if (value.type === 'Literal' && value.value === true) return arm ?? null;
  return whenTruthy(value, true, 0, flags) ?? null;
}

function note(evidence: Evidence, name: string | undefined, version: ScormVersion | null | 'nothing'): void {
  if (name === undefined || version === 'nothing') return;
  const known = evidence.get(name);
  if (known === null) return;
  evidence.set(name, known === undefined || known === version ? version : null);
}

function pass(program: Program, flags: VersionFlags): VersionFlags {
  const evidence: Evidence = new Map();
  const stack: [AnyNode, ScormVersion | undefined][] = [[program as AnyNode, undefined]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [node, arm] = item;
    const assign = (target: AnyNode, value: AnyNode | null | undefined) => {
      if (!value) return;
      note(evidence, dottedName(target), isNothing(value) ? 'nothing' : valueVersion(value, arm, flags));
    };
    if (node.type === 'AssignmentExpression') {
      if (node.operator === '=') assign(node.left as AnyNode, node.right as AnyNode);
      else note(evidence, dottedName(node.left as AnyNode), null);
    } else if (node.type === 'VariableDeclarator') {
      assign(node.id as AnyNode, node.init as AnyNode | null);
    } else if ('params' in node) {
      for (const param of node.params) note(evidence, dottedName(param as AnyNode), null);
    }
    if (node.type === 'IfStatement' || node.type === 'ConditionalExpression') {
      const test = node.test as AnyNode;
      if (node.alternate) stack.push([node.alternate as AnyNode, whenTruthy(test, false, 0, flags) ?? arm]);
      stack.push([node.consequent as AnyNode, whenTruthy(test, true, 0, flags) ?? arm], [test, arm]);
      continue;
    }
    const record = node as unknown as Record<string, unknown>;
    for (const key in record) {
      const value = record[key];
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof (child as { type?: unknown }).type === 'string')
          stack.push([child as AnyNode, arm]);
      }
    }
  }
  const found = new Map<string, ScormVersion>();
  for (const [name, version] of evidence) if (version) found.set(name, version);
  return found;
}

/** The version flags of one parsed unit; a flag set from another flag is learnt on the second pass. */
export function versionFlags(program: Program): VersionFlags {
  const first = pass(program, new Map());
  return first.size === 0 ? first : pass(program, first);
}
