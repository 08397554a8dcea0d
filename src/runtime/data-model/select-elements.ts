/**
 * Picks elements out of a data-model snapshot (the engine's whole state, `_count` included) for
 * scorm_data_model_get: exact names, wildcard patterns, keyword elements the snapshot does not carry
 * (`_version`, `_children`), and why a name could not be answered.
 */
import { lookupElement, type ElementInfo } from '../../rte/datamodel/index.js';
import { compareElements, isPattern, patternMatcher } from './element-path.js';
import { counterpart } from './version-names.js';

export type Version = '1.2' | '2004';
export type Snapshot = Readonly<Record<string, string>>;

export interface SelectError {
  element: string;
  reason: 'unknown_element' | 'index_out_of_range' | 'not_available' | 'no_match';
  message: string;
}

export interface ElementMetadata {
  access: 'ro' | 'wo' | 'rw';
  /** Data type as the specification names it. */
  type: string;
  /** What a valid value looks like. */
  expected: string;
  keyword?: string;
}

export interface Selection {
  data: Record<string, string>;
  errors: SelectError[];
}

const VERSION_STRING: Record<Version, string> = { '1.2': '3.4', '2004': '1.0' };

export function otherVersion(version: Version): Version {
  return version === '1.2' ? '2004' : '1.2';
}

/** The value of one concrete element, or why there is none. */
export function readElement(
  version: Version,
  snapshot: Snapshot,
  element: string,
): { value: string } | { error: SelectError } {
  if (Object.prototype.hasOwnProperty.call(snapshot, element)) return { value: snapshot[element] as string };
  const info = lookupElement(version, element);
  if (!info) return { error: unknownElement(version, element) };
  if (info.keyword === '_version') return { value: VERSION_STRING[version] };
  if (info.keyword === '_children' && info.children) return { value: info.children.join(',') };
  const range = indexOutOfRange(snapshot, element);
  if (range) return { error: range };
  return {
    error: {
      element,
      reason: 'not_available',
      message: `${element} is a SCORM ${version} element, but the run-time engine holds no value for it (${
        info.keyword === '_count' ? 'the collection does not exist' : 'it is not stored in the data model'
      }).`,
    },
  };
}

export function unknownElement(version: Version, element: string): SelectError {
  const other = otherVersion(version);
  const instead = counterpart(version, element);
  const hint = lookupElement(other, element)
    ? ` It is a SCORM ${other} element; this course runs SCORM ${version}${instead ? ` (use ${instead})` : ''}.`
    : ' Check the spelling.';
  return {
    element,
    reason: 'unknown_element',
    message: `${element} is not a SCORM ${version} data model element.${hint}`,
  };
}

function indexOutOfRange(snapshot: Snapshot, element: string): SelectError | null {
  // Every indexed level counts: cmi.interactions.0.objectives.3.id needs interaction 0 and its objective 3.
  const segments = element.split('.');
  for (let i = 1; i < segments.length; i++) {
    if (!/^\d+$/.test(segments[i] ?? '')) continue;
    const collection = segments.slice(0, i).join('.');
    const index = Number(segments[i]);
    const count = Number(snapshot[`${collection}._count`] ?? '0');
    if (index >= count) {
      return {
        element,
        reason: 'index_out_of_range',
        message: `${collection}.${index} does not exist: ${collection}._count is ${count}.`,
      };
    }
  }
  return null;
}

/**
 * Exact names and patterns (a `*` anywhere makes a name a pattern, in either list). With neither, the
 * whole snapshot. Results keep a stable, natural order (cmi.objectives.2 before cmi.objectives.10).
 */
export function selectElements(
  version: Version,
  snapshot: Snapshot,
  request: { elements?: readonly string[]; patterns?: readonly string[] },
): Selection {
  const names = [...(request.elements ?? []), ...(request.patterns ?? [])];
  if (names.length === 0) return { data: sortRecord(snapshot), errors: [] };
  const found = new Map<string, string>();
  const errors: SelectError[] = [];
  const keys = Object.keys(snapshot);
  for (const name of names) {
    if (isPattern(name)) {
      const match = patternMatcher(name);
      const hits = keys.filter(match);
      if (hits.length === 0) {
        errors.push({ element: name, reason: 'no_match', message: noMatchMessage(version, snapshot, name) });
      }
      for (const key of hits) found.set(key, snapshot[key] as string);
      continue;
    }
    const read = readElement(version, snapshot, name);
    if ('value' in read) found.set(name, read.value);
    else errors.push(read.error);
  }
  const data: Record<string, string> = {};
  for (const key of [...found.keys()].sort(compareElements)) data[key] = found.get(key) as string;
  return { data, errors };
}

function noMatchMessage(version: Version, snapshot: Snapshot, pattern: string): string {
  const star = pattern.indexOf('*');
  const collection = pattern.slice(0, star).replace(/\.$/, '');
  const count = snapshot[`${collection}._count`];
  if (count !== undefined) return `${pattern} matched no element: ${collection}._count is ${count}.`;
  return `${pattern} matched no element of the SCORM ${version} data model held by the engine.`;
}

export function elementMetadata(version: Version, element: string): ElementMetadata | null {
  const info: ElementInfo | undefined = lookupElement(version, element);
  if (!info) return null;
  return {
    access: info.access,
    type: info.type.id,
    expected: info.type.expected,
    ...(info.keyword ? { keyword: info.keyword } : {}),
  };
}

function sortRecord(record: Snapshot): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(record).sort(compareElements)) out[key] = record[key] as string;
  return out;
}
