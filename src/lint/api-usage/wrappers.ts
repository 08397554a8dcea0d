import type { AnyNode, CallExpression, Expression, SpreadElement } from 'acorn';
import type { ApiCall, Context, FileFacts, FunctionNode, PlainCall } from './collect-facts.js';
import { HOLE, plusOperands, resolveShape } from './resolve-literal.js';
import { isNamespace, unscoped } from './module-scopes.js';
import type { ScormVersion } from '../../rte/datamodel/index.js';
import type { Arm } from './version-branch.js';
import { versionCandidates, type Candidate } from './version-candidates.js';

/**
 * Wrappers of the API: functions that pass their parameters on to GetValue/SetValue, directly
 * (`function set(k, v) { API.LMSSetValue(k, v); }`, `'cmi.' + k`) or through another wrapper.
 * A call to a wrapper becomes a "virtual" API call whose arguments are what the caller wrote, located
 * where the caller wrote them, so the element rules judge it like a literal call.
 */

/** A piece of a built argument: known text (HOLE where unknown) or the wrapper's n-th parameter. */
type Part = string | { param: number };

interface ArgTemplate {
  parts: Part[];
  /** Where the argument is written when it does not come from a parameter. */
  at?: { unit: number; start: number; end: number };
}

interface Sink {
  call: ApiCall;
  args: ArgTemplate[];
}

export interface Wrapper {
  fn: FunctionNode;
  /** How the course calls it (`set`, `pipwerks.SCORM.data.set`). */
  name: string;
  sinks: Sink[];
}

/** A synthesized argument node: a string literal (or a template with a hole) at the caller's position. */
export type VirtualArg = Expression & { unit: number };

export interface VirtualCall extends ApiCall {
  /** The wrapper the course called. */
  via: string;
  /** The element name is written inside the wrapper, where the direct rules already judge it. */
  nameFixed: boolean;
  /** The SCORM version the caller's branch selects, when this call is that version's API call. */
  armVersion?: ScormVersion;
  /** The unit of the API call inside the wrapper (the caller's unit is `unit`). */
  wrapperUnit: number;
  /** The API call inside the wrapper, whose branch (version-placement.ts) this call shares. */
  inner: ApiCall;
}

const MAX_LEVELS = 3;

function paramNames(fn: FunctionNode): string[] | undefined {
  const params = (fn as unknown as { params?: AnyNode[] }).params ?? [];
  const names = params.map((p) => (p.type === 'Identifier' ? p.name : undefined));
  return names.every((n) => n !== undefined) ? (names as string[]) : undefined;
}

/**
 * The parameters a wrapper passes on as the caller wrote them: one it assigns to (`status = 'x'` after
 * checking it) no longer carries the caller's value, so it stands for an unknown part ('' matches no name).
 */
function passedOn(fn: FunctionNode, code: string): string[] | undefined {
  const names = paramNames(fn);
  if (!names) return undefined;
  const body = code.slice(fn.start, fn.end);
  return names.map((name) => {
    const escaped = name.replace(/\$/g, '\\$');
    const assigned = new RegExp(
      `(?<![\\w$.])${escaped}\\s*(?:\\+\\+|--|(?:[-+*/%&|^]|\\*\\*|<<|>>>?|\\?\\?|&&|\\|\\|)?=(?![=>]))`,
    );
    return assigned.test(body) ? '' : name;
  });
}

/** The template of an argument written inside a function with the given parameters. */
function templateOf(
  node: Expression | SpreadElement | undefined,
  unit: number,
  params: readonly string[],
  facts: FileFacts,
): ArgTemplate {
  if (!node) return { parts: [HOLE] };
  const n = node as AnyNode;
  const operands = n.type === 'BinaryExpression' && n.operator === '+' ? plusOperands(n) : [n];
  const parts: Part[] = operands.map((operand) => {
    const op = asString(operand);
    const index = op.type === 'Identifier' ? params.indexOf(op.name) : -1;
    if (index >= 0) return { param: index };
    return resolveShape(op as Expression, facts.constants) ?? HOLE;
  });
  return { parts, at: { unit, start: n.start, end: n.end } };
}

/** `String(v)`, `v.toString()`: the value the caller wrote, as the string the API receives. */
function asString(node: AnyNode): AnyNode {
  if (node.type !== 'CallExpression') return node;
  const callee = node.callee as AnyNode;
  if (callee.type === 'Identifier' && callee.name === 'String' && node.arguments.length === 1) {
    return node.arguments[0] as AnyNode;
  }
  if (
    callee.type === 'MemberExpression' &&
    !callee.computed &&
    callee.property.type === 'Identifier' &&
    callee.property.name === 'toString' &&
    node.arguments.length === 0
  ) {
    return callee.object as AnyNode;
  }
  return node;
}

