import type { AnyNode, ArrowFunctionExpression, FunctionExpression } from 'acorn';
import type { FunctionNode } from './collect-facts.js';

/**
 * Bundlers wrap each CommonJS module of a course's bundle in a factory (esbuild:
 * `var require_x = __commonJS({ "path"(exports, module) {...} })`, minified `var r = c((e, t) => {...})`)
 * and read its exports back through a helper (`var import_x = __toESM(require_x())`). Recognised by shape,
 * not by the helpers' names (minifiers rename them), so a course's `import_x.scorm.set(...)` reaches the
 * `exports.scorm` of that module and no other module's `exports`.
 */

/** What a module factory calls its own exports: paths on them are named `<factory>#exports`. */
export interface ModuleScope {
  namespace: string;
  exportsName: string | undefined;
  moduleName: string | undefined;
  /**
   * The module's own names are its own: a minified webpack bundle reuses `r`, `o`, `e` in every module,
   * so a path written inside one (`r.a.write`) is named `<namespace>~r.a.write`.
   */
  local?: boolean;
  /**
   * The module of the bundle that holds this one: a wrapper published as a webpack bundle (pipwerks) and
   * bundled again by the course's bundler is that outer module, whose exports it copies at run time.
   */
  owner?: string;
}

const LOCAL_MARK = '~';

/** A path's name without the module it was written in (`[1]#exports~set` -> `set`). */
export const unscoped = (path: string) => path.slice(path.indexOf(LOCAL_MARK) + 1);

export const NAMESPACE_MARK = '#exports';

export const isNamespace = (head: string) => head.endsWith(NAMESPACE_MARK);

export const isFunction = (
  node: AnyNode | null | undefined,
): node is FunctionExpression | ArrowFunctionExpression =>
  node?.type === 'FunctionExpression' || node?.type === 'ArrowFunctionExpression';

/** The factory function of `var name = F({ "key"(exports, module) {...} })` or `F((exports, module) => {...})`. */
export function moduleFactory(init: AnyNode | null | undefined): FunctionNode | undefined {
  if (init?.type !== 'CallExpression' || init.arguments.length !== 1) return undefined;
  const arg = init.arguments[0] as AnyNode;
  let fn: AnyNode | undefined;
  if (arg.type === 'ObjectExpression' && arg.properties.length === 1) {
    const prop = arg.properties[0] as AnyNode;
    if (prop.type === 'Property' && prop.key.type === 'Literal' && typeof prop.key.value === 'string') {
      fn = prop.value as AnyNode;
    }
  } else fn = arg;
  if (!isFunction(fn)) return undefined;
  const params = fn.params as AnyNode[];
  if (params.length === 0 || params.length > 2 || params.some((p) => p.type !== 'Identifier'))
    return undefined;
  return fn;
}

export function scopeOf(name: string, factory: FunctionNode): ModuleScope {
  const params = (factory as unknown as { params: { name: string }[] }).params;
  return { namespace: name + NAMESPACE_MARK, exportsName: params[0]?.name, moduleName: params[1]?.name };
}

/**
 * The namespace a variable's initialiser reads: `require_x()` or an interop helper around it
 * (`__toESM(require_x())`, `__toESM(require_x(), 1)`). A name that is no module factory names a
 * namespace nothing defines, so a path through it reaches nothing, as before.
 */
export function requiredNamespace(init: AnyNode | null | undefined): string | undefined {
  if (init?.type !== 'CallExpression') return undefined;
  const required = (call: AnyNode | undefined): string | undefined =>
    call?.type === 'CallExpression' && call.arguments.length === 0 && call.callee.type === 'Identifier'
      ? call.callee.name + NAMESPACE_MARK
      : undefined;
  return (
    required(init) ?? (init.callee.type === 'Identifier' ? required(init.arguments[0] as AnyNode) : undefined)
  );
}

/** Names a webpack module reads from the page, not from its own scope. */
const GLOBALS = new Set(['window', 'self', 'globalThis', 'document', 'parent', 'top', 'opener', 'Object']);

/** `exports.a.b` -> `<factory>#exports.a.b`, `module.exports.a` -> `<factory>#exports.a` inside a module factory. */
export function scopePath(path: string, scope: ModuleScope | undefined): string {
  if (!scope) return path;
  const dot = path.indexOf('.');
  const head = dot < 0 ? path : path.slice(0, dot);
  if (head === scope.exportsName) return scope.namespace + path.slice(head.length);
  if (head === scope.moduleName && (path === `${head}.exports` || path.startsWith(`${head}.exports.`))) {
    return scope.namespace + path.slice(head.length + '.exports'.length);
  }
  if (scope.local && !isNamespace(head) && !GLOBALS.has(head) && !head.includes(LOCAL_MARK)) {
    return scope.namespace + LOCAL_MARK + path;
  }
  return path;
}

/**
 * `__export(target, { name: () => value })`, esbuild's namespace of an ES module: each getter's value
 * stands for `target.name`.
 */
export function exportGetters(call: AnyNode): [string, AnyNode][] {
  if (call.type !== 'CallExpression' || call.arguments.length !== 2) return [];
  const [target, map] = call.arguments as AnyNode[];
  if (target?.type !== 'Identifier' || map?.type !== 'ObjectExpression' || map.properties.length === 0)
    return [];
  const out: [string, AnyNode][] = [];
  for (const prop of map.properties) {
    if (prop.type !== 'Property' || prop.computed || prop.key.type !== 'Identifier') return [];
    const value = prop.value as AnyNode;
    if (value.type !== 'ArrowFunctionExpression' || value.params.length > 0 || !value.expression) return [];
    out.push([`${target.name}.${prop.key.name}`, value.body as AnyNode]);
  }
  return out;
}

/**
 * `(function () { ...; return Name; })()`, a compiled class: the name it returns. Minified, the methods'
 * assignments join the return (`return t.prototype.set = ..., t`) and the class is named apart from
 * the variable that holds it (`var v = (function () { function t() {} ... })()`).
 */
export function iifeResult(node: AnyNode): AnyNode | undefined {
  if (node.type !== 'CallExpression' || node.arguments.length > 0) return undefined;
  const fn = node.callee as AnyNode;
  if (!isFunction(fn) || fn.body.type !== 'BlockStatement') return undefined;
  const last = fn.body.body[fn.body.body.length - 1] as AnyNode | undefined;
  let value = last?.type === 'ReturnStatement' ? (last.argument as AnyNode | null | undefined) : undefined;
  if (value?.type === 'SequenceExpression')
    value = value.expressions[value.expressions.length - 1] as AnyNode;
  return value?.type === 'Identifier' ? value : undefined;
}
