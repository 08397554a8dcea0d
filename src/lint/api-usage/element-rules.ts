import { quoted } from '../../core/course-text.js';
import type { AnyNode, Node } from 'acorn';
import type { Finding } from '../../core/findings.js';
import { lookupElement, validateValue, type ScormVersion } from '../../rte/datamodel/index.js';
import { qualified } from './api-methods.js';
import type { ApiCall, FileFacts } from './collect-facts.js';
import { counterpart, nearestElement } from './element-hints.js';
import { HOLE, resolveShape, resolveString } from './resolve-literal.js';
import { makeFinding, type FindingAt } from './rules.js';
import { fileLocation } from './source-unit.js';

const other = (v: ScormVersion): ScormVersion => (v === '1.2' ? '2004' : '1.2');
const label = (v: ScormVersion) => `SCORM ${v}`;

export function locate(facts: FileFacts, file: string, unit: number, node: Node | AnyNode): FindingAt {
  const u = facts.units[unit];
  if (!u) return { file, line: 0, column: 0 };
  return { file, ...fileLocation(u, node.start) };
}

/** Concrete lookup name for a shape with holes: holes must be whole index segments. */
function lookupName(shape: string): string | undefined {
  if (!shape.includes(HOLE)) return shape;
  const segments = shape.split('.');
  if (segments.some((s) => s.includes(HOLE) && s !== HOLE)) return undefined;
  return segments.map((s) => (s === HOLE ? '0' : s)).join('.');
}

/** cmi.interactions.N.type set to one literal type in this file -> that type, per index N. */
function interactionTypes(
  facts: FileFacts,
  version: (c: ApiCall) => ScormVersion,
): Map<string, string | undefined> {
  const types = new Map<string, string | undefined>();
  for (const call of facts.calls) {
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
 * In a file that calls both API generations (`dual`), each call is checked against its own family.
 */
export function checkElements(
  facts: FileFacts,
  file: string,
  packageVersion: ScormVersion,
  dual: boolean,
): Finding[] {
  const findings: Finding[] = [];
  const versionOf = (c: ApiCall): ScormVersion => (dual ? c.family : packageVersion);
  const types = interactionTypes(facts, versionOf);

  for (const call of facts.calls) {
    if (call.canonical !== 'GetValue' && call.canonical !== 'SetValue') continue;
    const nameArg = call.args[0];
    const exact = resolveString(nameArg, facts.constants);
    const shape = exact ?? resolveShape(nameArg, facts.constants);
    const name = shape === undefined ? undefined : lookupName(shape);
    if (!nameArg || name === undefined) continue;
    const at = locate(facts, file, call.unit, nameArg);
    const version = versionOf(call);
    const shown = exact ?? name.replace(/\.0(?=\.|$)/g, '.n');
    const info = lookupElement(version, name);

    if (!info) {
      const foreign = lookupElement(other(version), name);
      if (foreign) {
        const instead = counterpart(foreign.pattern, foreign.indices, version);
        const context = dual
          ? `${call.method} is a ${label(version)} method but "${shown}" is a ${label(other(version))} element`
          : `"${shown}" is a ${label(other(version))} element; this package declares ${label(version)}`;
        findings.push(
          makeFinding(
            'api.version_mismatch',
            at,
            context,
            instead
              ? `Use ${instead} instead of "${shown}".`
              : `Remove the call or use the ${label(version)} data model; "${shown}" has no ${label(version)} equivalent.`,
          ),
        );
      } else if (exact !== undefined) {
        const near = nearestElement(version, exact);
        findings.push(
          makeFinding(
            'api.unknown_element',
            at,
            `${quoted(exact)} is not an element of the ${label(version)} data model; the LMS will return an error`,
            near
              ? `Did you mean "${near}"? Use an element defined by the ${label(version)} RTE data model.`
              : `Use an element defined by the ${label(version)} RTE data model (e.g. ${version === '2004' ? 'cmi.completion_status' : 'cmi.core.lesson_status'}).`,
          ),
        );
      }
      continue;
    }

    if (call.canonical === 'SetValue' && info.access === 'ro') {
      const what = info.keyword ? `the keyword ${info.keyword}` : 'read-only';
      findings.push(
        makeFinding(
          'api.read_only_write',
          at,
          `${call.method}("${shown}", ...) writes ${info.keyword ? what : 'a read-only element'}; the LMS rejects it (error ${version === '2004' ? '404' : info.keyword ? '402' : '403'})`,
          `Remove this ${call.method}: "${info.pattern}" is set by the LMS and can only be read with ${qualified('GetValue', version)}.`,
        ),
      );
      continue;
    }
    if (call.canonical === 'GetValue' && info.access === 'wo') {
      findings.push(
        makeFinding(
          'api.write_only_read',
          at,
          `${call.method}("${shown}") reads a write-only element; the LMS returns an error (${version === '2004' ? '405' : '404'}) and an empty string`,
          `Keep the value in a variable of your own instead of reading "${info.pattern}" back from the LMS.`,
        ),
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
    findings.push(
      makeFinding(
        'api.invalid_value',
        locate(facts, file, call.unit, valueArg),
        // The data model's reason quotes the value, so it is course text as well.
        `${call.method}("${shown}", ${quoted(value)}) sets a value the data model refuses (${quoted(result.reason)})`,
        `Set "${shown}" to ${result.expected}.`,
        result.kind === 'spm' ? 'warning' : 'error',
      ),
    );
  }
  return findings;
}
