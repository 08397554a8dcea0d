/**
 * Whether a SCO's SCORM code needs a script loaded from another origin in order to start. A page that
 * loads a video player API or an activity embed from the web still initializes offline: the browser
 * skips the missing script and only what calls it fails. The SCORM code needs the script when it is
 * not in the package at all (nothing on the chain calls Initialize) or when the code that finds the
 * API and calls Initialize, or that starts it (`$(function () { loadPage(); })`), uses a global name
 * no script of the chain defines: the missing script is then the only place it could come from.
 */
import type { AnyNode } from 'acorn';
import { htmlUnits } from '../api-usage/html-units.js';
import { parseUnit } from '../api-usage/parse-unit.js';
import { fileLocation, type SourceUnit } from '../api-usage/source-unit.js';
import type { LaunchChain } from '../launch-chain/chain.js';
import { fileType, type PackageScanner } from '../launch-chain/package-scanner.js';
import { BROWSER_GLOBALS } from './browser-globals.js';
import { mayHoldName, surelyDeclares } from './declared-name.js';

/** A global name a unit uses that no script of the chain defines. */
export interface UndefinedUse {
  name: string;
  file: string;
  line: number;
}

export interface ScriptNeed {
  /** The SCORM code uses these (or is not on the chain at all: empty and `noScormCode`). */
  needed: UndefinedUse[];
  noScormCode: boolean;
  /** The page's other code that uses names no script of the chain defines: what fails offline. */
  others: UndefinedUse[];
}

