// Runs every compiled test file under dist/test with node's own test runner.
// Usage: node scripts/run-tests.mjs [substring-filter ...]
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

function collect(dir) {
  let out = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out = out.concat(collect(full));
    else if (name.endsWith('.test.js')) out.push(full);
  }
  return out;
}

const filters = process.argv.slice(2);
const files = collect('dist/test')
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
if (files.length === 0) {
  console.error('No test files found under dist/test (did the build run?)');
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  ['--test', '--test-concurrency=2', '--test-reporter=spec', ...files],
  {
    stdio: 'inherit',
    // Every MCP server a test starts checks each tool result against the tool's outputSchema.
    env: { ...process.env, SCORM_TESTER_CHECK_OUTPUT: '1' },
  },
);
process.exit(result.status ?? 1);
