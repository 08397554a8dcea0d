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
