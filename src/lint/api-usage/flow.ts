import type { ApiCall, Context, FileFacts, FunctionNode, Invocation } from './collect-facts.js';

const MAX_DEPTH = 24;
const MAX_ITEMS = 50_000;

type Item = { unit: number; pos: number } & ({ call: ApiCall } | { invocation: Invocation });

function group<T>(items: readonly T[], key: (t: T) => Context): Map<Context, T[]> {
  const map = new Map<Context, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

/**
 * The API calls a file makes while its scripts load, in execution order: top-level statements,
 * immediately invoked functions, and functions the top level calls by name (followed a few levels).
 * Calls inside callbacks, handlers and functions nobody calls at load time are left out, so the
 * analysis under-approximates rather than guesses.
 */
export function loadTimeCalls(facts: FileFacts, origins?: Map<ApiCall, Origin>): ApiCall[] {
  const calls = group(facts.calls, (c) => c.context);
  const invocations = group(facts.invocations, (i) => i.context);
  const out: ApiCall[] = [];
  const active = new Set<FunctionNode>();

  const resolve = (name: string, from: Context): FunctionNode | undefined => {
    let ctx: Context = from;
    for (let i = 0; i < 64; i++) {
      const fn = facts.declared.get(ctx)?.get(name);
      if (fn) return fn;
      if (ctx === null) return undefined;
      ctx = facts.parentOf.get(ctx) ?? null;
    }
    return undefined;
  };

  // Recursion depth is bounded by MAX_DEPTH (not by the AST), so it cannot overflow.
  const expand = (ctx: Context, depth: number, origin: Origin | undefined): void => {
    const items: Item[] = [
      ...(calls.get(ctx) ?? []).map((call) => ({ unit: call.unit, pos: call.node.start, call })),
      ...(invocations.get(ctx) ?? []).map((invocation) => ({
        unit: invocation.unit,
        pos: invocation.pos,
        invocation,
      })),
    ].sort((a, b) => a.unit - b.unit || a.pos - b.pos);
    for (const item of items) {
      if (out.length >= MAX_ITEMS) return;
      if ('call' in item) {
        out.push(item.call);
        if (origin && origins && !origins.has(item.call)) origins.set(item.call, origin);
        continue;
      }
      const inv = item.invocation;
      const fn = inv.kind === 'iife' ? inv.fn : resolve(inv.name, ctx);
      if (!fn || active.has(fn) || depth >= MAX_DEPTH) continue;
      active.add(fn);
      expand(fn, depth + 1, origin ?? (inv.kind === 'named' ? { unit: inv.unit, pos: inv.pos } : undefined));
      active.delete(fn);
    }
  };
  expand(null, 0, undefined);
  return out;
}

/** Where the code that runs at load time calls the named function through which an API call runs. */
export interface Origin {
  unit: number;
  pos: number;
}

const NEEDS_INIT = new Set(['GetValue', 'SetValue', 'Commit', 'Terminate']);

export interface EarlyCall {
  call: ApiCall;
  /** Further distinct calls that also run before Initialize. */
  others: number;
  /** The Initialize that runs later at load time, if any. */
  laterInitialize: ApiCall | undefined;
  /** Any Initialize in the file (in a function or handler) when none runs at load time. */
  deferredInitialize: ApiCall | undefined;
  /** The load-time call of a function (a wrapper) through which `call` runs, if it is not written at load time itself. */
  origin: Origin | undefined;
  /** The same for laterInitialize. */
  initOrigin: Origin | undefined;
}

/** The first call that needs an initialized session but runs before Initialize; undefined if none. */
export function findEarlyCall(facts: FileFacts): EarlyCall | undefined {
  const origins = new Map<ApiCall, Origin>();
  const sequence = loadTimeCalls(facts, origins);
  const firstInit = sequence.findIndex((c) => c.canonical === 'Initialize');
  const before = firstInit < 0 ? sequence : sequence.slice(0, firstInit);
  const early = [...new Set(before.filter((c) => NEEDS_INIT.has(c.canonical)))];
  const first = early[0];
  if (!first) return undefined;
  const laterInitialize = firstInit >= 0 ? sequence[firstInit] : undefined;
  const deferredInitialize = laterInitialize
    ? undefined
    : facts.calls.find((c) => c.canonical === 'Initialize');
  if (!laterInitialize && !deferredInitialize) return undefined; // Initialize lives in another file
  return {
    call: first,
    others: early.length - 1,
    laterInitialize,
    deferredInitialize,
    origin: origins.get(first),
    initOrigin: laterInitialize ? origins.get(laterInitialize) : undefined,
  };
}
