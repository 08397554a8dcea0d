import type { AnyNode, ArrowFunctionExpression, FunctionExpression } from 'acorn';
import type { FunctionNode } from './collect-facts.js';
import { isFunction, NAMESPACE_MARK, type ModuleScope } from './module-scopes.js';

/**
 * webpack's bundles (module-scopes.ts has esbuild's): a table of module factories by id, each taking
 * (module, exports, require), read back through `require(id)`; an ES module's exports are getters
 * (`require.d(exports, { name: () => value })`, webpack 4 `require.d(exports, "name", function () {...})`).
 * Recognised by shape: minified, every name is one letter.
 */

/**
 * The factories of a webpack module table, by module id: `{ 412: (module, exports, require) => {...} }`
 * (webpack 5, keys may be paths) or `[function (e, t, n) {...}, ...]` (webpack 4, ids are indices).
 * Every entry must be such a factory, so an ordinary map of callbacks is rarely taken for one.
 */
export function moduleTable(node: AnyNode): [string, FunctionNode][] {
  const out: [string, FunctionNode][] = [];
  const factory = (fn: AnyNode | null | undefined): fn is FunctionExpression | ArrowFunctionExpression =>
    isFunction(fn) &&
    fn.params.length <= 3 &&
    (fn.params as AnyNode[]).every((p) => p.type === 'Identifier') &&
    fn.body.type === 'BlockStatement';
  if (node.type === 'ArrayExpression') {
    node.elements.forEach((fn, i) => {
      if (fn && factory(fn as AnyNode)) out.push([String(i), fn as FunctionNode]);
    });
    return out.length > 0 && out.length === node.elements.filter((e) => e !== null).length ? out : [];
  }
  if (node.type !== 'ObjectExpression' || node.properties.length === 0) return [];
  for (const prop of node.properties) {
    // esbuild's `__commonJS({ "path"(exports, module) {...} })` is a method: its own shape, moduleFactory.
    if (prop.type !== 'Property' || prop.computed || prop.method || prop.key.type !== 'Literal') return [];
    if (!factory(prop.value as AnyNode)) return [];
    out.push([String(prop.key.value), prop.value as FunctionNode]);
  }
  return out;
}

/** A webpack module's scope: its factory takes (module, exports, require). */
export function tableScopeOf(id: string, factory: FunctionNode, owner?: string): ModuleScope {
  const params = (factory as unknown as { params: { name: string }[] }).params;
  return {
    namespace: tableNamespace(id),
    exportsName: params[1]?.name,
    moduleName: params[0]?.name,
    local: true,
    ...(owner === undefined ? {} : { owner }),
  };
}

const tableNamespace = (id: string) => `[${id}]${NAMESPACE_MARK}`;

/** webpack's `require(412)`, `require("./src/x.js")`: the namespace of the module of that id in the file's table. */
export function requiredById(init: AnyNode | null | undefined): string | undefined {
  if (init?.type !== 'CallExpression' || init.arguments.length !== 1) return undefined;
  const id = init.arguments[0] as AnyNode;
  const callee = init.callee as AnyNode;
  const named = callee.type === 'Identifier' || (callee.type === 'MemberExpression' && !callee.computed);
  if (!named || id.type !== 'Literal') return undefined;
  return typeof id.value === 'number' || typeof id.value === 'string'
    ? tableNamespace(String(id.value))
    : undefined;
}

/** webpack 4's `require.d(exports, "name", function () { return value; })`: [`exports.name`, value]. */
export function exportGetter(call: AnyNode): [string, AnyNode][] {
  if (call.type !== 'CallExpression' || call.arguments.length !== 3) return [];
  const args = call.arguments as AnyNode[];
  const [target, key, getter] = args as [AnyNode, AnyNode, AnyNode];
  if (target.type !== 'Identifier' || key.type !== 'Literal' || typeof key.value !== 'string') return [];
  if (!isFunction(getter) || getter.params.length > 0) return [];
  const at = `${target.name}.${key.value}`;
  if (getter.body.type !== 'BlockStatement') return [[at, getter.body as AnyNode]];
  const only = getter.body.body.length === 1 ? (getter.body.body[0] as AnyNode) : undefined;
  return only?.type === 'ReturnStatement' && only.argument ? [[at, only.argument as AnyNode]] : [];
}
