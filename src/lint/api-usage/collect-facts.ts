import type { AnyNode, CallExpression, Expression, Node, Program, SpreadElement } from 'acorn';
import { looksLikeApi, methodInfo, type CanonicalMethod } from './api-methods.js';
import type { ScormVersion } from '../../rte/datamodel/index.js';
import { detachedString } from '../../core/detached-string.js';
import { locatingOnly, type SourceUnit } from './source-unit.js';
import { ArmSet, pushBranchChildren, type Arm } from './version-branch.js';
import { versionFlags } from './version-flags.js';
import { pushChildNodes } from './ast-children.js';
import {
  exportGetters,
  iifeResult,
  moduleFactory,
  requiredNamespace,
  scopeOf,
  scopePath,
  type ModuleScope,
} from './module-scopes.js';
import { exportGetter, moduleTable, requiredById, tableScopeOf } from './module-tables.js';

/** A function-like node whose body runs when it is invoked, not where it is written. */
export type FunctionNode = Node;
/** null: the top level of a unit. */
export type Context = FunctionNode | null;

export interface ApiCall {
  unit: number;
  node: CallExpression;
  method: string;
  family: ScormVersion;
  canonical: CanonicalMethod;
  receiver: string | undefined;
  args: (Expression | SpreadElement)[];
  context: Context;
  /** The innermost branch the call is on (version-branch.ts); undefined at the top of its function or unit. */
  branch: Arm | undefined;
}

/** Something that runs a function body right away or by name: an IIFE or `name()`. */
export type Invocation = { unit: number; pos: number; context: Context } & (
  { kind: 'iife'; fn: FunctionNode } | { kind: 'named'; name: string }
);

/** A call by name or dotted path (`set(...)`, `scorm.set(...)`): possibly a call to a wrapper of the API. */
export interface PlainCall {
  unit: number;
  node: CallExpression;
  /** `set`, `pipwerks.SCORM.data.set`. */
  path: string;
  context: Context;
  /** The innermost branch the call is on (version-branch.ts). */
  branch: Arm | undefined;
}

export interface CrossFrameAccess {
  unit: number;
  node: Node;
  what: string;
  navigation: boolean;
}

/** Everything the rules need from one file, gathered in a single iterative pass per unit. */
export interface FileFacts {
  units: SourceUnit[];
  calls: ApiCall[];
  invocations: Invocation[];
  /** Function declarations / `var f = function` by declaring context. */
  declared: Map<Context, Map<string, FunctionNode>>;
  /** The context each function node appears in. */
  parentOf: Map<FunctionNode, Context>;
  /** Single-assignment string constants: name -> initialiser (undefined when declared twice / reassigned). */
  constants: Map<string, Expression | undefined>;
  crossFrame: CrossFrameAccess[];
  /** Calls by name or dotted path that take arguments (candidates for wrapper calls). */
  plainCalls: PlainCall[];
  /** Functions stored under a dotted path: `a.b = function`, `var a = { b: function }`. */
  functionPaths: Map<string, FunctionNode>;
  /** `var s = pipwerks.SCORM`, `a.set = a.data.set`: name or path -> the path it stands for. */
  aliases: Map<string, string>;
  /** Bundled CommonJS module factories (module-scopes.ts). */
  modules: Map<FunctionNode, ModuleScope>;
  /** Function and alias paths written inside a module factory -> that module's namespace. */
  pathModule: Map<string, string>;
  /** Mentions of parent/opener, and how many of them only served a cross-frame DOM/location access. */
  parentOrOpenerMentions: number;
  parentOrOpenerInCrossFrame: number;
  /** Mentions (identifier, property or string) of the 1.2 `API` and the 2004 `API_1484_11` objects. */
  mentions12Api: boolean;
  mentions2004Api: boolean;
}

/** A parent/opener lookup that is not just `parent.document` & co, plus a mention of API/API_1484_11. */
export function hasDiscoveryEvidence(facts: FileFacts): boolean {
  return (
    (facts.mentions12Api || facts.mentions2004Api) &&
    facts.parentOrOpenerMentions > facts.parentOrOpenerInCrossFrame
  );
}

