/** Reading recorded arguments (RecordedValue) for the rules and their messages. */
import { courseRef, courseText, type CourseTexts } from '../../core/course-text.js';
import type { RecordedValue } from '../records.js';

export function isStringValue(v: RecordedValue | undefined): boolean {
  return typeof v === 'string' || (v !== null && typeof v === 'object' && v.$type === 'string');
}

/** Length of a string argument, including one recorded as a head plus its length; null otherwise. */
export function stringLength(v: RecordedValue | undefined): number | null {
  if (typeof v === 'string') return v.length;
  if (v !== null && typeof v === 'object' && v.$type === 'string') return v.length;
  return null;
}

/**
 * The string the engine received after the ECMAScript binding's conversion, for primitives only;
 * undefined for truncated strings and for values whose conversion we cannot know exactly.
 */
export function primitiveText(v: RecordedValue | undefined): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v !== null && typeof v === 'object' && v.$type === 'number') return v.value;
  return undefined;
}

/** What the argument was, for a message: `a number (0)`, `undefined`, `an object {"a":1}`. */
export function describeArg(v: RecordedValue | undefined): string {
  if (v === undefined) return 'missing';
  if (v === null) return 'null';
  if (typeof v === 'string') return `a string ${shown(v)}`;
  if (typeof v === 'number') return `a number (${v})`;
  if (typeof v === 'boolean') return `a boolean (${v})`;
  switch (v.$type) {
    case 'undefined':
      return 'undefined';
    case 'number':
      return `a number (${v.value})`;
    case 'function':
      return `a function${v.name ? ` (${v.name})` : ''}`;
    case 'bigint':
    case 'symbol':
      return `a ${v.$type} (${v.value})`;
    case 'string':
      return `a string of ${v.length} characters`;
    case 'object':
    case 'array':
      return `an ${v.$type === 'array' ? 'array' : 'object'}${v.json ? ` ${clip(v.json)}` : ''}`;
  }
}

/** A recorded value as it would appear in source code, shortened. */
export function literal(v: RecordedValue | undefined): string {
  if (v === undefined) return '';
  if (v === null || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return shown(v);
  switch (v.$type) {
    case 'undefined':
      return 'undefined';
    case 'number':
    case 'bigint':
    case 'symbol':
      return v.value;
    case 'function':
      return `function ${v.name}() {…}`;
    case 'string':
      return `"${clip(v.head, 40)}…" (${v.length} chars)`;
    case 'object':
    case 'array':
      return clip(v.json ?? v.string ?? v.$type);
  }
}

/** `SetValue("cmi.location", 0)` */
export function callText(method: string, args: readonly RecordedValue[]): string {
  return `${method}(${args.map((a) => literal(a)).join(', ')})`;
}

/** A call as course text (its arguments are the course's): `{ [field]: 'SetValue("x", "y")' }`. */
export function callTexts(
  call: { method: string; args: readonly RecordedValue[] },
  field = 'call',
): CourseTexts {
  // Arguments in full here: courseText cuts the whole call once, and says how long it was.
  const args = call.args.map((a) => (typeof a === 'string' ? JSON.stringify(a) : literal(a)));
  return { [field]: courseText(`${call.method}(${args.join(', ')})`) };
}

/** "call #7 (`course_text.call`)" */
export function callRef(call: { index: number }, field = 'call'): string {
  return `call #${call.index} (${courseRef(field)})`;
}

function shown(s: string): string {
  return JSON.stringify(clip(s));
}

function clip(s: string, max = 60): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
