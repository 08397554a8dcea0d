/**
 * adl.data (SCORM 2004 4th Edition shared data buckets): the SCO sees the targets its item maps in
 * the manifest, in map order, with the read/write permissions of each map. The buckets themselves
 * belong to the learner (or to the attempt) and are passed in as a store.
 */
import { regexpExec } from '../../core/intrinsics.js';

export interface SharedDataMap {
  targetId: string;
  read: boolean;
  write: boolean;
}

export interface SharedDataStore {
  get(targetId: string): string | undefined;
  set(targetId: string, value: string): void;
}

export function memorySharedDataStore(
  initial: Readonly<Record<string, string>> = {},
): SharedDataStore & { clear(): void; entries(): Record<string, string> } {
  const values = new Map<string, string>(Object.entries(initial));
  return {
    get: (id) => values.get(id),
    set: (id, value) => void values.set(id, value),
    clear: () => values.clear(),
    entries: () => Object.fromEntries(values),
  };
}

export type Outcome = { ok: true; value: string } | { ok: false; code: string; diagnostic: string };

const ok = (value: string): Outcome => ({ ok: true, value });
const err = (code: string, diagnostic: string): Outcome => ({ ok: false, code, diagnostic });

const ENTRY = /^adl\.data\.(\d+)\.(id|store)$/;

export class SharedDataView {
  constructor(
    private readonly maps: readonly SharedDataMap[],
    private readonly store: SharedDataStore,
  ) {}

  /** The map at an index; never a value from Array.prototype for an index past the end. */
  private map(index: string | undefined): SharedDataMap | undefined {
    const i = Number(index);
    return i < this.maps.length ? this.maps[i] : undefined;
  }

  get(name: string): Outcome {
    if (name === 'adl.data._count') return ok(String(this.maps.length));
    if (name === 'adl.data._children') return ok('id,store');
    const m = regexpExec(ENTRY, name);
    if (!m) return err('401', `${name} is not an element of adl.data`);
    const map = this.map(m[1]);
    if (!map) return err('301', `adl.data has ${this.maps.length} entries; index ${m[1]} does not exist`);
    if (m[2] === 'id') return ok(map.targetId);
    if (!map.read) return err('405', `the manifest does not let this SCO read shared data "${map.targetId}"`);
    // An empty bucket reads as never written (ADL's DMI expects 403 after storing "").
    const value = this.store.get(map.targetId);
    return value === undefined || value === ''
      ? err('403', `shared data "${map.targetId}" holds no value`)
      : ok(value);
  }

  /** Only adl.data.n.store is writable, and only through a map that allows it. */
  set(name: string, value: string, check: (v: string) => Outcome): Outcome {
    const m = regexpExec(ENTRY, name);
    if (!m) return err('401', `${name} is not an element of adl.data`);
    const map = this.map(m[1]);
    if (!map) return err('351', `adl.data has ${this.maps.length} entries; index ${m[1]} does not exist`);
    if (m[2] === 'id') return err('404', 'adl.data.n.id is read-only');
    if (!map.write)
      return err('404', `the manifest does not let this SCO write shared data "${map.targetId}"`);
    const checked = check(value);
    if (!checked.ok) return checked;
    this.store.set(map.targetId, value);
    return ok('true');
  }
}