export function emptyFacts(): FileFacts {
  return {
    units: [],
    calls: [],
    invocations: [],
    declared: new Map(),
    parentOf: new Map(),
    constants: new Map(),
    crossFrame: [],
    plainCalls: [],
    functionPaths: new Map(),
    aliases: new Map(),
    modules: new Map(),
    pathModule: new Map(),
    parentOrOpenerMentions: 0,
    parentOrOpenerInCrossFrame: 0,
    mentions12Api: false,
    mentions2004Api: false,
  };
}

const FUNCTION_TYPES = new Set([
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
  'PropertyDefinition',
  'StaticBlock',
]);
const FRAME_NAMES = new Set(['parent', 'top', 'opener']);
const GLOBAL_NAMES = new Set(['window', 'self', 'globalThis']);

function propertyName(node: AnyNode): string | undefined {
  if (node.type !== 'MemberExpression') return undefined;
  if (!node.computed && node.property.type === 'Identifier') return node.property.name;
  if (node.property.type === 'Literal' && typeof node.property.value === 'string') return node.property.value;
  return undefined;
}

/** `a.b.c` for a chain of plain names (`window.` dropped); undefined for anything else. */
export function dottedPath(node: AnyNode): string | undefined {
  const names: string[] = [];
  let cur: AnyNode = node;
  for (let i = 0; i < 8; i++) {
    if (cur.type === 'Identifier') {
      if (GLOBAL_NAMES.has(cur.name) && names.length > 0) return names.reverse().join('.');
      names.push(cur.name);
      return names.reverse().join('.');
    }
    if (cur.type !== 'MemberExpression') return undefined;
    const name = propertyName(cur);
    if (name === undefined) return undefined;
    names.push(name);
    cur = cur.object as AnyNode;
  }
  return undefined;
}

/**
 * Records `path = function`, `path = { key: function, key: { ... } }`, `path = other.path`,
 * `path = new Name()` (its methods are `Name.prototype.*`) and `path = (function () { return Name; })()`.
 */
function notePathValue(
  facts: FileFacts,
  path: string,
  value: AnyNode | null | undefined,
  module: ModuleScope | undefined,
): void {
  const queue: [string, AnyNode | null | undefined, number][] = [[path, value, 0]];
  for (let item = queue.pop(); item; item = queue.pop()) {
    const [at, node, depth] = item;
    let target: string | undefined;
    if (node?.type === 'FunctionExpression' || node?.type === 'ArrowFunctionExpression') {
      facts.functionPaths.set(at, node);
      if (module) facts.pathModule.set(at, module.owner ?? module.namespace);
    } else if (node?.type === 'MemberExpression' || node?.type === 'Identifier') {
      target = dottedPath(node);
    } else if (node?.type === 'NewExpression') {
      const made = dottedPath(node.callee as AnyNode);
      if (made !== undefined) target = `${made}.prototype`;
    } else if (node?.type === 'CallExpression') {
      const returned = iifeResult(node);
      if (returned) target = dottedPath(returned);
    } else if (node?.type === 'ClassExpression') {
      noteClass(facts, at, node);
    } else if (node?.type === 'ObjectExpression' && depth < 4) {
      for (const prop of node.properties) {
        if (prop.type !== 'Property' || prop.computed) continue;
        const key =
          prop.key.type === 'Identifier'
            ? prop.key.name
            : prop.key.type === 'Literal'
              ? String(prop.key.value)
              : undefined;
        if (key !== undefined) queue.push([`${at}.${key}`, prop.value as AnyNode, depth + 1]);
      }
    }
    if (target !== undefined) {
      facts.aliases.set(at, scopePath(target, module));
      if (module) facts.pathModule.set(at, module.owner ?? module.namespace);
    }
  }
}

/** A class's methods as `Name.prototype.method` (static ones as `Name.method`). */
function noteClass(facts: FileFacts, name: string, node: AnyNode): void {
  if (node.type !== 'ClassDeclaration' && node.type !== 'ClassExpression') return;
  for (const member of node.body.body) {
    if (member.type !== 'MethodDefinition' || member.kind !== 'method' || member.computed) continue;
    if (member.key.type !== 'Identifier') continue;
    const owner = member.static ? name : `${name}.prototype`;
    facts.functionPaths.set(`${owner}.${member.key.name}`, member.value);
  }
}

