/**
 * A SetValue that adds a member to a collection makes the engine's `_count` grow: the record must show
 * that change (as the engine's own), so a correct course gets no record_engine_mismatch and `run` exits 0.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cli } from '../helpers/cli.js';
import { singleScoPackage } from '../helpers/single-sco.js';

interface RunJson {
  anomalies: Array<{ type: string; severity: string; message: string }>;
  data_model: Record<string, string>;
}

const SETS_12: Array<[string, string]> = [
  ['cmi.objectives.0.id', 'obj-a'],
  ['cmi.objectives.1.id', 'obj-b'],
  ['cmi.objectives.1.status', 'completed'],
  ['cmi.interactions.0.id', 'q1'],
  ['cmi.interactions.0.type', 'choice'],
  ['cmi.interactions.0.objectives.0.id', 'obj-a'],
  ['cmi.interactions.0.objectives.1.id', 'obj-b'],
  ['cmi.interactions.0.correct_responses.0.pattern', 'a'],
  ['cmi.interactions.0.student_response', 'a'],
  ['cmi.interactions.0.result', 'correct'],
  ['cmi.interactions.1.id', 'q2'],
  ['cmi.interactions.1.type', 'true-false'],
  ['cmi.interactions.1.student_response', 't'],
  ['cmi.interactions.1.result', 'wrong'],
  ['cmi.core.lesson_status', 'completed'],
  ['cmi.core.exit', ''],
  ['cmi.core.session_time', '00:00:05'],
];

const SETS_2004: Array<[string, string]> = [
  ['cmi.objectives.0.id', 'obj-a'],
  ['cmi.objectives.1.id', 'obj-b'],
  ['cmi.objectives.1.completion_status', 'completed'],
  ['cmi.interactions.0.id', 'q1'],
  ['cmi.interactions.0.type', 'choice'],
  ['cmi.interactions.0.objectives.0.id', 'obj-a'],
  ['cmi.interactions.0.objectives.1.id', 'obj-b'],
  ['cmi.interactions.0.correct_responses.0.pattern', 'a'],
  ['cmi.interactions.0.learner_response', 'a'],
  ['cmi.interactions.0.result', 'correct'],
  ['cmi.interactions.1.id', 'q2'],
  ['cmi.interactions.1.type', 'true-false'],
  ['cmi.interactions.1.learner_response', 'true'],
  ['cmi.interactions.1.result', 'incorrect'],
  ['cmi.comments_from_learner.0.comment', 'fine'],
  ['cmi.comments_from_learner.1.comment', 'thanks'],
  ['cmi.completion_status', 'completed'],
  ['cmi.exit', 'normal'],
  ['cmi.session_time', 'PT5S'],
];

function script(version: '1.2' | '2004', sets: Array<[string, string]>): string {
  const p = version === '1.2' ? 'LMS' : '';
  const setter = version === '1.2' ? 'LMSSetValue' : 'SetValue';
  const finish = version === '1.2' ? 'LMSFinish' : 'Terminate';
  return `api.${p}Initialize('');${sets.map(([el, v]) => `api.${setter}(${JSON.stringify(el)}, ${JSON.stringify(v)});`).join('')}api.${p}Commit('');api.${finish}('');`;
}

describe('run: collections a course adds members to', { concurrency: 2 }, () => {
  for (const [version, sets] of [
    ['1.2', SETS_12],
    ['2004', SETS_2004],
  ] as const) {
    test(`SCORM ${version}: new members of every collection give no record_engine_mismatch, exit 0`, async () => {
      const dir = singleScoPackage({ version, script: script(version, sets) });
      const r = await cli('run', dir, '--json', '--settle-ms', '300');
      const json = JSON.parse(r.stdout) as RunJson;
      assert.deepEqual(
        json.anomalies.map((a) => `${a.type}: ${a.message}`),
        [],
      );
      assert.equal(r.status, 0, r.stderr);
      assert.equal(json.data_model['cmi.interactions._count'], '2');
      assert.equal(json.data_model['cmi.objectives._count'], '2');
      assert.equal(json.data_model['cmi.interactions.0.objectives._count'], '2');
      assert.equal(json.data_model['cmi.interactions.0.correct_responses._count'], '1');
      if (version === '2004') assert.equal(json.data_model['cmi.comments_from_learner._count'], '2');
    });
  }
});
