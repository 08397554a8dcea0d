/**
 * Shared (global) objectives, read and written through objective maps. The LMS side decides where they
 * live and for how long; the engine only reads and writes per learner and target objective id.
 */
import type { GlobalObjectiveRecord } from './tracking-model.js';

export interface GlobalObjectiveStore {
  read(learnerId: string, targetId: string): GlobalObjectiveRecord | undefined;
  write(learnerId: string, targetId: string, record: GlobalObjectiveRecord): void;
}

/** An in-memory store (tests, the conformance harness, one MCP session). */
export function createMemoryGlobalObjectiveStore(): GlobalObjectiveStore & {
  entries(): Array<{ learnerId: string; targetId: string; record: GlobalObjectiveRecord }>;
  clear(): void;
} {
  const map = new Map<string, { learnerId: string; targetId: string; record: GlobalObjectiveRecord }>();
  const key = (l: string, t: string) => JSON.stringify([l, t]);
  return {
    read: (l, t) => map.get(key(l, t))?.record,
    write: (l, t, record) => void map.set(key(l, t), { learnerId: l, targetId: t, record: { ...record } }),
    entries: () => [...map.values()].map((e) => ({ ...e, record: { ...e.record } })),
    clear: () => map.clear(),
  };
}
