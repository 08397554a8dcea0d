/**
 * What validate now follows (ES module imports, document.write markup, <base href>) is what the run
 * shows: the CLI validates each fixture clean, and the same course initializes in Chromium.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { FIXTURES_DIR, REPO_ROOT } from '../helpers/paths.js';

const CLI = join(REPO_ROOT, 'dist/bundle/cli-main.js');
const course = (name: string) => join(FIXTURES_DIR, 'courses', `static-predict-${name}`);

function cli(args: string[]): { status: number | null; json: Record<string, unknown> } {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: REPO_ROOT });
  return { status: r.status, json: JSON.parse(r.stdout) as Record<string, unknown> };
}

for (const name of ['esm', 'document-write', 'base-href']) {
  test(`${name}: validate finds no error and the run initializes`, () => {
    const validated = cli(['validate', course(name), '--format', 'json']);
    assert.equal(validated.status, 0, JSON.stringify(validated.json['errors']));
    const run = cli(['run', course(name), '--json', '--settle-ms', '200']);
    const calls = run.json['api_calls'] as { method: string; result: string }[];
    assert.equal(run.status, 0, JSON.stringify(run.json['anomalies']));
    assert.deepEqual(
      calls.filter((c) => c.method === 'LMSInitialize').map((c) => c.result),
      ['true'],
    );
  });
}

test('a wrapper that does not parse: validate warns (exit 0) and names the parse error', () => {
  const validated = cli(['validate', course('parse-error'), '--format', 'json']);
  assert.equal(validated.status, 0);
  const warnings = validated.json['warnings'] as { rule: string; details?: { reason?: string } }[];
  const chain = warnings.find((w) => w.rule === 'api.discovery_missing');
  assert.equal(chain?.details?.reason, 'parse_error');
});
