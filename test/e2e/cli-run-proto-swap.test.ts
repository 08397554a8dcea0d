/**
 * Review 3, findings 1 and 2, through the CLI: `run` (SCORM 1.2 and 2004) and `run --nav` record what the
 * SCOs did even when a course puts an object with a toJSON below the player realm's Array.prototype.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { courseTextOf } from '../helpers/course-text.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

interface RunJson {
  api_calls: Array<{ method: string; args: unknown[]; result: string }>;
  anomalies: Array<Record<string, unknown> & { type: string; severity: string; message: string }>;
  data_model: Record<string, string>;
  navigation?: { current_activity: string | null };
}

const shown = (out: RunJson) => out.api_calls.map((c) => `${c.method}(${c.args.join(',')})=${c.result}`);

function swapReported(out: RunJson): void {
  const tampered = out.anomalies.find((a) => a.type === 'player_tampered');
  assert.ok(tampered, JSON.stringify(out.anomalies));
  assert.equal(tampered.severity, 'error');
  assert.match(courseTextOf(tampered, 'details'), /Array\.prototype\.\[\[Prototype\]\] \(replaced, undone\)/);
  assert.doesNotMatch(tampered.message, /unaffected|any difference is reported/);
}

test('run (SCORM 1.2) records the values the SCO set when it bends the encoding of arrays from below Array.prototype', async () => {
  const r = await cli('run', join(FIXTURES_DIR, 'courses/proto-swap-12'), '--json', '--settle-ms', '500');
  const out = JSON.parse(r.stdout) as RunJson;
  assert.deepEqual(shown(out), [
    'LMSInitialize()=true',
    'LMSSetValue(cmi.core.lesson_status,failed)=true',
    'LMSSetValue(cmi.core.score.raw,12)=true',
    'LMSCommit()=true',
    'LMSFinish()=true',
  ]);
  assert.equal(out.data_model['cmi.core.lesson_status'], 'failed');
  assert.equal(out.data_model['cmi.core.score.raw'], '12');
  swapReported(out);
  // The tampering is an error anomaly: the run fails.
  assert.equal(r.status, 1, r.stderr);
});

test('run (SCORM 2004) records what the SCO set when it bends the encoding of arrays from below Array.prototype', async () => {
  const r = await cli('run', join(FIXTURES_DIR, 'courses/proto-swap-record'), '--json', '--settle-ms', '500');
  const out = JSON.parse(r.stdout) as RunJson;
  assert.deepEqual(shown(out), [
    'Initialize()=true',
    'SetValue(cmi.location,real-location)=true',
    'SetValue(cmi.success_status,failed)=true',
    'SetValue(cmi.score.scaled,0.1)=true',
    'Commit()=true',
  ]);
  swapReported(out);
  assert.equal(r.status, 1, r.stderr);
});

test("run --nav records the second SCO when the first left a toJSON below the realm's Array.prototype", async () => {
  const r = await cli(
    'run',
    join(FIXTURES_DIR, 'courses/proto-swap-hide-later'),
    '--nav',
    'continue',
    '--json',
    '--settle-ms',
    '500',
  );
  const out = JSON.parse(r.stdout) as RunJson;
  assert.equal(out.navigation?.current_activity, 'two');
  assert.deepEqual(shown(out), [
    // Sequencing's start delivers the first SCO once (not an opening and then a new attempt).
    'Initialize()=true',
    'SetValue(cmi.completion_status,completed)=true',
    'Terminate()=true',
    'Initialize()=true',
    'SetValue(cmi.success_status,passed)=true',
    'SetValue(cmi.score.scaled,1)=true',
    'Commit()=true',
  ]);
  swapReported(out);
  assert.equal(r.status, 1, r.stderr);
});
