import { quoted } from '../../core/course-text.js';
import { rewordFinding } from './finding-text.js';
import type { AnyNode, Node } from 'acorn';
import type { Finding } from '../../core/findings.js';
import { lookupElement, validateValue, type ScormVersion } from '../../rte/datamodel/index.js';
import { qualified } from './api-methods.js';
import type { ApiCall, FileFacts } from './collect-facts.js';
import { counterpart, nearestElement } from './element-hints.js';
import { elementName, resolveString } from './resolve-literal.js';
import { makeFinding, type FindingAt } from './rules.js';
import { fileLocation } from './source-unit.js';
import type { Placement } from './version-placement.js';
import type { VirtualCall } from './wrappers.js';
import { canRun, type Referenced } from './uncalled-functions.js';

const other = (v: ScormVersion): ScormVersion => (v === '1.2' ? '2004' : '1.2');
const label = (v: ScormVersion) => `SCORM ${v}`;

export function locate(facts: FileFacts, file: string, unit: number, node: Node | AnyNode): FindingAt {
  const u = facts.units[unit];
  if (!u) return { file, line: 0, column: 0 };
  return { file, ...fileLocation(u, node.start) };
}
const locateIn = locate;

/** The units of several files of one page analysed together (a wrapper in one, its callers in another). */
export interface AcrossFiles {
  /** The file a unit comes from. */
  fileOf(unit: number): string;
}

/** The unit an argument is written in: a wrapper's argument may come from another script of the page. */
function unitOf(call: ApiCall, arg: object): number {
  const own = (arg as { unit?: unknown }).unit;
  return typeof own === 'number' ? own : call.unit;
}

/** cmi.interactions.N.type set to one literal type in this file -> that type, per index N. */
function interactionTypes(
  facts: FileFacts,
  calls: readonly ApiCall[],
  version: (c: ApiCall) => ScormVersion,
): Map<string, string | undefined> {
  const types = new Map<string, string | undefined>();
  for (const call of calls) {
    if (call.canonical !== 'SetValue') continue;
    const name = resolveString(call.args[0], facts.constants);
    const m = name === undefined ? null : /^cmi\.interactions\.(\d+)\.type$/.exec(name);
    const value = resolveString(call.args[1], facts.constants);
    if (!m || value === undefined) continue;
    const key = `${version(call)}:${m[1]}`;
    types.set(key, types.has(key) && types.get(key) !== value ? undefined : value);
  }
  return types;
}

/**
 * Element-level rules on GetValue/SetValue calls whose element name (and value) the source makes
 * certain: version_mismatch, unknown_element, read_only_write, write_only_read, invalid_value.
 * In a file that calls both API generations (`dual`), each call is checked against its own family;
 * otherwise a call on the other version's branch (`placed`) is checked against that version.
 * With `referenced`, a call through a wrapper made inside a function nothing on the launch chain calls
 * (uncalled-functions.ts) gives no finding: it never reaches the LMS, so the run could not confirm it.
 */