const SCORM_CALL = /\b(?:LMSInitialize|Initialize|LMSGetValue|GetValue|LMSSetValue|SetValue)\s*\(/;
const INITIALIZE = /\b(?:LMSInitialize|Initialize)\s*\(/;

export interface UnitNames {
  file: string;
  unit: SourceUnit;
  scorm: boolean;
  initializes: boolean;
  declared: Set<string>;
  /** Names read or called, with the offset of the first use. */
  used: Map<string, number>;
  /** Functions called by name (to tie a starter like `loadPage()` to the SCORM code). */
  called: Set<string>;
  /** Functions and objects the unit declares at its top level: what another unit can call. */
  functions: Set<string>;
}

function isFunction(node: AnyNode | null | undefined): boolean {
  return node?.type === 'FunctionExpression' || node?.type === 'ArrowFunctionExpression';
}

function topLevelFunctions(body: readonly AnyNode[]): Set<string> {
  const names = new Set<string>();
  for (const statement of body) {
    if (statement.type === 'FunctionDeclaration' && statement.id) names.add(statement.id.name);
    if (statement.type === 'VariableDeclaration') {
      for (const d of statement.declarations) {
        if (d.id.type === 'Identifier' && d.init) names.add(d.id.name);
      }
    }
    if (
      statement.type === 'ExpressionStatement' &&
      statement.expression.type === 'AssignmentExpression' &&
      statement.expression.left.type === 'Identifier' &&
      isFunction(statement.expression.right as AnyNode)
    ) {
      names.add(statement.expression.left.name);
    }
  }
  return names;
}

const DECLARING = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** Identifiers in reference position, and names declared anywhere in the unit. */
function namesOf(file: string, unit: SourceUnit): UnitNames | null {
  const parsed = parseUnit(unit);
  if (!parsed.ok) return null;
  const result: UnitNames = {
    file,
    unit,
    scorm: SCORM_CALL.test(unit.code),
    initializes: INITIALIZE.test(unit.code),
    declared: new Set(),
    used: new Map(),
    called: new Set(),
    functions: topLevelFunctions(parsed.program.body as AnyNode[]),
  };
  const checked = new Set<string>();
  const declare = (node: AnyNode | null | undefined) => {
    if (node?.type === 'Identifier') result.declared.add(node.name);
    else if (node?.type === 'AssignmentPattern') declare(node.left as AnyNode);
    else if (node?.type === 'RestElement') declare(node.argument as AnyNode);
    else if (node?.type === 'ObjectPattern')
      for (const p of node.properties) declare((p.type === 'Property' ? p.value : p) as AnyNode);
    else if (node?.type === 'ArrayPattern') for (const e of node.elements) declare(e as AnyNode | null);
  };
  const skip = new Set<AnyNode>();
  const stack: AnyNode[] = [parsed.program as AnyNode];
  for (let node = stack.pop(); node; node = stack.pop()) {
    switch (node.type) {
      case 'VariableDeclarator':
        declare(node.id as AnyNode);
        skip.add(node.id as AnyNode);
        break;
      case 'ClassDeclaration':
      case 'ClassExpression':
        declare(node.id as AnyNode | null);
        break;
      case 'CatchClause':
        declare(node.param as AnyNode | null);
        break;
      case 'AssignmentExpression': {
        const left = node.left as AnyNode;
        // `x = …` makes a global; `window.x = …` too, and libraries write `e.jQuery = e.$ = …` with
        // `e` the window they were handed: any `name.x = …` may define the global x.
        if (left.type === 'Identifier') result.declared.add(left.name);
        else if (
          left.type === 'MemberExpression' &&
          !left.computed &&
          left.object.type === 'Identifier' &&
          left.property.type === 'Identifier'
        )
          result.declared.add(left.property.name);
        break;
      }
      case 'MemberExpression':
        if (!node.computed) skip.add(node.property as AnyNode);
        break;
      case 'Property':
      case 'MethodDefinition':
      case 'PropertyDefinition':
        if (!node.computed) skip.add(node.key as AnyNode);
        break;
      case 'LabeledStatement':
      case 'BreakStatement':
      case 'ContinueStatement':
        if (node.label) skip.add(node.label as AnyNode);
        break;
      case 'UnaryExpression':
        // `typeof jQuery` checks for the name; it does not need it.
        if (node.operator === 'typeof') {
          skip.add(node.argument as AnyNode);
          if (node.argument.type === 'Identifier') checked.add(node.argument.name);
        }
        break;
      case 'CallExpression': {
        // `loadPage()`, and `lms.begin()` through the object a script declares.
        let callee = node.callee as AnyNode;
        while (callee.type === 'MemberExpression') callee = callee.object as AnyNode;
        if (callee.type === 'Identifier') result.called.add(callee.name);
        break;
      }
      case 'Identifier':
        if (!skip.has(node) && !result.used.has(node.name)) result.used.set(node.name, node.start);
        break;
      default:
        break;
    }
    if (DECLARING.has(node.type)) {
      const fn = node as AnyNode & { id?: AnyNode | null; params: AnyNode[] };
      declare(fn.id);
      if (fn.id) skip.add(fn.id);
      for (const p of fn.params) {
        declare(p);
        if (p.type === 'Identifier') skip.add(p);
      }
    }
    const record = node as unknown as Record<string, unknown>;
    for (const key in record) {
      const value = record[key];
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof (child as { type?: unknown }).type === 'string') stack.push(child as AnyNode);
      }
    }
  }
  // `typeof define === "function" && define.amd`: the unit checks for the name before it uses it.
  for (const name of checked) result.used.delete(name);
  return result;
}

function unitsOf(scanner: PackageScanner, file: string): SourceUnit[] {
  const type = fileType(file);
  if (type !== 'html' && type !== 'js') return [];
  const text = scanner.text(file);
  if (text === null) return [];
  return type === 'html'
    ? htmlUnits(text)
    : [{ code: text, line: 1, column: 1, module: file.endsWith('.mjs'), handler: false }];
}

function undefinedUses(units: UnitNames[], defined: ReadonlySet<string>): UndefinedUse[] {
  const uses: UndefinedUse[] = [];
  for (const u of units) {
    for (const [name, offset] of u.used) {
      if (defined.has(name) || BROWSER_GLOBALS.has(name)) continue;
      uses.push({ name, file: u.file, line: fileLocation(u.unit, offset).line });
    }
  }
  return uses;
}

/** A unit of a chain file, with its names once worked out (null: it does not parse). */
export interface ChainUnit {
  file: string;
  unit: SourceUnit;
  /** Text that may call the SCORM API: always analysed. */
  scorm: boolean;
  names?: UnitNames | null;
  /** Names the unit was shown to declare without its syntax tree (declared-name.ts). */
  declares: Map<string, boolean>;
}

/** Each file's units, with what was worked out about them, for all the pages that load the file. */
export type ScriptNamesCache = Map<string, ChainUnit[]>;

