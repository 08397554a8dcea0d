import { CHILDREN_LIST } from './keyword-types.js';
import type { ScormVersion, ValueType } from './value-type.js';

export type Access = 'ro' | 'wo' | 'rw';
export type Keyword = '_children' | '_count' | '_version';

/** One entry of a data-model catalogue. Patterns use `n` for an index and `{target=ID}` for a target. */
export interface ElementDef {
  readonly pattern: string;
  readonly access: Access;
  /** Value space for values set by the SCO (read-only elements: what the LMS returns). */
  readonly type: ValueType;
  readonly keyword?: Keyword;
  /** Interaction responses whose format depends on cmi.interactions.n.type. */
  readonly response?: 'pattern' | 'learner_response';
}

/** A concrete element name resolved against the catalogue. */
export interface ElementInfo extends ElementDef {
  readonly version: ScormVersion;
  /** The name as looked up, e.g. `cmi.interactions.3.id`. */
  readonly name: string;
  /** Concrete indices in order of appearance, e.g. [3] for `cmi.interactions.3.id`. */
  readonly indices: readonly number[];
  /** The `{target=...}` value of adl.nav.request_valid.choice/jump. */
  readonly target?: string;
  /** For `_children`: the names the LMS returns, in catalogue order. */
  readonly children?: readonly string[];
}

/** Shorthand for catalogue entries. */
export const el = (
  pattern: string,
  access: Access,
  type: ValueType,
  extra: Partial<ElementDef> = {},
): ElementDef => ({
  pattern,
  access,
  type,
  ...extra,
});

/** The read-only `_children` keyword of a container element. */
export const children = (prefix: string): ElementDef =>
  el(`${prefix}._children`, 'ro', CHILDREN_LIST, { keyword: '_children' });
