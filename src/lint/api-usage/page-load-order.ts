import { quoted } from '../../core/course-text.js';
import type { ScormVersion } from '../../rte/datamodel/index.js';
import type { LaunchChain } from '../launch-chain/chain.js';
import { scanHtmlPage } from '../launch-chain/page-refs.js';
import { resolveInPage } from '../launch-chain/urls.js';
import type { ScoFinding, PageFileText } from './chain-wrappers.js';
import { locate } from './element-rules.js';
import { findEarlyCall } from './flow.js';
import { methodName, qualified } from './api-methods.js';
import type { ParseMemo } from './parse-memo.js';
import { parseUnit } from './parse-unit.js';
import { mayCallApiShape } from './call-shapes.js';
import { makeFinding } from './rules.js';
import { fileLocation, type SourceUnit } from './source-unit.js';
import { indexWords } from './word-index.js';
import { mayCallOrDeclareAny } from './global-name-uses.js';
import { collectFlow, pageFacts, type UnitFlow } from './unit-flow.js';

export interface PageOrderInput {
  chains: readonly LaunchChain[];
  /** The files the lint scans: only chains whose scripts are all scanned are judged. */
  scanned: ReadonlySet<string>;
  version: ScormVersion;
  read(file: string): PageFileText | undefined;
  /** The parses the per-file analysis kept of these pages and scripts. */
  memo?: ParseMemo;
  /**
   * Script files the syntax pre-check (syntax-precheck.ts) found with no text shaped like an API call: the
   * quiet ones, and the big bundles it made a region plan for (frame-regions.ts).
   */
  callFree?: ReadonlySet<string>;
}

