/** The record against the engine: pure, so it is tested in Node (the rest of page/ needs a browser). */
import { hasOwn } from '../../../core/intrinsics.js';

export interface Mismatch {
  element: string;
  /** The value the record last gave the element. */
  recorded: string;
  /** The value the engine holds. */
  engine: string;
}

/**
 * Elements the record shows (shadow) whose engine value differs. Elements the engine lacks are not
 * compared (a collection member the engine dropped is the engine's business, and reported by SetValue).
 */
export function compareShadow(
  shadow: Readonly<Record<string, string>>,
  engine: Readonly<Record<string, string>>,
  keys: (o: object) => string[] = Object.keys,
): Mismatch[] {
  const out: Mismatch[] = [];
  const elements = keys(shadow);
  for (let i = 0; i < elements.length; i++) {
    const element = elements[i] as string;
    if (!hasOwn(engine, element)) continue;
    const held = engine[element] as string;
    const shown = shadow[element] as string;
    if (held !== shown) out[out.length] = { element, recorded: shown, engine: held };
  }
  return out;
}