const usesParam = (t: ArgTemplate) => t.parts.some((p) => typeof p !== 'string');

/** Replaces each parameter of `inner` by the template the outer call passes for it. */
function substitute(inner: ArgTemplate, passed: readonly ArgTemplate[]): ArgTemplate {
  const parts: Part[] = [];
  let at = inner.at;
  let fromParam = false;
  for (const part of inner.parts) {
    if (typeof part === 'string') parts.push(part);
    else {
      const arg = passed[part.param] ?? { parts: [HOLE] };
      parts.push(...arg.parts);
      if (!fromParam) at = arg.at;
      fromParam = true;
    }
  }
  return { parts, at };
}

/** Finds the function a call by name or path reaches, within this file. */
export function wrapperResolver(facts: FileFacts): (path: string, from: Context) => FunctionNode | undefined {
  const members = new Map<string, string | undefined>();
  const member = (target: string) => {
    if (!members.has(target)) members.set(target, moduleMember(facts, target));
    return members.get(target);
  };
  // A page's other scripts reach a webpack module's own names as globals (pipwerks' npm bundle loaded
  // with <script>): a path written without a module stands for the one module path it names, if unique.
  let moduleless: Map<string, string | null> | undefined;
  const scoped = (p: string): string | undefined => {
    if (p.includes('~')) return undefined;
    moduleless ??= uniqueUnscoped([...facts.functionPaths.keys(), ...facts.aliases.keys()]);
    return moduleless.get(p) ?? undefined;
  };
  const functionAt = (p: string) => facts.functionPaths.get(p) ?? facts.functionPaths.get(scoped(p) ?? '');
  const aliasOf = (p: string) => facts.aliases.get(p) ?? facts.aliases.get(scoped(p) ?? '');
  return (path, from) => {
    if (!path.includes('.')) {
      let ctx: Context = from;
      const name = unscoped(path);
      for (let i = 0; i < 64; i++) {
        const fn = facts.declared.get(ctx)?.get(name);
        if (fn) return fn;
        if (ctx === null) break;
        ctx = facts.parentOf.get(ctx) ?? null;
      }
    }
    let target = path;
    for (let i = 0; i < MAX_HOPS; i++) {
      const fn = functionAt(target);
      if (fn) return fn;
      const next = moduleDefault(facts, target) ?? aliasedPath(target, aliasOf) ?? member(target);
      if (next === undefined) return undefined;
      target = next;
    }
    return undefined;
  };
}

/** Module paths (`[0]#exports~pipwerks.SCORM`) by the path without their module; null when two modules share it. */
function uniqueUnscoped(keys: readonly string[]): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const key of keys) {
    if (!key.includes('~')) continue;
    const bare = unscoped(key);
    out.set(bare, out.has(bare) && out.get(bare) !== key ? null : key);
  }
  return out;
}

/** Path hops followed: an npm wrapper bundled goes namespace -> export -> instance -> class -> method. */
const MAX_HOPS = 8;

/** The path with its longest aliased prefix replaced (`scorm.set` with `var scorm = pipwerks.SCORM`). */
function aliasedPath(target: string, aliasOf: (path: string) => string | undefined): string | undefined {
  for (let end = target.length; end > 0; end = target.lastIndexOf('.', end - 1)) {
    const alias = aliasOf(target.slice(0, end));
    if (alias !== undefined) return alias + target.slice(end);
  }
  return undefined;
}

/** `.default` of a bundled CommonJS module's namespace is its `module.exports` unless the module exports a `default`. */
function moduleDefault(facts: FileFacts, target: string): string | undefined {
  const dot = target.indexOf('.');
  if (dot < 0 || !target.startsWith('.default', dot)) return undefined;
  const namespace = target.slice(0, dot);
  const own = `${namespace}.default`;
  if (!isNamespace(namespace) || facts.aliases.has(own) || facts.functionPaths.has(own)) return undefined;
  if (target !== own && target[own.length] !== '.') return undefined;
  return namespace + target.slice(own.length);
}

/**
 * A member of a bundled module's namespace (`<factory>#exports.a.b`) that its exports do not spell out:
 * a module whose exports are copied at run time (a webpack bundle inside, pipwerks) is matched by the
 * single path defined inside it that ends with the same members.
 */