const HTML = /\.x?html?$/i;
// Deferred, async and module scripts run in another order than the document's: the analysis does not guess.
const REORDERED = /<script\b[^>]*\b(?:defer|async|type\s*=\s*["']?module)\b/i;

/**
 * api.call_before_initialize across the scripts of a SCO's launch page: the page runs its inline scripts
 * and `<script src>` files in document order, all in one global scope, and handlers later. A call that
 * needs a session and runs at load time in one file, before the Initialize another file makes (at load
 * time or only later, e.g. on `onload`), is found here; a call and an Initialize in the same file are
 * left to the per-file rule. Any doubt about the order (built, deferred or unresolved scripts) gives no
 * finding.
 */
export function pageOrderFindings(input: PageOrderInput): ScoFinding[] {
  const byKey = new Map<string, ScoFinding>();
  const perPage = new Map<string, ScoFinding | undefined>();
  for (const chain of input.chains) {
    const launch = chain.launch.file;
    if (!perPage.has(launch)) perPage.set(launch, judgePage(launch, input));
    const found = perPage.get(launch);
    if (!found) continue;
    const key = `${found.finding.file}|${found.finding.line}|${found.finding.column}`;
    const entry = byKey.get(key) ?? { finding: found.finding, scos: [] };
    if (!entry.scos.includes(chain.launch.resource)) entry.scos.push(chain.launch.resource);
    byKey.set(key, entry);
  }
  return [...byKey.values()];
}

interface Piece {
  line: number;
  column: number;
  file: string;
  units: SourceUnit[];
}

function judgePage(launch: string, input: PageOrderInput): ScoFinding | undefined {
  const { version, scanned } = input;
  if (!HTML.test(launch) || !scanned.has(launch)) return undefined;
  const page = input.read(launch);
  if (!page || REORDERED.test(page.text)) return undefined;
  const { scan, units } = scanHtmlPage(page.text);
  if (scan.built.length > 0) return undefined;
  const pieces: Piece[] = units.map((u) => ({ line: u.line, column: u.column, file: launch, units: [u] }));
  const scripts = scan.refs.filter((r) => r.kind === 'script' && r.how === '<script src>');
  for (const ref of scripts) {
    const target = resolveInPage(launch, ref.url, scan.base);
    if (target.kind === 'external') continue; // no API code of the course's own
    if (target.kind !== 'local' || !scanned.has(target.file)) return undefined;
    const text = input.read(target.file);
    if (!text) return undefined;
    pieces.push({ line: ref.line, column: ref.column, file: target.file, units: text.units() });
  }
  if (new Set(pieces.map((p) => p.file)).size < 2) return undefined;
  pieces.sort((a, b) => a.line - b.line || a.column - b.column);

  const owners: string[] = [];
  const pageUnits: SourceUnit[] = [];
  for (const piece of pieces) {
    for (const unit of piece.units) {
      pageUnits.push(unit);
      owners.push(piece.file);
    }
  }
  const flowOf = (unit: SourceUnit, i: number): UnitFlow => {
    if (input.memo) return input.memo.flow(owners[i]!, unit, version);
    const parsed = parseUnit(unit);
    return collectFlow(unit, parsed.ok ? parsed.program : undefined, version);
  };
  const aside = (unit: SourceUnit, i: number): boolean =>
    input.callFree?.has(owners[i]!) ? unit.code.length >= ASIDE_MIN_CHARS : standsAside(unit);
  const flows = pageUnits.map((unit, i) => (aside(unit, i) ? undefined : flowOf(unit, i)));
  // A script left aside joins the flow when it calls or declares a global function of the scripts in it;
  // the functions it declares may then draw in another.
  for (let grew = true; grew;) {
    grew = false;
    const shared = [...new Set(flows.flatMap((flow) => [...(flow?.declared.get(null)?.keys() ?? [])]))];
    pageUnits.forEach((unit, i) => {
      if (flows[i] || !mayCallOrDeclareAny(unit.code, shared)) return;
      flows[i] = flowOf(unit, i);
      grew = true;
    });
  }
  const facts = pageFacts(pageUnits, flows);
  const early = findEarlyCall(facts);
  if (!early) return undefined;
  const { call, others, laterInitialize, deferredInitialize, origin, initOrigin } = early;
  const init = laterInitialize ?? deferredInitialize;
  if (!init) return undefined;
  const callFile = owners[call.unit] ?? launch;
  const initFile = owners[init.unit] ?? launch;

  // The author's line: the load-time call of the wrapper, else the API call itself.
  const writtenFile = origin ? (owners[origin.unit] ?? launch) : callFile;
  const writtenUnit = facts.units[origin?.unit ?? -1];
  const at =
    origin && writtenUnit
      ? { file: writtenFile, ...fileLocation(writtenUnit, origin.pos) }
      : locate(facts, callFile, call.unit, call.node);
  const involved = new Set([callFile, writtenFile, initFile, owners[initOrigin?.unit ?? -1] ?? initFile]);
  if (involved.size === 1) return undefined; // all in one file: the per-file rule judges it
  const through = origin
    ? ` (through the function called here, at ${quoted(callFile)} line ${locate(facts, callFile, call.unit, call.node).line})`
    : '';
  const initUnit = facts.units[initOrigin?.unit ?? -1];
  const initAt =
    initOrigin && initUnit
      ? { file: owners[initOrigin.unit] ?? launch, ...fileLocation(initUnit, initOrigin.pos) }
      : locate(facts, initFile, init.unit, init.node);
  const initName = init.method || methodName('Initialize', version);
  const where = `${quoted(initAt.file)} line ${initAt.line}`;
  const more = others > 0 ? ` (and ${others} more call${others > 1 ? 's' : ''})` : '';
  const finding = makeFinding(
    'api.call_before_initialize',
    at,
    laterInitialize
      ? `${call.method}${through} runs while ${quoted(launch)} loads its scripts, before the ${initName} of ${where}, which the page runs later${more}; the LMS rejects it (error ${version === '2004' ? EARLY_ERROR_2004[call.canonical] : '301'})`
      : `${call.method}${through} runs while ${quoted(launch)} loads its scripts, but ${initName} (${where}) is only called later from a function or handler${more}`,
    `Call ${qualified('Initialize', version)}("") first, and only then ${call.method}; e.g. move this call into the code that runs after Initialize succeeds.`,
    laterInitialize ? 'error' : 'warning',
  );
  return { finding, scos: [] };
}

/**
 * A script that cannot call the API (a player bundle, a library) takes part in the page's load-time flow
 * only through global functions it shares with the scripts in the flow: it calls one of theirs by its bare
 * name, or declares one of the same name (global-name-uses.ts); a script that does neither, nor calls one
 * that does, adds no call to the flow, so it is left unparsed: on an iSpring export that parse of the 1.8 MB
 * player was most of the lint, on a Storyline one the 0.95 MB bootstrapper, which names the driver's
 * functions only as members (`this.api.SetScore(…)`), on an eXeLearning one jQuery. Below ASIDE_MIN_CHARS
 * the parse costs less than the text checks. A script file the syntax pre-check already found without a
 * call shape (quiet: prefilter.ts's mayCallApi; a region plan: mayCallApiShape) is not searched again:
 * that search of iSpring's 1.5-1.8 MB player took 25-45 ms of the main thread.
 */
function standsAside(unit: SourceUnit): boolean {
  return unit.code.length >= ASIDE_MIN_CHARS && !mayCallApiShape(unit.code, indexWords(unit.code));
}

const ASIDE_MIN_CHARS = 16 * 1024;

const EARLY_ERROR_2004: Record<string, string> = {
  GetValue: '122',
  SetValue: '132',
  Commit: '142',
  Terminate: '112',
};
