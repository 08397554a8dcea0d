/**
 * The branches code sits on, recorded while a unit is walked: each arm of an `if`, of a `?:`, of an
 * `&&`/`||` and of a `switch` case, with the SCORM version its condition selects (version-condition.ts).
 * An `if` whose body leaves the block (`if (v !== "2004") return;`) puts the statements after it on its
 * other arm. Only `if` statements get arms when their condition selects nothing: their two arms may
 * still turn out to be the two versions' code (see version-placement.ts).
 */
import type { AnyNode, Node, Statement } from 'acorn';
import { caseVersion, whenTruthy, type Selected, type VersionFlags } from './version-condition.js';

/** The arms of one `if` (then, else), so each can be compared with its sibling. */
export interface Split {
  arms: Arm[];
}

export interface Arm {
  parent: Arm | undefined;
  split: Split;
  /** The version the arm's condition selects. */
  version: Selected;
  /** Offset of the condition in its unit. */
  at: number;
}

/** A marker on the walk's stack: the arm the nodes pushed above it are on. */
export class ArmSet {
  constructor(readonly arm: Arm | undefined) {}
}

type Stack = (AnyNode | ArmSet | object)[];

function arms(parent: Arm | undefined, at: number, versions: Selected[]): Arm[] {
  const split: Split = { arms: [] };
  for (const version of versions) split.arms.push({ parent, split, version, at });
  return split.arms;
}

/** The statement leaves its block: nothing after it in the block runs. */
function exits(statement: Statement | undefined | null): boolean {
  if (!statement) return false;
  if (statement.type === 'BlockStatement') return exits(statement.body[statement.body.length - 1]);
  return (
    statement.type === 'ReturnStatement' ||
    statement.type === 'ThrowStatement' ||
    statement.type === 'BreakStatement' ||
    statement.type === 'ContinueStatement'
  );
}

function pushAll(stack: Stack, nodes: readonly (Node | null | undefined)[]): void {
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i];
    if (node) stack.push(node);
  }
}

/** Statements after `if (<selects a version>) return;` run on the other arm of that condition. */
function pushGuardedBlock(
  body: readonly Statement[],
  current: Arm | undefined,
  stack: Stack,
  flags: VersionFlags,
): boolean {
  const segments: { arm: Arm | undefined; from: number }[] = [{ arm: current, from: 0 }];
  body.forEach((statement, i) => {
    if (statement.type !== 'IfStatement' || statement.alternate || !exits(statement.consequent)) return;
    const version = whenTruthy(statement.test as AnyNode, false, 0, flags);
    if (!version) return;
    const parent = segments[segments.length - 1]?.arm;
    segments.push({ arm: arms(parent, statement.test.start, [version])[0], from: i + 1 });
  });
  if (segments.length === 1) return false;
  stack.push(new ArmSet(current));
  for (let s = segments.length - 1; s >= 0; s--) {
    const { arm, from } = segments[s] as { arm: Arm | undefined; from: number };
    pushAll(stack, body.slice(from, segments[s + 1]?.from ?? body.length));
    stack.push(new ArmSet(arm));
  }
  return true;
}

/** A switch on a version: each case's statements on the version its label selects (fall-through shared). */
function pushSwitch(
  node: AnyNode & { type: 'SwitchStatement' },
  current: Arm | undefined,
  stack: Stack,
): boolean {
  const versions: Selected[] = [];
  node.cases.forEach((c, i) => {
    const own = caseVersion(c.test as AnyNode | null);
    const previous = node.cases[i - 1];
    const fallsIn = previous !== undefined && !exits(previous.consequent[previous.consequent.length - 1]);
    versions.push(fallsIn && versions[i - 1] !== own ? undefined : own);
  });
  if (versions.every((v) => v === undefined)) return false;
  const caseArms = arms(current, node.discriminant.start, versions);
  stack.push(new ArmSet(current));
  for (let i = node.cases.length - 1; i >= 0; i--) {
    const c = node.cases[i] as (typeof node.cases)[number];
    pushAll(stack, c.consequent);
    stack.push(new ArmSet(caseArms[i]));
    if (c.test) stack.push(c.test);
  }
  stack.push(node.discriminant);
  return true;
}

/**
 * Pushes the children of a branching node with the arms they are on; false when the node is not
 * one (or selects no version where only a version would matter), so the caller pushes them plainly.
 */
export function pushBranchChildren(
  node: AnyNode,
  current: Arm | undefined,
  stack: Stack,
  flags: VersionFlags,
): boolean {
  switch (node.type) {
    case 'IfStatement':
    case 'ConditionalExpression': {
      const test = node.test as AnyNode;
      const versions = [whenTruthy(test, true, 0, flags), whenTruthy(test, false, 0, flags)];
      if (node.type === 'ConditionalExpression' && versions.every((v) => v === undefined)) return false;
      const [then, otherwise] = arms(current, test.start, versions);
      stack.push(new ArmSet(current));
      if (node.alternate) stack.push(node.alternate, new ArmSet(otherwise));
      stack.push(node.consequent, new ArmSet(then), test);
      return true;
    }
    case 'LogicalExpression': {
      if (node.operator === '??') return false;
      const version = whenTruthy(node.left as AnyNode, node.operator === '&&', 0, flags);
      if (!version) return false;
      stack.push(new ArmSet(current), node.right, new ArmSet(arms(current, node.left.start, [version])[0]));
      stack.push(node.left);
      return true;
    }
    case 'SwitchStatement':
      return pushSwitch(node, current, stack);
    case 'BlockStatement':
      return pushGuardedBlock(node.body, current, stack, flags);
    case 'Program':
      return pushGuardedBlock(node.body as Statement[], current, stack, flags);
    default:
      return false;
  }
}