function moduleMember(facts: FileFacts, target: string): string | undefined {
  const dot = target.indexOf('.');
  if (dot < 0) return undefined;
  const namespace = target.slice(0, dot);
  if (!isNamespace(namespace)) return undefined;
  const rest = target.slice(dot);
  const matches = new Set<string>();
  for (const [key, owner] of facts.pathModule) {
    if (owner === namespace && key.endsWith(rest) && !isNamespace(key.slice(0, key.indexOf('.')))) {
      matches.add(key);
    }
  }
  return matches.size === 1 ? [...matches][0] : undefined;
}

/** What findWrappers read of a file's facts: facts that changed since are searched again. */
function factsShape(facts: FileFacts): unknown[] {
  return [
    facts.units,
    facts.units.length,
    facts.calls,
    facts.calls.length,
    facts.plainCalls,
    facts.plainCalls.length,
    facts.declared.size,
    facts.functionPaths.size,
    facts.aliases.size,
    facts.pathModule.size,
    facts.constants.size,
  ];
}

// Several rules ask for the same file's wrappers; a big driver's search takes a quarter of a second.
const found = new WeakMap<FileFacts, { shape: unknown[]; wrappers: Map<FunctionNode, Wrapper> }>();

/** The file's wrappers, up to MAX_LEVELS deep. The map is the caller's own: it may drop wrappers or sinks. */
export function findWrappers(facts: FileFacts): Map<FunctionNode, Wrapper> {
  const shape = factsShape(facts);
  let memo = found.get(facts);
  if (!memo || memo.shape.some((v, i) => v !== shape[i])) {
    memo = { shape, wrappers: searchWrappers(facts) };
    found.set(facts, memo);
  }
  return new Map([...memo.wrappers].map(([fn, w]) => [fn, { ...w, sinks: [...w.sinks] }]));
}

function searchWrappers(facts: FileFacts): Map<FunctionNode, Wrapper> {
  const wrappers = new Map<FunctionNode, Wrapper>();
  const paramsOf = new Map<FunctionNode, string[] | undefined>();
  const params = (fn: FunctionNode, unit: number) => {
    if (!paramsOf.has(fn)) paramsOf.set(fn, passedOn(fn, facts.units[unit]?.code ?? ''));
    return paramsOf.get(fn);
  };
  const add = (fn: FunctionNode, name: string, sink: Sink) => {
    const w = wrappers.get(fn) ?? { fn, name, sinks: [] };
    w.sinks.push(sink);
    wrappers.set(fn, w);
  };
  for (const call of facts.calls) {
    if (call.canonical !== 'GetValue' && call.canonical !== 'SetValue') continue;
    const fn = call.context;
    const names = fn ? params(fn, call.unit) : undefined;
    if (!fn || !names || names.length === 0) continue;
    const args = call.args.slice(0, 2).map((a) => templateOf(a, call.unit, names, facts));
    if (args.some(usesParam)) add(fn, '', { call, args });
  }
  const resolve = wrapperResolver(facts);
  // Which caller passes its parameters on is asked (a text search of its body) only of callers of a
  // wrapper: a driver of 4,000 plain calls and no wrapper spent 40-90 ms asking it of every function.
  for (let level = 1; level < MAX_LEVELS && wrappers.size > 0; level++) {
    const known = new Map(wrappers);
    for (const plain of facts.plainCalls) {
      const outer = plain.context;
      if (!outer) continue;
      const inner = resolve(plain.path, outer);
      const w = inner && inner !== outer ? known.get(inner) : undefined;
      if (!w) continue;
      const names = params(outer, plain.unit);
      if (!names || names.length === 0) continue;
      const passed = plain.node.arguments.map((a) => templateOf(a, plain.unit, names, facts));
      for (const sink of w.sinks) {
        const args = sink.args.map((t) => substitute(t, passed));
        if (!args.some(usesParam)) continue;
        const existing = wrappers.get(outer)?.sinks ?? [];
        if (existing.some((s) => s.call === sink.call)) continue;
        add(outer, '', { call: sink.call, args });
      }
    }
  }
  return wrappers;
}

function virtualArg(
  template: ArgTemplate,
  fallback: { unit: number; start: number; end: number },
): VirtualArg {
  const text = template.parts.map((p) => (typeof p === 'string' ? p : HOLE)).join('');
  const at = template.at ?? fallback;
  if (!text.includes(HOLE)) {
    return {
      type: 'Literal',
      value: text,
      raw: JSON.stringify(text),
      start: at.start,
      end: at.end,
      unit: at.unit,
    } as VirtualArg;
  }
  // A template literal whose unknown parts are names no constant has: resolveShape turns them into holes.
  const pieces = text.split(HOLE);
  return {
    type: 'TemplateLiteral',
    quasis: pieces.map((cooked) => ({
      type: 'TemplateElement',
      value: { cooked, raw: cooked },
      tail: false,
      start: at.start,
      end: at.end,
    })),
    expressions: pieces
      .slice(1)
      .map(() => ({ type: 'Identifier', name: HOLE, start: at.start, end: at.end })),
    start: at.start,
    end: at.end,
    unit: at.unit,
  } as unknown as VirtualArg;
}

