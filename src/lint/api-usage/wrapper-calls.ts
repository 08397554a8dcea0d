import type { ScormVersion } from '../../rte/datamodel/index.js';
import type { FileFacts } from './collect-facts.js';
import { findWrappers, wrapperCalls, type VirtualCall, type Wrapper } from './wrappers.js';

/**
 * The API calls a file makes through its own wrapper functions. A wrapper that serves both versions
 * (pipwerks, ADL's APIWrapper) calls each generation on its own branch: only the package's is kept.
 */
export function throughWrappers(facts: FileFacts, version: ScormVersion): VirtualCall[] {
  if (facts.plainCalls.length === 0 || facts.calls.length === 0) return [];
  const wrappers = findWrappers(facts);
  for (const [fn, w] of wrappers) {
    if (w.sinks.some((s) => s.call.family === version)) {
      // Filtered per caller (wrapperCalls): a caller on the other version's branch keeps that version's.
    } else if (callsOtherGeneration(facts, w)) {
      wrappers.delete(fn);
    }
  }
  return wrapperCalls(facts, wrappers, version);
}

/** SetValue/GetValue beside LMSSetValue (or the reverse) in the function that makes a sink's call. */
const OTHER_GENERATION: Record<ScormVersion, RegExp> = {
  '1.2': /\.(?:Set|Get)Value\s*\(/,
  '2004': /\.LMS(?:Set|Get)Value\s*\(/,
};

/**
 * A wrapper that also calls the package's generation where the receiver's name did not show it was the
 * API (a minified bundle's `e.SetValue(t, n)`): it serves both versions, so its calls of the other
 * generation say nothing about what the course sends; the run-time checks judge those.
 */
function callsOtherGeneration(facts: FileFacts, w: Wrapper): boolean {
  return w.sinks.some((sink) => {
    const fn = sink.call.context;
    const code = facts.units[sink.call.unit]?.code;
    return (
      fn !== null &&
      code !== undefined &&
      OTHER_GENERATION[sink.call.family].test(code.slice(fn.start, fn.end))
    );
  });
}
