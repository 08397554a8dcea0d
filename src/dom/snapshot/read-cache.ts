/**
 * The last page read of each runtime, reused while the page stays as it was: same frames, same page
 * version token in each (page-version.ts), read with the same options, at most TTL_MS ago, and its refs
 * still resolving (another tool's snapshot can replace the one they resolve through).
 */
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import type { ScoFrame } from '../frames.js';
import type { PageRead } from './read-page.js';

/** A bound on what the version token cannot see (a change that neither mutates the DOM nor fires an event). */
const TTL_MS = 5_000;

interface Entry {
  key: string;
  at: number;
  read: PageRead;
}

const entries = new WeakMap<CourseRuntime, Entry>();

/** What a read is reused by, or null when a frame gave no token. */
export function readKey(frames: ScoFrame[], tokens: Array<string | null>, options: string): string | null {
  if (tokens.length !== frames.length || tokens.some((t) => t === null)) return null;
  return `${options}|${frames.map((f, i) => `${f.label}=${tokens[i] as string}`).join('|')}`;
}

export async function reusableRead(runtime: CourseRuntime, key: string): Promise<PageRead | null> {
  const entry = entries.get(runtime);
  if (!entry || entry.key !== key || Date.now() - entry.at > TTL_MS) return null;
  if (!(await refsResolve(runtime, entry.read))) {
    entries.delete(runtime);
    return null;
  }
  return entry.read;
}

export function rememberRead(runtime: CourseRuntime, key: string, read: PageRead): void {
  entries.set(runtime, { key, at: Date.now(), read });
}

/** The first and last ref of each frame still point at one element each. */
async function refsResolve(runtime: CourseRuntime, read: PageRead): Promise<boolean> {
  const refs: string[] = [];
  for (const frame of read.frames) {
    const withRef = frame.controls.filter((c) => c.node?.node.ref);
    for (const c of [withRef[0], withRef[withRef.length - 1]]) {
      const ref = c?.node?.node.ref;
      if (ref && !refs.includes(ref)) refs.push(ref);
    }
  }
  const counts = await Promise.all(
    refs.map((ref) =>
      runtime.playerPage
        .getByRef(ref)
        .count()
        .catch(() => 0),
    ),
  );
  return counts.every((n) => n === 1);
}
