import type { Context, FileFacts, FunctionNode } from './collect-facts.js';
import { unscoped } from './module-scopes.js';

/**
 * Whether code on the SCO's launch chain refers to a name (referenced-names.ts): by calling it, reading
 * it as a member (`obj.fn`, `obj["fn"]`), passing it as a value, exporting it or naming it in a handler.
 */
export type Referenced = (name: string) => boolean;

/**
 * Whether a call written at `context` can run: not when one of the functions around it goes by names
 * that nothing on the launch chain refers to (a wrapper extension's `GetExit` the course never calls).
 * A function without a name (a callback, an IIFE) runs when the code around it does.
 */
export function canRun(facts: FileFacts, context: Context, referenced: Referenced): boolean {
  const names = functionNames(facts);
  let ctx = context;
  for (let depth = 0; depth < 64 && ctx !== null; depth++) {
    const own = names.get(ctx);
    if (own && !own.some(referenced)) return false;
    ctx = facts.parentOf.get(ctx) ?? null;
  }
  return true;
}

const memo = new WeakMap<FileFacts, { size: number; names: Map<FunctionNode, string[]> }>();

/** The names each function goes by: its declared names and the last member of each path it is stored under. */
function functionNames(facts: FileFacts): Map<FunctionNode, string[]> {
  const size = facts.functionPaths.size + facts.declared.size;
  const cached = memo.get(facts);
  if (cached && cached.size === size) return cached.names;
  const names = new Map<FunctionNode, string[]>();
  const add = (fn: FunctionNode, name: string) => {
    const list = names.get(fn) ?? [];
    if (!list.includes(name)) list.push(name);
    names.set(fn, list);
  };
  for (const scope of facts.declared.values()) for (const [name, fn] of scope) add(fn, name);
  for (const [path, fn] of facts.functionPaths) {
    const bare = unscoped(path);
    add(fn, bare.slice(bare.lastIndexOf('.') + 1));
  }
  memo.set(facts, { size, names });
  return names;
}
