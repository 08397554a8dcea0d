// Runs the compiled test files under dist/test with node's own test runner, tier by tier folder
// (unit, integration, e2e: docs/testing.md says what each may do), and ends with one line per reason
// tests were skipped, so a clone without ../shared says how many tests it did not run.
// Usage: node scripts/run-tests.mjs [--tier unit|integration|e2e]... [substring-filter ...]
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { spawnSync } from 'node:child_process';

const TIERS = ['unit', 'integration', 'e2e'];

function collect(dir) {
  let out = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out = out.concat(collect(full));
    else if (name.endsWith('.test.js')) out.push(full);
  }
  return out;
}

const tiers = [];
const filters = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--tier') {
    const tier = args[++i];
    if (!TIERS.includes(tier)) {
      console.error(`--tier takes one of ${TIERS.join(', ')} (got ${tier ?? 'nothing'})`);
      process.exit(2);
    }
    tiers.push(tier);
  } else filters.push(args[i]);
}

if (!existsSync('dist/test')) {
  console.error('No test files found under dist/test (did the build run?)');
  process.exit(1);
}
const tierOf = (file) => relative('dist/test', file).split(sep)[0];
// tsc does not delete what it compiled from a file that was since moved or removed: run only files
// whose source is still there, so a moved test does not also run from its old tier.
const sourceOf = (file) => join('test', relative('dist/test', file)).replace(/\.js$/, '.ts');
const compiled = collect('dist/test').filter((f) => existsSync(sourceOf(f)));
const outside = compiled.filter((f) => !TIERS.includes(tierOf(f)));
if (outside.length > 0) {
  console.error(`Test files outside the tiers (${TIERS.map((t) => `test/${t}/`).join(', ')}):`);
  for (const f of outside) console.error(`  ${sourceOf(f)}`);
  process.exit(1);
}
const files = compiled
  .filter((f) => tiers.length === 0 || tiers.includes(tierOf(f)))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort((a, b) => TIERS.indexOf(tierOf(a)) - TIERS.indexOf(tierOf(b)) || a.localeCompare(b));
if (files.length === 0) {
  console.error('No test files match (did the build run?)');
  process.exit(1);
}

const skipDir = mkdtempSync(join(tmpdir(), 'scorm-tester-skips-'));
const skipFile = join(skipDir, 'skips.ndjson');
const result = spawnSync(
  process.execPath,
  [
    '--test',
    '--test-concurrency=2',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=./scripts/skip-reporter.mjs',
    `--test-reporter-destination=${skipFile}`,
    ...files,
  ],
  {
    stdio: 'inherit',
    // Every MCP server a test starts checks each tool result against the tool's outputSchema.
    env: { ...process.env, SCORM_TESTER_CHECK_OUTPUT: '1' },
  },
);
const skips = existsSync(skipFile)
  ? readFileSync(skipFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
  : [];
rmSync(skipDir, { recursive: true, force: true });

const counts = TIERS.map((t) => [t, files.filter((f) => tierOf(f) === t).length]).filter(([, n]) => n > 0);
console.log(`\nTest files run: ${counts.map(([t, n]) => `${n} ${t}`).join(', ')}`);
const byReason = new Map();
for (const s of skips.filter((s) => s.reason !== null)) {
  const group = byReason.get(s.reason) ?? { tests: 0, files: new Set() };
  group.tests++;
  group.files.add(s.file);
  byReason.set(s.reason, group);
}
for (const [reason, group] of byReason) {
  const where = `${group.files.size} file${group.files.size === 1 ? '' : 's'}`;
  console.log(`${group.tests} test${group.tests === 1 ? '' : 's'} skipped (in ${where}): ${reason}`);
}
const unexplained = skips.filter((s) => s.reason === null);
if (unexplained.length > 0) {
  console.log(`${unexplained.length} tests skipped without a reason; give each skip its reason as a string:`);
  for (const s of unexplained) console.log(`  ${s.file ? relative('.', s.file) : '?'}: ${s.name}`);
  process.exit(1);
}
if (skips.length === 0) console.log('No test was skipped.');
process.exit(result.status ?? 1);
