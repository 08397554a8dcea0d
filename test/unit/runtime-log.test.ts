import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ScormTesterError } from '../../src/core/errors.js';
import { canonicalMethod, expandFlatBatch, type WireBatch } from '../../src/runtime/records.js';
import { logLimits, RuntimeLog } from '../../src/runtime/runtime-log.js';
import { pngSize } from '../../src/runtime/png.js';

const header = {
  b: 1_000,
  sco: 'sco-1',
  at: 1,
  v: '2004' as const,
  z: ['No Error', 'No error.'] as [string, string],
};

test('flat player batches expand into the messages they encode', () => {
  const payload = JSON.stringify({
    h: { ...header, s: 7 },
    f: [
      [
        ...[-1, null, null, 0, null, null, null, null, '"k":"l","url":"http://x/a.html"', 0],
        ...[0, '', null, 1, 'true', '0', 0, 0, '', 1],
        ...[5, null, null, 0, '0', '0', 0, 0, '', 2],
      ],
      [
        ...[3, 'cmi.location', '7', 2, 'true', '0', 0, '', ',"n":"7"', 3],
        ...[
          3,
          '[{"$type":"undefined"},1,2]',
          null,
          -1,
          'false',
          '201',
          ['other', 2],
          0,
          ',"es":"E","d":"D"',
          4,
        ],
        ...[3, 'cmi.suspend_data', 'x', 2, 'true', '0', 0, null, ',"src":"tool"', 5],
      ],
    ],
  });
  const batch = expandFlatBatch(payload);
  assert.equal(batch.h.b, header.b);
  assert.deepEqual(batch.m, [
    { k: 'l', url: 'http://x/a.html', s: 7, t: 0 },
    { s: 8, t: 1, m: 0, a: [''], r: 'true', e: '0' },
    { s: 9, t: 2, m: 5, a: [], r: '0', e: '0' },
    { s: 10, t: 3, m: 3, a: ['cmi.location', '7'], r: 'true', e: '0', n: '7', p: '' },
    {
      s: 11,
      t: 4,
      m: 3,
      a: [{ $type: 'undefined' }, 1, 2],
      r: 'false',
      e: '201',
      es: 'E',
      d: 'D',
      sco: 'other',
      at: 2,
    },
    { s: 12, t: 5, m: 3, a: ['cmi.suspend_data', 'x'], r: 'true', e: '0', src: 'tool', p: null },
  ]);
  assert.throws(() => expandFlatBatch('{"h":{"b":0,"s":1},"m":[]}'), /not a player batch/);
});

test('wire batches become ordered call records with data changes', () => {
  const log = new RuntimeLog();
  const seen: string[] = [];
  log.on('api_call', (c) => seen.push(`${c.index}:${c.method}`));
  const batch: WireBatch = {
    h: header,
    m: [
      { k: 'l', s: 1, t: 0, url: 'http://x/c/a.html' },
      { s: 2, t: 1, m: 0, a: [''], r: 'true', e: '0' },
      { s: 3, t: 2, m: 3, a: ['cmi.location', 0], r: 'true', e: '0', p: '', n: '0' },
      { s: 4, t: 3, m: 2, a: [5], r: '', e: '101', es: 'General Exception', d: 'bad element' },
      { s: 5, t: 4, m: 3, a: ['adl.nav.request', 'continue'], r: 'true', e: '0', p: '_none_' },
      { k: 'n', s: 6, t: 4, q: 'continue', ph: 'set' },
      { s: 7, t: 5, m: 1, a: [''], r: 'true', e: '0', src: 'tool' },
      { k: 'c', s: 8, t: 5, el: 'cmi.total_time', p: 'PT0S', n: 'PT5S' },
    ],
  };
  log.ingest(batch);
  assert.deepEqual(seen, ['0:Initialize', '1:SetValue', '2:GetValue', '3:SetValue', '4:Terminate']);
  const [init, set, get] = log.calls;
  assert.equal(init?.timestamp, 1_001);
  assert.equal(init?.errorString, 'No Error');
  assert.equal(init?.scoId, 'sco-1');
  assert.deepEqual(set?.args, ['cmi.location', 0]);
  assert.equal(get?.errorCode, '101');
  assert.equal(get?.diagnostic, 'bad element');
  assert.equal(log.calls[4]?.source, 'tool');
  assert.equal(log.initializeState, 'terminated');
  assert.equal(log.currentUrl, 'http://x/c/a.html');
  assert.deepEqual(
    log.dataChanges.map((c) => [c.element, c.previousValue, c.newValue, c.source]),
    [
      ['cmi.location', '', '0', 'api:SetValue'],
      ['adl.nav.request', '_none_', 'continue', 'api:SetValue'],
      ['cmi.total_time', 'PT0S', 'PT5S', 'internal'],
    ],
  );
  assert.deepEqual(log.navRequests, [
    { scoId: 'sco-1', request: 'continue', phase: 'set', timestamp: 1_004 },
  ]);
  assert.equal(log.takeToolCall(7)?.method, 'Terminate');
});