/** The name a call's receiver goes by: `API`, `win.API_1484_11` -> API_1484_11, `getAPI()` -> getAPI. */
function receiverName(node: AnyNode): string | undefined {
  let cur: AnyNode = node;
  for (let i = 0; i < 8; i++) {
    if (cur.type === 'Identifier') return cur.name;
    if (cur.type === 'ThisExpression') return 'this';
    if (cur.type === 'MemberExpression') return propertyName(cur);
    if (cur.type === 'ChainExpression') cur = cur.expression;
    else if (cur.type === 'CallExpression' || cur.type === 'NewExpression') cur = cur.callee as AnyNode;
    else return undefined;
  }
  return undefined;
}

/**
 * `parent`, `top`, `window.parent`, `window.parent.parent`, `self.opener` ...: returns how many
 * parent/opener segments the chain has (-1 when it is not a frame reference). Iterative: chains can be long.
 */
export function frameRef(node: AnyNode): number {
  let cur: AnyNode = node;
  let sawFrame = false;
  let parents = 0;
  for (;;) {
    if (cur.type === 'Identifier') {
      if (FRAME_NAMES.has(cur.name)) return parents + (cur.name === 'top' ? 0 : 1);
      return sawFrame && GLOBAL_NAMES.has(cur.name) ? parents : -1;
    }
    if (cur.type !== 'MemberExpression') return -1;
    const name = propertyName(cur);
    if (name === undefined || !FRAME_NAMES.has(name)) return -1;
    sawFrame = true;
    if (name !== 'top') parents++;
    cur = cur.object as AnyNode;
  }
}

function noteCrossFrame(facts: FileFacts, access: CrossFrameAccess, parents: number): void {
  facts.crossFrame.push(access);
  facts.parentOrOpenerInCrossFrame += parents;
}

function unwrap(node: AnyNode): AnyNode {
  return node.type === 'ChainExpression' ? (node.expression as AnyNode) : node;
}

function iifeTarget(call: CallExpression): FunctionNode | undefined {
  const callee = unwrap(call.callee as AnyNode);
  if (callee.type === 'FunctionExpression' || callee.type === 'ArrowFunctionExpression') return callee;
  // (function () {...}).call(this) / .apply(...)
  if (callee.type === 'MemberExpression') {
    const name = propertyName(callee);
    const obj = callee.object as AnyNode;
    if (
      (name === 'call' || name === 'apply') &&
      (obj.type === 'FunctionExpression' || obj.type === 'ArrowFunctionExpression')
    ) {
      return obj;
    }
  }
  return undefined;
}

function isApiCallShape(
  family: ScormVersion,
  canonical: CanonicalMethod,
  receiver: string | undefined,
  call: CallExpression,
  packageVersion: ScormVersion,
): boolean {
  if (family === '1.2') return true; // LMS-prefixed names are unambiguous
  if (looksLikeApi(receiver)) return true;
  if (packageVersion !== '2004') return false;
  const first = call.arguments[0] as AnyNode | undefined;
  const firstString = first?.type === 'Literal' && typeof first.value === 'string' ? first.value : undefined;
  if (canonical === 'GetValue' || canonical === 'SetValue') {
    return firstString !== undefined && /^(cmi|adl)\./.test(firstString);
  }
  if (canonical === 'Initialize' || canonical === 'Terminate' || canonical === 'Commit') {
    return call.arguments.length === 1 && firstString === '';
  }
  return false;
}

function declare(facts: FileFacts, context: Context, name: string, fn: FunctionNode): void {
  let map = facts.declared.get(context);
  if (!map) facts.declared.set(context, (map = new Map()));
  map.set(name, fn);
}

function noteConstant(facts: FileFacts, name: string, init: Expression | undefined): void {
  facts.constants.set(name, facts.constants.has(name) ? undefined : init);
}

class ContextExit {
  constructor(
    readonly context: Context,
    readonly module: ModuleScope | undefined,
  ) {}
}

/**
 * Every parsed unit (an unparsed one is undefined) walked into `facts`, in order; a unit too deep to walk
 * adds what it gave before that, as callers that only look for calls want.
 */
export function collectUnits(
  facts: FileFacts,
  programs: readonly (Program | undefined)[],
  packageVersion: ScormVersion,
): void {
  programs.forEach((program, i) => {
    if (!program) return;
    try {
      collectUnit(facts, i, program, packageVersion);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
    }
  });
}

/**
 * Walks one parsed unit without recursion (minified bundles produce very deep trees) and adds what
 * it finds to `facts`. Top-level contexts of all units share `null`: in a page, classic scripts share
 * one global scope and run in order.
 */
