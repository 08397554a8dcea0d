/**
 * Child-process entry (run with --expose-gc) for the benchmark's retention case (bench/limits.ts): validates a small package to load
 * everything, then the package at argv[2], and prints as JSON how much more heap is alive after full
 * collections while the big package's outcome is still held. Nothing here is timed.
 */
import { validatePackage } from '../../src/validate/validate-package.js';

const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('run with --expose-gc');
const [warmUp, target] = process.argv.slice(2) as [string, string];

function liveHeap(): number {
  collect!();
  collect!();
  return process.memoryUsage().heapUsed;
}

await (await validatePackage(warmUp, { level: 'strict' })).cleanup();
const before = liveHeap();
const outcome = await validatePackage(target, { level: 'strict' });
const retainedBytes = liveHeap() - before;
process.stdout.write(
  JSON.stringify({ retainedBytes, rules: outcome.findings.map((f) => `${f.rule} ${f.file}`) }),
);
await outcome.cleanup();
