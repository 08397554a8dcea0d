/**
 * A course whose page is busy starting for seconds before its first API call (a multi-megabyte player
 * on a loaded machine) is waited for: `run` ends only once the page stopped running scripts, so it does
 * not report initialize_never_called for a course that initializes (issue 23: storyline-2 under load).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

test('run waits for a SCO that is busy starting in chunks for 3 s, and reports its calls, not a silent SCO', async () => {
  const r = await cli('run', join(FIXTURES_DIR, 'courses', 'slow-start-sco'), '--json');
  const json = JSON.parse(r.stdout) as {
    initialized: boolean;
    final_state: string;
    anomalies: Array<{ type: string }>;
  };
  assert.equal(json.initialized, true, r.stdout.slice(0, 2_000));
  assert.equal(json.final_state, 'terminated');
  assert.ok(
    !json.anomalies.some((a) => a.type === 'initialize_never_called'),
    JSON.stringify(json.anomalies),
  );
  assert.equal(r.status, 0, r.stderr);
});