export function collectUnit(
  facts: FileFacts,
  unitIndex: number,
  program: Program,
  packageVersion: ScormVersion,
): void {
  const unit = facts.units[unitIndex];
  const rootContext: Context = unit?.handler ? program : null;
  if (unit?.handler) {
    facts.parentOf.set(program, null);
  }
  // One explicit stack (no recursion). Entering a function pushes a marker that restores the
  // enclosing context once all of the function's descendants have been visited.
  const callsBefore = facts.calls.length;
  const crossFrameBefore = facts.crossFrame.length;
  const stack: (AnyNode | ContextExit | ArmSet)[] = [program];
  let context: Context = rootContext;
  // The bundled module factory the walk is inside (module-scopes.ts), restored with the context.
  let module: ModuleScope | undefined;
  let branch: Arm | undefined;
  const flags = versionFlags(program);
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode | ContextExit | ArmSet;
    if (node instanceof ContextExit) {
      context = node.context;
      module = node.module;
      continue;
    }
    if (node instanceof ArmSet) {
      branch = node.arm;
      continue;
    }

    switch (node.type) {
      case 'CallExpression': {
        const callee = unwrap(node.callee as AnyNode);
        const name = propertyName(callee);
        const info = name !== undefined ? methodInfo(name) : undefined;
        if (info && callee.type === 'MemberExpression') {
          const receiver = receiverName(callee.object as AnyNode);
          if (isApiCallShape(info.family, info.canonical, receiver, node, packageVersion)) {
            facts.calls.push({
              unit: unitIndex,
              node,
              method: name as string,
              receiver,
              args: node.arguments,
              context,
              branch,
              ...info,
            });
          }
        }
        if (!info && node.arguments.length > 0) {
          const raw = dottedPath(callee);
          const path = raw === undefined ? undefined : scopePath(raw, module);
          if (path !== undefined) facts.plainCalls.push({ unit: unitIndex, node, path, context, branch });
          for (const [at, value] of [...exportGetters(node), ...exportGetter(node)]) {
            notePathValue(facts, scopePath(at, module), value, module);
          }
        }
        const iife = iifeTarget(node);
        if (iife)
          facts.invocations.push({ unit: unitIndex, pos: node.start, context, kind: 'iife', fn: iife });
        else if (callee.type === 'Identifier') {
          facts.invocations.push({
            unit: unitIndex,
            pos: node.start,
            context,
            kind: 'named',
            name: callee.name,
          });
        }
        if (callee.type === 'MemberExpression' && (name === 'replace' || name === 'assign')) {
          const target = callee.object as AnyNode;
          const parents =
            propertyName(target) === 'location' ? frameRef((target as { object: AnyNode }).object) : -1;
          if (parents >= 0)
            noteCrossFrame(facts, { unit: unitIndex, node, what: 'location', navigation: true }, parents);
        }
        break;
      }
      case 'MemberExpression': {
        const parents = propertyName(node) === 'document' ? frameRef(node.object as AnyNode) : -1;
        if (parents >= 0)
          noteCrossFrame(facts, { unit: unitIndex, node, what: 'document', navigation: false }, parents);
        break;
      }
      case 'AssignmentExpression': {
        let left = node.left as AnyNode;
        if (left.type === 'Identifier') facts.constants.set(left.name, undefined);
        if (node.operator === '=' && left.type === 'MemberExpression') {
          const raw = dottedPath(left);
          const path = raw === undefined ? undefined : scopePath(raw, module);
          if (path !== undefined) {
            notePathValue(facts, path, node.right as AnyNode, module);
            // A map of element names written to later is no longer certain.
            facts.constants.set(path.slice(0, path.indexOf('.')), undefined);
          }
        }
        if (propertyName(left) === 'href') left = (left as { object: AnyNode }).object;
        const parents =
          left.type === 'MemberExpression' && propertyName(left) === 'location'
            ? frameRef(left.object as AnyNode)
            : -1;
        if (parents >= 0)
          noteCrossFrame(facts, { unit: unitIndex, node, what: 'location', navigation: true }, parents);
        break;
      }
      case 'UpdateExpression':
        if (node.argument.type === 'Identifier') facts.constants.set(node.argument.name, undefined);
        break;
      case 'VariableDeclarator':
        if (node.id.type === 'Identifier') {
          const init = node.init as AnyNode | null | undefined;
          if (init && (init.type === 'FunctionExpression' || init.type === 'ArrowFunctionExpression')) {
            declare(facts, context, node.id.name, init);
          }
          noteConstant(facts, node.id.name, node.init ?? undefined);
          const factory = moduleFactory(init);
          if (factory) facts.modules.set(factory, scopeOf(node.id.name, factory));
          const namespace = requiredNamespace(init) ?? requiredById(init);
          if (namespace !== undefined) facts.aliases.set(scopePath(node.id.name, module), namespace);
          else if (init && init.type !== 'FunctionExpression' && init.type !== 'ArrowFunctionExpression') {
            notePathValue(facts, scopePath(node.id.name, module), init, module);
          }
        }
        break;
      case 'ObjectExpression':
      case 'ArrayExpression':
        for (const [id, factory] of moduleTable(node)) {
          if (!facts.modules.has(factory)) {
            facts.modules.set(factory, tableScopeOf(id, factory, module?.owner ?? module?.namespace));
          }
        }
        break;
      case 'FunctionDeclaration':
        if (node.id) declare(facts, context, node.id.name, node);
        break;
      case 'ClassDeclaration':
        if (node.id) noteClass(facts, scopePath(node.id.name, module), node);
        break;
      case 'CatchClause':
        if (node.param?.type === 'Identifier') facts.constants.set(node.param.name, undefined);
        break;
      case 'ForInStatement':
      case 'ForOfStatement':
        if (node.left.type === 'Identifier') facts.constants.set(node.left.name, undefined);
        break;
      case 'Identifier':
        if (node.name === 'parent' || node.name === 'opener') facts.parentOrOpenerMentions++;
        else if (node.name === 'API') facts.mentions12Api = true;
        else if (node.name === 'API_1484_11') facts.mentions2004Api = true;
        break;
      case 'Literal':
        if (node.value === 'parent' || node.value === 'opener') facts.parentOrOpenerMentions++;
        else if (node.value === 'API') facts.mentions12Api = true;
        else if (node.value === 'API_1484_11') facts.mentions2004Api = true;
        break;
      default:
        break;
    }

    if (FUNCTION_TYPES.has(node.type)) {
      // A parameter shadows any same-named constant, so that name can no longer be trusted.
      for (const param of (node as { params?: AnyNode[] }).params ?? []) {
        if (param.type === 'Identifier') facts.constants.set(param.name, undefined);
      }
      facts.parentOf.set(node, context);
      stack.push(new ContextExit(context, module));
      context = node;
      module = facts.modules.get(node) ?? module;
    }
    if (!pushBranchChildren(node, branch, stack, flags)) pushChildNodes(node, stack);
  }
  // The stack visits children out of order; rules expect source order. Only this unit's entries are
  // sorted: units come in order, and re-sorting everything per unit was quadratic (50,000 handlers: minutes).
  sortFrom(facts.calls, callsBefore);
  sortFrom(facts.crossFrame, crossFrameBefore);
}

