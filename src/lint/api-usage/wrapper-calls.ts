import type { ScormVersion } from '../../rte/datamodel/index.js';
import type { FileFacts } from './collect-facts.js';
import { findWrappers, wrapperCalls, type VirtualCall } from './wrappers.js';

/**
 * The API calls a file makes through its own wrapper functions. A wrapper that serves both versions
 * (pipwerks, ADL's APIWrapper) calls each generation on its own branch: only the package's is kept.
 */
export function throughWrappers(facts: FileFacts, version: ScormVersion): VirtualCall[] {
  if (facts.plainCalls.length === 0 || facts.calls.length === 0) return [];
  const wrappers = findWrappers(facts);
  for (const w of wrappers.values()) {
    if (w.sinks.some((s) => s.call.family === version)) {
      w.sinks = w.sinks.filter((s) => s.call.family === version);
    }
  }
  return wrapperCalls(facts, wrappers);
}
