/**
 * `batch --json` names each SCO as `run --json` does: `sco_id` and `launch_url` are the manifest's words
 * kept raw in their own fields (a machine reads them; no sentence of ours carries them), the launch URL
 * with the item's parameters as the player launched it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { passingCourse } from '../helpers/batch-catalogue.js';
import { tempDir } from '../helpers/temp.js';
import type { BatchReport } from '../../src/app/batch/report.js';

const RUN_FLAGS = ['--settle-ms', '300', '--timeout-ms', '5000'];

test('batch --json keeps sco_id and launch_url raw, equal to run --json for the same SCO', async () => {
  const root = tempDir('scorm-tester-catalogue-');
  const course = join(root, 'course');
  cpSync(passingCourse('fields'), course, { recursive: true });
  const manifest = join(course, 'imsmanifest.xml');
  writeFileSync(
    manifest,
    readFileSync(manifest, 'utf8').replace(
      '<item identifier="lesson" identifierref="r1">',
      '<item identifier="lesson_1.a" identifierref="r1" parameters="?lang=fr&amp;q=%22x%22">',
    ),
  );
  const run = await cli('run', course, '--json', ...RUN_FLAGS);
  assert.equal(run.status, 0, run.stderr);
  const ran = JSON.parse(run.stdout) as { sco_id: unknown; launch_url: unknown };
  const batch = await cli('batch', root, '--json', ...RUN_FLAGS);
  assert.equal(batch.status, 0, batch.stderr);
  const sco = (JSON.parse(batch.stdout) as BatchReport).packages[0]!.scos[0]!;
  assert.equal(sco.sco_id, 'lesson_1.a');
  assert.equal(typeof sco.launch_url, 'string');
  assert.match(sco.launch_url!, /^index\.html\?lang=fr&q=%22x%22$/);
  assert.deepEqual(
    { sco_id: sco.sco_id, launch_url: sco.launch_url },
    { sco_id: ran.sco_id, launch_url: ran.launch_url },
  );
});