function sortFrom<T extends { node: { start: number } }>(list: T[], from: number): void {
  if (list.length - from < 2) return;
  const tail = list.splice(from).sort((a, b) => a.node.start - b.node.start);
  for (const entry of tail) list.push(entry);
}

/**
 * What the package-wide rules still need once a file's own rules have run: its API calls (their method
 * and position, no syntax tree: the names acorn read are views into the source) and the discovery
 * evidence. Dropping the rest lets each file's syntax tree and source go before the next file is read,
 * so memory follows the largest file, not the whole package.
 */
export function factsForPackageRules(facts: FileFacts): FileFacts {
  return {
    ...emptyFacts(),
    units: facts.calls.length > 0 ? facts.units.map(locatingOnly) : [],
    calls: facts.calls.map((call) => ({
      ...call,
      node: { type: 'CallExpression', start: call.node.start, end: call.node.end } as CallExpression,
      method: detachedString(call.method),
      receiver: call.receiver === undefined ? undefined : detachedString(call.receiver),
      args: [],
      context: null,
      branch: undefined,
    })),
    parentOrOpenerMentions: facts.parentOrOpenerMentions,
    parentOrOpenerInCrossFrame: facts.parentOrOpenerInCrossFrame,
    mentions12Api: facts.mentions12Api,
    mentions2004Api: facts.mentions2004Api,
  };
}
