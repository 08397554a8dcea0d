/**
 * Issue 20, finding 2, through the CLI: `run --nav` records every SCO it delivers, even when the first
 * one left a timer in the player's realm that bends the array iterator a launch configuration could
 * pass through.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

interface RunJson {
  api_calls: Array<{ method: string; args: unknown[]; result: string; source: string }>;
  anomalies: Array<{ type: string; severity: string; message: string }>;
  navigation: { current_activity: string | null };
}

test('run --nav records the second SCO of a course whose first SCO bent the player realm', async () => {
  const r = await cli(
    'run',
    join(FIXTURES_DIR, 'courses/hide-later-sco'),
    '--nav',
    'continue',
    '--json',
    '--settle-ms',
    '500',
  );
  const out = JSON.parse(r.stdout) as RunJson;
  assert.equal(out.navigation.current_activity, 'two');
  assert.deepEqual(
    out.api_calls.map((c) => `${c.method}(${c.args.join(',')})=${c.result}`),
    [
      // Sequencing's start delivers the first SCO once (not an opening and then a new attempt).
      'Initialize()=true',
      'SetValue(cmi.completion_status,completed)=true',
      'Terminate()=true',
      'Initialize()=true',
      'SetValue(cmi.success_status,passed)=true',
      'SetValue(cmi.score.scaled,1)=true',
      'Commit()=true',
    ],
  );
  const tampered = out.anomalies.find((a) => a.type === 'player_tampered');
  assert.equal(tampered?.severity, 'error');
  assert.doesNotMatch(String(tampered?.message), /unaffected/);
  // The tampering is an error anomaly: the run fails.
  assert.equal(r.status, 1, r.stderr);
});

test('run records what the SCO set even when it bends the JSON encoding of arrays right before a Commit', async () => {
  const r = await cli('run', join(FIXTURES_DIR, 'courses/forge-at-commit'), '--json', '--settle-ms', '3000');
  const out = JSON.parse(r.stdout) as RunJson;
  assert.deepEqual(
    out.api_calls.map((c) => `${c.method}(${c.args.join(',')})=${c.result}`),
    ['Initialize()=true', 'SetValue(cmi.success_status,failed)=true', 'Commit()=true'],
  );
  assert.ok(out.anomalies.some((a) => a.type === 'player_tampered' && a.severity === 'error'));
});