/**
 * The API calls the course makes through its wrappers: one per wrapper call and API call the wrapper
 * makes, with the caller's arguments. Only calls whose arguments the caller writes are kept.
 */
export function wrapperCalls(
  facts: FileFacts,
  wrappers: ReadonlyMap<FunctionNode, Wrapper>,
  version?: ScormVersion,
): VirtualCall[] {
  if (wrappers.size === 0) return [];
  const resolve = wrapperResolver(facts);
  const out: VirtualCall[] = [];
  for (const plain of facts.plainCalls) {
    const fn = resolve(plain.path, plain.context);
    const w = fn ? wrappers.get(fn) : undefined;
    if (!w || isInside(facts, plain, w.fn)) continue;
    const passed = plain.node.arguments.map((a) => templateOf(a, plain.unit, [], facts));
    // A wrapper called inside a condition: the condition may pick the version (a bridge that adapts its
    // calls, a wrapper serving both), so the element name passed is left to it, as on a version branch.
    // When the condition selects a version, the name is judged through that version's API call only.
    const onBranch = plain.branch !== undefined;
    const callerVersion = selectedVersion(plain.branch);
    const has = (v: ScormVersion | undefined) => v !== undefined && w.sinks.some((s) => s.call.family === v);
    const want = has(callerVersion) ? callerVersion : has(version) ? version : undefined;
    const choices = new Map<number, Candidate[] | undefined>();
    const choicesOf = (param: number) => {
      if (!choices.has(param))
        choices.set(param, versionCandidates(plain.node.arguments[param], facts, plain.unit));
      return choices.get(param);
    };
    for (const sink of w.sinks) {
      // A name picked by a version test (`set(modern ? "cmi.exit" : "cmi.core.exit")`): each version's
      // name goes through that version's API call only, and is judged as that version's code.
      const nameParam = sink.args[0]?.parts.find((p) => typeof p !== 'string');
      const choice = nameParam === undefined ? undefined : choicesOf(nameParam.param);
      let args: ArgTemplate[];
      let armVersion: ScormVersion | undefined;
      let nameFixed: boolean;
      if (choice && nameParam) {
        const picked = choice.find((c) => c.version === sink.call.family);
        if (!picked || (callerVersion !== undefined && callerVersion !== picked.version)) continue;
        const own = [...passed];
        own[nameParam.param] = templateOf(picked.node, picked.unit, [], facts);
        args = sink.args.map((t) => substitute(t, own));
        armVersion = picked.version;
        nameFixed = false;
      } else {
        if (want !== undefined && sink.call.family !== want) continue;
        args = sink.args.map((t) => substitute(t, passed));
        const ownArm = callerVersion !== undefined && sink.call.family === callerVersion;
        nameFixed = (onBranch && !ownArm) || !usesParam(sink.args[0] ?? { parts: [] });
        armVersion = ownArm ? callerVersion : undefined;
      }
      const fallback = { unit: plain.unit, start: plain.node.start, end: plain.node.end };
      out.push({
        ...sink.call,
        unit: plain.unit,
        node: plain.node as CallExpression,
        args: args.map((t) => virtualArg(t, fallback)),
        context: plain.context,
        via: plain.path,
        nameFixed,
        ...(armVersion !== undefined ? { armVersion } : {}),
        wrapperUnit: sink.call.unit,
        inner: sink.call,
      });
    }
  }
  return out;
}

/** A call a wrapper makes to itself (recursion) is not a call the course author wrote. */
function isInside(facts: FileFacts, plain: PlainCall, fn: FunctionNode): boolean {
  let ctx: Context = plain.context;
  for (let i = 0; i < 64 && ctx !== null; i++) {
    if (ctx === fn) return true;
    ctx = facts.parentOf.get(ctx) ?? null;
  }
  return false;
}

/** The SCORM version the innermost branch that selects one stands for, if any. */
function selectedVersion(branch: Arm | undefined): ScormVersion | undefined {
  for (let arm = branch; arm; arm = arm.parent) if (arm.version) return arm.version;
  return undefined;
}
