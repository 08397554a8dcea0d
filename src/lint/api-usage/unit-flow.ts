import type { CallExpression, Node, Program } from 'acorn';
import { detachedString } from '../../core/detached-string.js';
import type { ScormVersion } from '../../rte/datamodel/index.js';
import {
  collectUnit,
  emptyFacts,
  type ApiCall,
  type Context,
  type FileFacts,
  type FunctionNode,
  type Invocation,
} from './collect-facts.js';
import type { SourceUnit } from './source-unit.js';

/**
 * What the load-order analysis (flow.ts) reads of one parsed unit: its API calls, the invocations that
 * run function bodies, the functions it declares and where each function stands. Syntax nodes are
 * replaced by stand-ins that keep only their type and offsets (one stand-in per node, so contexts still
 * match), and names are copied: the unit's tree and source can go once this is taken.
 */
export interface UnitFlow {
  calls: ApiCall[];
  invocations: Invocation[];
  declared: Map<Context, Map<string, FunctionNode>>;
  parentOf: Map<FunctionNode, Context>;
}

/** The flow of unit `unit` of facts gathered for that unit alone (declarations carry no unit). */
export function flowOfFacts(facts: FileFacts, unit: number): UnitFlow {
  const stubs = new Map<Node, Node>();
  const stub = (node: Context): Context => {
    if (node === null) return null;
    let kept = stubs.get(node);
    if (!kept) stubs.set(node, (kept = { type: node.type, start: node.start, end: node.end } as Node));
    return kept;
  };
  const declared = new Map<Context, Map<string, FunctionNode>>();
  for (const [context, names] of facts.declared) {
    const copy = new Map<string, FunctionNode>();
    for (const [name, fn] of names) copy.set(detachedString(name), stub(fn) as FunctionNode);
    declared.set(stub(context), copy);
  }
  const parentOf = new Map<FunctionNode, Context>();
  for (const [fn, context] of facts.parentOf) parentOf.set(stub(fn) as FunctionNode, stub(context));
  return {
    calls: facts.calls
      .filter((call) => call.unit === unit)
      .map((call) => ({
        ...call,
        node: { type: 'CallExpression', start: call.node.start, end: call.node.end } as CallExpression,
        method: detachedString(call.method),
        receiver: call.receiver === undefined ? undefined : detachedString(call.receiver),
        args: [],
        context: stub(call.context),
        branch: undefined,
      })),
    invocations: facts.invocations
      .filter((inv) => inv.unit === unit)
      .map((inv) =>
        inv.kind === 'iife'
          ? { ...inv, context: stub(inv.context), fn: stub(inv.fn) as FunctionNode }
          : { ...inv, context: stub(inv.context), name: detachedString(inv.name) },
      ),
    declared,
    parentOf,
  };
}

/** The flow of one unit, walked on its own (undefined program: the unit does not parse, nothing runs). */
export function collectFlow(unit: SourceUnit, program: Program | undefined, version: ScormVersion): UnitFlow {
  const facts = emptyFacts();
  facts.units = [unit];
  if (program) {
    try {
      collectUnit(facts, 0, program, version);
    } catch (error) {
      // As collectUnits: a unit too deep to walk gives what it gave before that.
      if (!(error instanceof RangeError)) throw error;
    }
  }
  return flowOfFacts(facts, 0);
}

/**
 * The facts of a page's units (its scripts in the order they run, one global scope), from each unit's
 * flow (undefined: left out), as collectUnits gives them from the units' trees: calls and invocations
 * in unit order, and a global function declared twice is the later one.
 */
export function pageFacts(units: readonly SourceUnit[], flows: readonly (UnitFlow | undefined)[]): FileFacts {
  const facts = emptyFacts();
  facts.units.push(...units);
  flows.forEach((flow, unit) => {
    if (!flow) return;
    for (const call of flow.calls) facts.calls.push({ ...call, unit });
    for (const inv of flow.invocations) facts.invocations.push({ ...inv, unit });
    for (const [context, names] of flow.declared) {
      let into = facts.declared.get(context);
      if (!into) facts.declared.set(context, (into = new Map()));
      for (const [name, fn] of names) into.set(name, fn);
    }
    for (const [fn, context] of flow.parentOf) facts.parentOf.set(fn, context);
  });
  return facts;
}
