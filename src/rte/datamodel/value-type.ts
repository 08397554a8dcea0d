/**
 * The contract every SCORM data type module implements: a human description of the value space and
 * a check run at the point a value enters the data model (SetValue / LMSSetValue).
 */
export type ScormVersion = '1.2' | '2004';

/**
 * Why a value was refused. `spm` means the value is well-formed but longer than the smallest
 * permitted maximum (SCORM 2004): an LMS may legally truncate it, so callers usually report it softer.
 */
export type RejectionKind = 'format' | 'vocabulary' | 'range' | 'length' | 'spm' | 'not_string';

export interface Rejection {
  kind: RejectionKind;
  reason: string;
}

export interface ValueType {
  /** Data type name as the specification spells it, e.g. `CMIDecimal`, `real(10,7)`. */
  readonly id: string;
  /** What a valid value looks like, phrased for a fix message. */
  readonly expected: string;
  /** SCORM 2004 smallest permitted maximum of the characters an LMS must keep, when the type has one. */
  readonly spm?: number;
  /** undefined when the value is in the value space. */
  check(value: string): Rejection | undefined;
}

export type ValueCheck = { ok: true } | { ok: false; reason: string; expected: string; kind: RejectionKind };

export function reject(kind: RejectionKind, reason: string): Rejection {
  return { kind, reason };
}

/** Shows a value in a message without flooding it. */
export function quote(value: string): string {
  const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value;
  return JSON.stringify(shown);
}

/** A type whose value space is the union of others (e.g. a vocabulary or a decimal). */
export function oneOf(id: string, types: readonly ValueType[]): ValueType {
  return {
    id,
    expected: types.map((t) => t.expected).join(' or '),
    check(value) {
      // Runs on every SetValue: indexed loops, no array methods (see ../../core/intrinsics.ts).
      let specific: Rejection | undefined;
      for (let i = 0; i < types.length; i++) {
        const r = (types[i] as ValueType).check(value);
        if (!r) return undefined;
        // A value of the right shape but out of range/too long explains itself better than "not X or Y".
        if (!specific && r.kind !== 'format' && r.kind !== 'vocabulary') specific = r;
      }
      return specific ?? reject('format', `${quote(value)} is not ${this.expected}`);
    },
  };
}