test('1.2 method indexes map to the 1.2 names; truncated values are flagged', () => {
  const log = new RuntimeLog();
  const big = { $type: 'string' as const, length: 10_485_760, head: 'xxx', truncated: true as const };
  log.ingest({
    h: { ...header, v: '1.2' },
    m: [{ s: 1, t: 0, m: 3, a: ['cmi.suspend_data', big], r: 'true', e: '0', p: '' }],
  });
  assert.equal(log.calls[0]?.method, 'LMSSetValue');
  const change = log.dataChanges[0];
  assert.equal(change?.newValueTruncated, true);
  assert.equal(change?.newValueOriginalLength, 10_485_760);
});

test('waitForCall matches either version name, past or future, and times out clearly', async () => {
  const log = new RuntimeLog();
  log.ingest({ h: { ...header, v: '1.2' }, m: [{ s: 1, t: 0, m: 0, a: [''], r: 'true', e: '0' }] });
  assert.equal((await log.waitForCall('Initialize', 100)).method, 'LMSInitialize');
  const pending = log.waitForCall('Terminate', 1_000);
  log.ingest({ h: { ...header, v: '1.2' }, m: [{ s: 2, t: 0, m: 1, a: [''], r: 'true', e: '0' }] });
  assert.equal((await pending).method, 'LMSFinish');
  await assert.rejects(
    log.waitForCall('Commit', 20),
    (err: unknown) => err instanceof ScormTesterError && err.code === 'WAIT_TIMEOUT',
  );
  const aborted = log.waitForCall('Commit', 5_000);
  log.abortWaits(new ScormTesterError('RUNTIME_NOT_OPEN', 'closed'));
  await assert.rejects(aborted, /closed/);
});

test('waitForSeq resolves once the sequence number arrived', async () => {
  const log = new RuntimeLog();
  let done = false;
  const p = log.waitForSeq(2).then(() => {
    done = true;
  });
  log.ingest({ h: header, m: [{ s: 1, t: 0, m: 5, a: [], r: '0', e: '0' }] });
  await new Promise((r) => setImmediate(r));
  assert.equal(done, false);
  log.ingest({ h: header, m: [{ s: 2, t: 0, m: 5, a: [], r: '0', e: '0' }] });
  await p;
  assert.equal(done, true);
});

test('canonical method names and PNG header size', () => {
  assert.equal(canonicalMethod('LMSFinish'), 'Terminate');
  assert.equal(canonicalMethod('LMSGetValue'), 'GetValue');
  assert.equal(canonicalMethod('Commit'), 'Commit');
  const png = Buffer.alloc(24);
  Buffer.from('89504e470d0a1a0a', 'hex').copy(png, 0);
  png.write('IHDR', 12);
  png.writeUInt32BE(1568, 16);
  png.writeUInt32BE(882, 20);
  assert.deepEqual(pngSize(png), { width: 1568, height: 882 });
  assert.throws(() => pngSize(Buffer.from('nope')), /not a PNG/);
});

test('past the call cap, calls still count for the attempt, tool calls keep their answer, and the rest is counted', async () => {
  assert.equal(logLimits({ SCORM_TESTER_MAX_RECORDED_CALLS: '25' }).calls, 25);
  assert.equal(logLimits({ SCORM_TESTER_MAX_RECORDED_CALLS: 'lots' }).calls, 1_000_000);
  assert.equal(logLimits({}).calls, 1_000_000);
  const log = new RuntimeLog({ ...logLimits({}), calls: 2 });
  const emitted: number[] = [];
  log.on('api_call', (c) => emitted.push(c.index));
  const terminate = log.waitForCall('Terminate', 1_000, 3);
  log.ingest({
    h: header,
    m: [
      { k: 'l', s: 1, t: 0, url: 'http://x/c/a.html' },
      { s: 2, t: 0, m: 0, a: [''], r: 'true', e: '0' },
      { s: 3, t: 1, m: 2, a: ['cmi.location'], r: '', e: '0' },
      { s: 4, t: 2, m: 3, a: ['cmi.location', 'p9'], r: 'true', e: '0', p: '', n: 'p9' },
      { s: 5, t: 3, m: 2, a: ['cmi.location'], r: 'p9', e: '0', src: 'tool' },
      { s: 6, t: 4, m: 1, a: [''], r: 'true', e: '0' },
    ],
  });
  assert.deepEqual(emitted, [0, 1], 'only recorded calls are emitted');
  assert.equal(log.calls.length, 2);
  assert.equal(log.dropped.calls, 3);
  const tool = log.takeToolCall(5);
  assert.equal(tool?.result, 'p9');
  assert.equal(tool?.recorded, false);
  assert.equal(tool?.index, 3, 'an unrecorded call keeps its place in the count');
  assert.equal(log.initializeState, 'terminated', 'a Terminate past the cap still ends the attempt');
  assert.equal(log.lastCall?.method, 'Terminate');
  assert.equal((await terminate).recorded, false);
  assert.deepEqual(
    log.dataChanges.map((c) => [c.element, c.newValue]),
    [['cmi.location', 'p9']],
    'data changes have their own cap',
  );
});
