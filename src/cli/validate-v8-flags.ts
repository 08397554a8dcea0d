/**
 * V8 settings for one `scorm-tester validate` process, measured on real exports (issue 24; the numbers
 * are in docs/validation.md, "Speed on real exports").
 * - libxml2 (the schema check) is WebAssembly. By default V8 compiles its hot functions a second time
 *   with its optimising compiler, on background threads, while the schemas compile: that second compile
 *   costs more CPU (about 100-300 ms) and memory than one validation of a manifest ever wins back. The
 *   baseline compiler alone is enough for a single run. Set before libxml2 is loaded (its module is
 *   compiled when it is imported); a long-lived server keeps V8's default.
 * - V8 grows the young generation up to 16 MB a semi-space (two of them, 32 MB) while the API lint builds
 *   syntax trees; most of that space is touched, so it is resident at the process's peak. Kept at the
 *   size it has when the validation starts (4-8 MB), the peak is 25-30 MB lower for the same CPU time.
 * Both flags are read by V8 when it next compiles WebAssembly or grows the young generation, so setting
 * them in a running process takes effect; neither changes what is computed.
 */
import { setFlagsFromString } from 'node:v8';

/** Before the validator (and libxml2 with it) is loaded. */
export function useBaselineWasmCompiler(): void {
  setFlagsFromString('--liftoff-only');
}

/** Once the validator is loaded, before it runs: the young generation stops growing. */
export function freezeYoungGeneration(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}