export function checkElements(
  facts: FileFacts,
  file: string,
  packageVersion: ScormVersion,
  dual: boolean,
  placed: ReadonlyMap<ApiCall, Placement> = new Map(),
  throughWrappers: readonly VirtualCall[] = [],
  across?: AcrossFiles,
  referenced?: Referenced,
): Finding[] {
  const findings: Finding[] = [];
  const versionOf = (c: ApiCall): ScormVersion => (dual ? c.family : packageVersion);
  const calls: (ApiCall | VirtualCall)[] = [...(across ? [] : facts.calls), ...throughWrappers];
  const types = interactionTypes(facts, [...facts.calls, ...throughWrappers], versionOf);
  const fileOf = (unit: number) => across?.fileOf(unit) ?? file;
  const locate = (f: FileFacts, _file: string, unit: number, node: Node | AnyNode) =>
    locateIn(f, fileOf(unit), unit, node);
  const lineOf = (call: ApiCall, offset: number) =>
    locate(facts, file, call.unit, { start: offset } as Node).line;
  // The file has code meant for the other version: a call it cannot place may be some of it.
  const otherVersionCode =
    (facts.mentions12Api && facts.mentions2004Api) ||
    [...placed.values()].some((p) => p.version !== packageVersion);

  for (const call of calls) {
    if (call.canonical !== 'GetValue' && call.canonical !== 'SetValue') continue;
    const nameArg = call.args[0];
    const { exact, name } = elementName(nameArg, facts.constants);
    if (!nameArg || name === undefined) continue;
    const via = 'via' in call ? call.via : undefined;
    const wrapperFile = 'wrapperUnit' in call ? fileOf(call.wrapperUnit) : file;
    const viaFile = wrapperFile !== fileOf(call.unit) ? ` of ${quoted(wrapperFile)}` : '';
    // Through a wrapper that writes the name itself, the name was judged at the wrapper's own call.
    const judgeName = !('nameFixed' in call && call.nameFixed);
    let runs: boolean | undefined;
    const push = (finding: Finding, aboutName: boolean) => {
      if (aboutName && !judgeName) return;
      // Asked only once there is a finding: the names are looked up in the chain's files.
      if (via !== undefined && referenced) runs ??= canRun(facts, call.context, referenced);
      if (runs === false) return;
      findings.push(
        via === undefined
          ? finding
          : rewordFinding(
              finding,
              (m) =>
                `${m} (written here through the wrapper ${quoted(`${via}()`)}${viaFile}, which calls ${call.method})`,
            ),
      );
    };
    const at = locate(facts, file, unitOf(call, nameArg), nameArg);
    // Through a wrapper, the call sits where the wrapper's own API call does (a minified wrapper's
    // `switch (version) { case "1.2": a.LMSSetValue(k, v) }`).
    const inner = 'inner' in call ? call.inner : call;
    const place = dual ? undefined : placed.get(inner);
    // Called on a branch that selects a version: only runs under that version.
    let version = ('armVersion' in call ? call.armVersion : undefined) ?? versionOf(call);
    const shown = exact ?? name.replace(/\.0(?=\.|$)/g, '.n');
    let info = lookupElement(version, name);
    if (!info && place && place.version !== version) {
      // Only runs under the other version: judged as that version's code.
      version = place.version;
      info = lookupElement(version, name);
    }

    if (!info) {
      const foreign = lookupElement(other(version), name);
      if (foreign) {
        const instead = counterpart(foreign.pattern, foreign.indices, version);
        const unplaced = !dual && !place && call.branch !== undefined && otherVersionCode;
        // The branch of the package's version inside a wrapper says nothing the message needs.
        const where =
          place && !(via !== undefined && place.version === packageVersion)
            ? `; it is on the ${label(version)} branch of the condition at line ${lineOf(call, place.at)}`
            : unplaced
              ? `; it sits inside a condition (line ${lineOf(call, call.branch?.at ?? 0)}) that could not be tied to a SCORM version, in a file that also has ${label(other(version))} code: if that condition only holds under ${label(other(version))}, this call is fine`
              : '';
        const context = dual
          ? `${call.method} is a ${label(version)} method but "${shown}" is a ${label(other(version))} element`
          : `"${shown}" is a ${label(other(version))} element; this package declares ${label(version)}${where}`;
        push(
          makeFinding(
            'api.version_mismatch',
            at,
            context,
            instead
              ? `Use ${instead} instead of "${shown}".`
              : `Remove the call or use the ${label(version)} data model; "${shown}" has no ${label(version)} equivalent.`,
            unplaced ? 'warning' : undefined,
          ),
          true,
        );
      } else if (exact !== undefined && !(via !== undefined && !/^(cmi|adl)\./.test(exact))) {
        // Through a wrapper, other names (e.g. the `ssp.` storage extension) are the LMS's to accept.
        const near = nearestElement(version, exact);
        push(
          makeFinding(
            'api.unknown_element',
            at,
            `${quoted(exact)} is not an element of the ${label(version)} data model; the LMS will return an error`,
            near
              ? `Did you mean "${near}"? Use an element defined by the ${label(version)} RTE data model.`
              : `Use an element defined by the ${label(version)} RTE data model (e.g. ${version === '2004' ? 'cmi.completion_status' : 'cmi.core.lesson_status'}).`,
          ),
          true,
        );
      }
      continue;
    }

    if (call.canonical === 'SetValue' && info.access === 'ro') {
      const what = info.keyword ? `the keyword ${info.keyword}` : 'read-only';
      push(
        makeFinding(
          'api.read_only_write',
          at,
          `${call.method}("${shown}", ...) writes ${info.keyword ? what : 'a read-only element'}; the LMS rejects it (error ${version === '2004' ? '404' : info.keyword ? '402' : '403'})`,
          `Remove this ${call.method}: "${info.pattern}" is set by the LMS and can only be read with ${qualified('GetValue', version)}.`,
        ),
        true,
      );
      continue;
    }
    if (call.canonical === 'GetValue' && info.access === 'wo') {
      push(
        makeFinding(
          'api.write_only_read',
          at,
          `${call.method}("${shown}") reads a write-only element; the LMS returns an error (${version === '2004' ? '405' : '404'}) and an empty string`,
          `Keep the value in a variable of your own instead of reading "${info.pattern}" back from the LMS.`,
        ),
        true,
      );
      continue;
    }
    if (call.canonical !== 'SetValue' || call.args.length < 2) continue;
    const valueArg = call.args[1];
    const value = resolveString(valueArg, facts.constants);
    if (value === undefined || !valueArg) continue;
    const index = info.indices[0];
    const interactionType =
      info.response && exact !== undefined && index !== undefined
        ? types.get(`${version}:${index}`)
        : undefined;
    const result = validateValue(info, value, interactionType !== undefined ? { interactionType } : {});
    if (result.ok) continue;
    push(
      makeFinding(
        'api.invalid_value',
        locate(facts, file, unitOf(call, valueArg), valueArg),
        // The data model's reason quotes the value, so it is course text as well.
        `${call.method}("${shown}", ${quoted(value)}) sets a value the data model refuses (${quoted(result.reason)})`,
        `Set "${shown}" to ${result.expected}.`,
        result.kind === 'spm' ? 'warning' : 'error',
      ),
      false,
    );
  }
  return findings;
}