function chainUnits(scanner: PackageScanner, file: string, cache: ScriptNamesCache): ChainUnit[] {
  let units = cache.get(file);
  if (!units) {
    units = unitsOf(scanner, file).map((unit) => ({
      file,
      unit,
      scorm: SCORM_CALL.test(unit.code),
      declares: new Map(),
    }));
    cache.set(file, units);
  }
  return units;
}

function namesOfUnit(u: ChainUnit): UnitNames | null {
  if (u.names === undefined) u.names = namesOf(u.file, u.unit);
  return u.names;
}

/** The SCORM code among `units` and the code that starts it, however many calls away (in `units` order). */
function needingOf(units: readonly UnitNames[]): Set<UnitNames> {
  const needing = new Set(units.filter((u) => u.scorm));
  for (let grew = true; grew;) {
    grew = false;
    const functions = new Set([...needing].flatMap((u) => [...u.functions]));
    for (const u of units) {
      if (needing.has(u) || ![...u.called].some((n) => functions.has(n))) continue;
      needing.add(u);
      grew = true;
    }
  }
  return needing;
}

/**
 * What the SCORM code of the chains that load `page` at start would miss without external scripts.
 * `cache` carries each file's units from one page to the next: the pages of a multi-SCO export load
 * the same scripts (eXeLearning's twelve pages, seven scripts each). Only the units the answer depends
 * on get a syntax tree: the SCORM code, the page's own, and a library only when it may call a function
 * of the SCORM code or declare a name that code (or the page) uses and no analysed unit declares.
 * eXeLearning's 92 kB jQuery is then read for `jQuery` alone, and its assignment `e.jQuery=…` answers.
 */
export function scriptNeed(
  scanner: PackageScanner,
  chains: readonly LaunchChain[],
  page: string,
  cache: ScriptNamesCache = new Map(),
): ScriptNeed {
  const files = new Set(chains.flatMap((c) => c.files.filter((f) => f.atStart).map((f) => f.file)));
  const units = [...files].flatMap((file) => chainUnits(scanner, file, cache));
  for (const u of units) if (u.scorm || u.file === page) namesOfUnit(u);
  const known = () => units.flatMap((u) => (u.names ? [u.names] : []));
  const waiting = () => units.filter((u) => u.names === undefined);
  for (;;) {
    const names = known();
    const needing = needingOf(names);
    const functions = [...new Set([...needing].flatMap((u) => [...u.functions]))];
    // A unit not analysed can only join the SCORM code by calling one of its functions by name.
    const callers = waiting().filter((u) => functions.some((f) => mayHoldName(u.unit.code, f)));
    if (callers.length > 0) {
      callers.forEach(namesOfUnit);
      continue;
    }
    const declared = new Set(names.flatMap((u) => [...u.declared]));
    const asked = new Set<string>();
    for (const u of names) {
      if (!needing.has(u) && u.file !== page) continue;
      for (const name of u.used.keys())
        if (!declared.has(name) && !BROWSER_GLOBALS.has(name)) asked.add(name);
    }
    // A unit not analysed matters only if it may declare a name asked about that it is not shown to declare.
    const open = waiting().filter((u) =>
      [...asked].some((name) => mayHoldName(u.unit.code, name) && !shownToDeclare(u, name)),
    );
    if (open.length === 0) break;
    open.forEach(namesOfUnit);
  }
  const all = known();
  const defined = new Set(all.flatMap((u) => [...u.declared]));
  for (const u of units) for (const [name, yes] of u.declares) if (yes) defined.add(name);
  const needing = needingOf(all);
  const noScormCode = !all.some((u) => u.initializes) && !chains.some((c) => c.initializeHints.length > 0);
  return {
    needed: undefinedUses([...needing], defined),
    noScormCode,
    others: undefinedUses(
      all.filter((u) => !needing.has(u) && u.file === page),
      defined,
    ),
  };
}

function shownToDeclare(u: ChainUnit, name: string): boolean {
  let yes = u.declares.get(name);
  if (yes === undefined) {
    yes = surelyDeclares(u.unit, name);
    u.declares.set(name, yes);
  }
  return yes;
}
