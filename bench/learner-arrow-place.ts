/**
 * Where a control is drawn, from our own answer (scorm_dom_query's computed left/top), so that the learner
 * tells apart buttons the course names alike. storyline-2 (Hebrew, right to left) draws on each layer two
 * arrows named "Group 1": forward at the bottom left, back at the bottom right. A sighted learner presses
 * the arrow where the one that took them on was drawn; the journey does the same.
 */
import type { LearnerCall } from './learner-step.js';

export interface Place {
  left: number;
  top: number;
}

// Storyline draws one object a few pixels apart from one layer to the next (585.5 / 584.5).
const SAME_PLACE_PX = 8;

/** The drawn place of the control `ref`, or null when our answer does not give it. */
export async function placeOf(call: LearnerCall, session_id: string, ref: string): Promise<Place | null> {
  const r = await call('scorm_dom_query', { session_id, ref, query_type: 'styles' });
  const styles = r.data?.computedStyles as Record<string, string> | undefined;
  const left = Number.parseFloat(styles?.left ?? '');
  const top = Number.parseFloat(styles?.top ?? '');
  return r.ok && Number.isFinite(left) && Number.isFinite(top) ? { left, top } : null;
}

export const samePlace = (a: Place, b: Place): boolean =>
  Math.abs(a.left - b.left) <= SAME_PLACE_PX && Math.abs(a.top - b.top) <= SAME_PLACE_PX;

/**
 * The controls, per name, that took the learner on to a page not seen before, and where they were drawn,
 * read only when two controls of that name must be told apart. Pages are told apart by their controls
 * (fingerprints): storyline-2's slides share one title and heading.
 */
export class WayOnPlaces {
  private readonly refs = new Map<string, string[]>();
  private readonly places = new Map<string, Place[]>();
  private readonly seen = new Set<string>();
  /** Places read, by ref: a ref stays with its control (refs outlive a Storyline redraw), so each is read once. */
  private readonly read = new Map<string, Place>();
  private pending: { name: string; from: string; ref: string } | null = null;

  /** The learner is on the page `fingerprint`: the control clicked last took them on when it is new. */
  arrive(fingerprint: string): void {
    const p = this.pending;
    if (p && p.from !== fingerprint && !this.seen.has(fingerprint)) {
      this.refs.set(p.name, [...(this.refs.get(p.name) ?? []), p.ref]);
    }
    this.pending = null;
    this.seen.add(fingerprint);
  }

  /** The learner clicked the control `ref` named `name` on the page `fingerprint`. */
  clicked(name: string | undefined, ref: string | undefined, fingerprint: string): void {
    this.pending = name && ref ? { name, from: fingerprint, ref } : null;
  }

  /** Where the controls of this name that took the learner on are drawn, read once (they may be gone). */
  async placesOf(call: LearnerCall, session_id: string, name: string): Promise<Place[]> {
    const refs = this.refs.get(name) ?? [];
    this.refs.delete(name);
    for (const ref of refs) {
      const place = await this.placeOfRef(call, session_id, ref);
      if (place) this.learn(name, place);
    }
    return this.places.get(name) ?? [];
  }

  /** Where the control `ref` is drawn, read through our answer the first time only. */
  async placeOfRef(call: LearnerCall, session_id: string, ref: string): Promise<Place | null> {
    const known = this.read.get(`${session_id}|${ref}`);
    if (known) return known;
    const place = await placeOf(call, session_id, ref);
    if (place) this.read.set(`${session_id}|${ref}`, place);
    return place;
  }

  learn(name: string, place: Place): void {
    const known = this.places.get(name) ?? [];
    if (!known.some((p) => samePlace(p, place))) this.places.set(name, [...known, place]);
  }
}

interface Named {
  ref?: string;
  name?: string;
}

/**
 * Of `chosen` and the other controls of its name on the page (`twins`, chosen among them), the one drawn
 * where a control of that name took the learner on before; `chosen` when none is, or it has no twin.
 */
export async function atWayOnPlace<T extends Named>(
  call: LearnerCall,
  session_id: string,
  memory: WayOnPlaces,
  chosen: T,
  twins: T[],
): Promise<T> {
  const name = chosen.name;
  if (!name || twins.length < 2) return chosen;
  const known = await memory.placesOf(call, session_id, name);
  if (known.length === 0) return chosen;
  for (const twin of twins) {
    const place = twin.ref ? await memory.placeOfRef(call, session_id, twin.ref) : null;
    if (place && known.some((p) => samePlace(p, place))) {
      memory.learn(name, place);
      return twin;
    }
  }
  return chosen;
}
