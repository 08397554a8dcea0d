import type { AnyNode, Expression, SpreadElement } from 'acorn';
import type { ScormVersion } from '../../rte/datamodel/index.js';
import type { FileFacts } from './collect-facts.js';
import { objectEntry } from './resolve-literal.js';
import type { Arm } from './version-branch.js';
import { whenTruthy, type Selected } from './version-condition.js';

/** One value an argument may have, and the SCORM version under which it has it. */
export interface Candidate {
  version: ScormVersion;
  node: Expression;
  /** The unit the value is written in (a constant may sit in another script of the page). */
  unit: number;
}

const MAX_DEPTH = 4;

/**
 * The values of an argument that picks its element name by a version test, each with its version:
 * `modern ? "cmi.exit" : "cmi.core.exit"`, a constant holding such a ternary, or an entry of a map of
 * names chosen that way (`var NAMES = modern ? { exit: "cmi.exit" } : { exit: "cmi.core.exit" }`,
 * `NAMES.exit`). Undefined when the argument is not such a choice or its test selects no version.
 */
export function versionCandidates(
  node: Expression | SpreadElement | undefined,
  facts: FileFacts,
  unit: number,
): Candidate[] | undefined {
  if (!node) return undefined;
  const keys: string[] = [];
  let root = node as AnyNode;
  while (root.type === 'MemberExpression' && keys.length < MAX_DEPTH) {
    const key = memberKey(root);
    if (key === undefined) return undefined;
    keys.unshift(key);
    root = root.object as AnyNode;
  }
  let choice = root;
  for (let depth = 0; choice.type === 'Identifier' && depth < MAX_DEPTH; depth++) {
    const init = facts.constants.get(choice.name) as AnyNode | undefined;
    if (!init) return undefined;
    choice = init;
  }
  if (choice.type !== 'ConditionalExpression') return undefined;
  const versions = conditionVersions(choice.test as AnyNode, facts);
  if (!versions) return undefined;
  const out: Candidate[] = [];
  for (const [version, arm] of [
    [versions[0], choice.consequent],
    [versions[1], choice.alternate],
  ] as const) {
    const value = objectEntry(arm as AnyNode, keys);
    if (!value) return undefined;
    out.push({ version, node: value as Expression, unit: unitOf(value, facts, unit) });
  }
  return out;
}

/** The caller's unit if the value's text is there, else the first unit whose text at its place is the value's. */
function unitOf(value: AnyNode, facts: FileFacts, caller: number): number {
  const raw = value.type === 'Literal' ? value.raw : undefined;
  if (raw === undefined) return caller;
  const here = (u: number) => facts.units[u]?.code.slice(value.start, value.end) === raw;
  if (here(caller)) return caller;
  const found = facts.units.findIndex((_, u) => here(u));
  return found >= 0 ? found : caller;
}

function memberKey(node: AnyNode & { type: 'MemberExpression' }): string | undefined {
  if (!node.computed && node.property.type === 'Identifier') return node.property.name;
  if (node.property.type === 'Literal' && typeof node.property.value === 'string') return node.property.value;
  return undefined;
}

/**
 * The versions under which a test is true and false: read from the test itself (version-condition.ts),
 * through a constant it names (`var modern = !!window.parent.API_1484_11`), or from an arm the walk
 * recorded for the same test written elsewhere in the file (a wrapper's `modern ? api.GetValue(n) : …`).
 */
function conditionVersions(test: AnyNode, facts: FileFacts): [ScormVersion, ScormVersion] | undefined {
  const pair = (t: AnyNode): [Selected, Selected] => [whenTruthy(t, true), whenTruthy(t, false)];
  let found = pair(test);
  const negated = test.type === 'UnaryExpression' && test.operator === '!';
  const named = (negated ? test.argument : test) as AnyNode;
  if (!both(found) && named.type === 'Identifier') {
    const init = facts.constants.get(named.name) as AnyNode | undefined;
    if (init) {
      const [t, f] = pair(init);
      found = negated ? [f, t] : [t, f];
    }
  }
  if (!both(found)) {
    const recorded = recordedArms(named, facts);
    if (recorded) found = negated ? [recorded[1], recorded[0]] : recorded;
  }
  return both(found) ? found : undefined;
}

function both(v: [Selected, Selected]): v is [ScormVersion, ScormVersion] {
  return v[0] !== undefined && v[1] !== undefined && v[0] !== v[1];
}

/** The versions of an if/?: split the walk recorded whose test is written exactly as `test` (a name or path). */
function recordedArms(test: AnyNode, facts: FileFacts): [Selected, Selected] | undefined {
  const text = pathText(test, 0);
  if (!text) return undefined;
  const seen = new Set<Arm>();
  for (const { unit, branch } of [...facts.calls, ...facts.plainCalls]) {
    const code = facts.units[unit]?.code;
    for (let arm = branch; arm && code !== undefined; arm = arm.parent) {
      if (seen.has(arm)) break;
      seen.add(arm);
      const [then, otherwise] = arm.split.arms;
      if (!then || !otherwise || !code.startsWith(text, arm.at)) continue;
      if (/[\w$.([]/.test(code[arm.at + text.length] ?? '')) continue;
      return [then.version, otherwise.version];
    }
  }
  return undefined;
}

/** `a.b.c` as written without spaces, for a name or a path of plain names. */
function pathText(node: AnyNode, depth: number): string | undefined {
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'ThisExpression') return 'this';
  if (node.type !== 'MemberExpression' || node.computed || node.property.type !== 'Identifier')
    return undefined;
  const object = depth < MAX_DEPTH ? pathText(node.object as AnyNode, depth + 1) : undefined;
  return object === undefined ? undefined : `${object}.${node.property.name}`;
}
