/**
 * Agreement between a Node run and a browser run: the same verdict, deliveries and step judgements per
 * case; the first difference is named (a step before a delivery that follows from it).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareRuns, formatDisagreements } from '../../src/conformance/agreement.js';
import { unloadActions, terminatesAfterCommands } from '../../src/conformance/driver/page-variants.js';
import type { StepRecord } from '../../src/conformance/evaluate/record.js';
import type { CaseResult, RunReport } from '../../src/conformance/results.js';

function step(block: string, index: number, pass: boolean, returned = 'true'): StepRecord {
  return {
    block,
    index,
    source: `GET->x->${index}`,
    method: 'GET',
    expected: 'true',
    expectedError: '0',
    returned,
    error: '0',
    rule: 'exact',
    pass,
    message: pass ? 'ok' : 'differs',
  };
}

function result(id: string, delivered: string[], steps: StepRecord[][], reason?: string): CaseResult {
  const blocks = delivered.map((act, i) => ({
    id: `Act${act}V1`,
    activity: act,
    delivered: `activity_${act}`,
    steps: steps[i] ?? [],
    pass: (steps[i] ?? []).every((s) => s.pass),
  }));
  return {
    id,
    family: id.split('-')[0] ?? id,
    passed: reason === undefined,
    ...(reason === undefined ? {} : { reason }),
    delivered,
    expected: delivered,
    blocks,
    stepCount: 0,
    failedSteps: 0,
    durationMs: 0,
  };
}

const report = (mode: 'node' | 'browser', cases: CaseResult[]): RunReport => ({
  mode,
  ctsDir: '/cts',
  cases,
  families: [],
  passed: cases.filter((c) => c.passed).length,
  failed: cases.filter((c) => !c.passed).length,
  durationMs: 0,
});

test('runs that match case by case agree, failing cases included', () => {
  const same = [
    result(
      'CM-01',
      ['1', '2'],
      [[step('Act1V1', 0, true)], [step('Act2V1', 0, false)]],
      'block Act2V1 step 0',
    ),
  ];
  assert.deepEqual(compareRuns(report('node', same), report('browser', same)), []);
});

test('a step judged differently is the first difference, even when a wrong delivery follows from it', () => {
  const node = result('CO-01', ['1', '2'], [[step('Act1V1', 0, true), step('Act1V1', 1, true)], []]);
  const browser = result(
    'CO-01',
    ['1', '3'],
    [[step('Act1V1', 0, true), step('Act1V1', 1, false, 'false')], []],
    'expected activity 2, LMS launched activity 3',
  );
  const [d, ...rest] = compareRuns(report('node', [node]), report('browser', [browser]));
  assert.equal(rest.length, 0);
  assert.equal(d?.id, 'CO-01');
  assert.equal(d?.browser?.returned, 'false');
  assert.match(d?.difference ?? '', /block Act1V1 step 1 .*Node pass .*browser fail \(returned "false"/);
  assert.match(
    formatDisagreements([d!], 1),
    /DIFFER CO-01: Node PASS, browser FAIL;[\s\S]*agree on 0 of 1 cases/,
  );
});

test('a different delivery with the same steps before it is reported as the delivery', () => {
  const node = result('SX-01', ['1', '2'], [[step('Act1V1', 0, true)], []]);
  const browser = result(
    'SX-01',
    ['1'],
    [[step('Act1V1', 0, true)]],
    'expected activity 2 was not delivered',
  );
  const [d] = compareRuns(report('node', [node]), report('browser', [browser]));
  assert.equal(d?.difference, 'delivery 2: Node delivered 2, the browser nothing');
});

test('page variants: who terminates after the commands, and what the unload handlers do', () => {
  assert.equal(terminatesAfterCommands('SequencingTest'), true);
  assert.equal(terminatesAfterCommands('AssetLaunchTest'), false);
  assert.equal(terminatesAfterCommands('SequencingTestSingleDoTerminate'), false);
  assert.deepEqual(unloadActions('SequencingTest'), { terminate: false });
  assert.deepEqual(unloadActions('SequencingTestSingleDoTerminate'), { terminate: true });
  assert.deepEqual(unloadActions('suspendAllOnUnload'), { navRequest: 'suspendAll', terminate: true });
  assert.deepEqual(unloadActions('tarAct4OnUnload'), {
    navRequest: '{target=activity_4}choice',
    terminate: true,
  });
});
