/**
 * The answer guard at the MCP edge (src/mcp/answer-guard.ts): an answer within the budget is sent as
 * built; one over it is cut to the budget keeping its shape, says what was cut and how to get the rest,
 * and its whole is kept for resources/read; images never push a message past the client's line limit.
 */
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { ScormTesterError } from '../../src/core/errors.js';
import type { ResourceLinkContent } from '../../src/app/tool.js';
import { Logger } from '../../src/core/logger.js';
import {
  ANSWER_CUT_META,
  AnswerGuard,
  MESSAGE_LIMIT_BYTES,
  logAnswerCuts,
} from '../../src/mcp/answer-guard.js';
import { ANSWER_BUDGET_BYTES } from '../../src/output/answer-budget.js';
import { fitWithinBudget, jsonBytesWithin } from '../../src/output/answer-fit.js';
import { tempDir } from '../helpers/temp.js';

function guard(): { guard: AnswerGuard; kept: Array<{ tool: string; json: string }> } {
  const kept: Array<{ tool: string; json: string }> = [];
  const keep = (tool: string, json: string): ResourceLinkContent => {
    kept.push({ tool, json });
    return { type: 'resource_link', uri: `scorm-tester://answer/${kept.length}`, name: 'answer' };
  };
  return { guard: new AnswerGuard(keep, () => ['session_id', 'cursor', 'limit', 'detail']), kept };
}

/** Bytes of the text blocks a model is shown. */
function shownBytes(content: Array<{ type: string; text?: string }>): number {
  return content.reduce((n, b) => n + (b.type === 'text' ? Buffer.byteLength(b.text!, 'utf8') : 0), 0);
}

test('an answer within the budget is sent as built', () => {
  const { guard: g, kept } = guard();
  const data = { session_id: 'sess_1', values: { 'cmi.location': 'p3' } };
  const link: ResourceLinkContent = { type: 'resource_link', uri: 'scorm-tester://x', name: 'x' };
  assert.deepEqual(g.toolResult('scorm_data_model_get', data, [link]), {
    content: [{ type: 'text', text: JSON.stringify(data) }, link],
    structuredContent: data,
  });
  assert.equal(kept.length, 0);
});

test('an answer over the budget is cut to it, says what was cut and keeps the whole', () => {
  const { guard: g, kept } = guard();
  const data = {
    session_id: 'sess_1',
    suspend_data: 's'.repeat(64_000),
    interactions: Array.from({ length: 500 }, (_, i) => ({ id: `q${i}`, description: 'd'.repeat(250) })),
  };
  const result = g.toolResult('scorm_data_model_get', data, []);
  const shown = result.content as Array<{ type: string; text?: string; uri?: string }>;
  assert.ok(shownBytes(shown) <= ANSWER_BUDGET_BYTES, `${shownBytes(shown)} bytes shown`);
  const cut = result.structuredContent as typeof data;
  assert.equal(cut.session_id, 'sess_1');
  assert.ok(cut.suspend_data.length < 64_000 && cut.suspend_data.endsWith('…'));
  assert.ok(cut.interactions.length < 500 && cut.interactions[0]!.id === 'q0');
  assert.equal(shown[0]!.text, JSON.stringify(cut));
  const note = shown[1]!.text!;
  assert.match(
    note,
    new RegExp(`scorm_data_model_get was \\d+ bytes, over the budget of ${ANSWER_BUDGET_BYTES} bytes`),
  );
  assert.match(note, /\/interactions: \d+ of 500/);
  assert.match(note, /scorm-tester:\/\/answer\/1/);
  assert.match(note, /with cursor, limit, detail/);
  assert.equal(shown[2]!.uri, 'scorm-tester://answer/1');
  assert.deepEqual(JSON.parse(kept[0]!.json), data);
  const meta = result._meta?.[ANSWER_CUT_META] as { answer_bytes: number; whole_answer_uri: string };
  assert.equal(meta.answer_bytes, Buffer.byteLength(JSON.stringify(data)));
  assert.equal(meta.whole_answer_uri, 'scorm-tester://answer/1');
});

test('a record with many course-named keys is cut, and the note does not repeat the course’s keys', () => {
  const { guard: g } = guard();
  const values: Record<string, string> = {};
  for (let i = 0; i < 5_000; i++) values[`<img src=x onerror=alert(${i})>`] = 'v'.repeat(50);
  const result = g.toolResult('scorm_data_model_get', { values }, []);
  const shown = result.content as Array<{ type: string; text?: string }>;
  assert.ok(shownBytes(shown) <= ANSWER_BUDGET_BYTES);
  assert.match(shown[1]!.text!, /\/values: \d+ of 5000/);
  assert.doesNotMatch(shown[1]!.text!, /onerror/);
});

test('images that would take the message past the client line limit are left out and said so', () => {
  const { guard: g } = guard();
  const image = { type: 'image' as const, data: 'A'.repeat(5 * 1024 * 1024), mimeType: 'image/png' };
  const result = g.toolResult('scorm_take_screenshot', { ok: true }, [image, image]);
  const blocks = result.content as Array<{ type: string; text?: string; data?: string }>;
  assert.equal(blocks.filter((b) => b.type === 'image').length, 1);
  assert.match(blocks.at(-1)!.text!, /image of 5242880 bytes \(base64\) was left out/);
  assert.ok(Buffer.byteLength(JSON.stringify(result)) < MESSAGE_LIMIT_BYTES);
});

test('a value nested too deeply to cut within the budget is refused with ANSWER_TOO_LARGE', () => {
  const { guard: g } = guard();
  let deep: unknown = 'x'.repeat(64);
  for (let i = 0; i < 14; i++) deep = [deep, deep, deep, deep];
  assert.throws(
    () => g.toolResult('scorm_dom_evaluate', { result: deep }, []),
    (error: unknown) => error instanceof ScormTesterError && error.code === 'ANSWER_TOO_LARGE',
  );
});

test('fitWithinBudget: cut strings keep surrogate pairs whole', () => {
  const fitted = fitWithinBudget({ s: '😀'.repeat(40_000) }, 1_000);
  assert.ok(fitted.fits);
  assert.doesNotMatch((fitted.value as { s: string }).s, /[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
});

test('jsonBytesWithin measures what JSON.stringify makes, and stops past its limit', () => {
  const values: unknown[] = [
    {},
    [],
    { a: undefined, b: [undefined, () => 1, 'é€😀"\\\n'], c: null, d: 1.5e300, e: NaN, f: { g: {} } },
    [[], {}, [[1, 2], { x: [true, false] }]],
    { when: new Date(0), nested: [{ '': '' }] },
  ];
  for (const value of values) {
    assert.equal(jsonBytesWithin(value, 1_000), Buffer.byteLength(JSON.stringify(value), 'utf8'));
  }
  assert.equal(jsonBytesWithin({ s: 'x'.repeat(100) }, 50), null);
});

test('each cut or refused answer is logged as MCP_ANSWER_CUT with the tool and its size; an answer that fits is not', () => {
  const logger = new Logger({ dir: tempDir('answer-cut-log-') });
  const g = new AnswerGuard(
    () => null,
    () => ['session_id'],
    logAnswerCuts(logger),
  );
  g.toolResult('scorm_runtime_status', { open: true }, []);
  const data = { session_id: 'sess_1', suspend_data: 's'.repeat(64_000) };
  const result = g.toolResult('scorm_data_model_get', data, []);
  let deep: unknown = 'x'.repeat(64);
  for (let i = 0; i < 14; i++) deep = [deep, deep, deep, deep];
  assert.throws(() => g.toolResult('scorm_dom_evaluate', { result: deep }, []));
  const cuts = logger.tail().filter((e) => e.msg === 'MCP_ANSWER_CUT');
  assert.deepEqual(
    cuts.map((e) => [e.level, e.tool]),
    [
      ['warn', 'scorm_data_model_get'],
      ['warn', 'scorm_dom_evaluate'],
    ],
  );
  const cut = cuts[0]!;
  assert.equal(cut.answer_bytes, Buffer.byteLength(JSON.stringify(data)));
  assert.equal(cut.shown_bytes, Buffer.byteLength(JSON.stringify(result.structuredContent)));
  assert.equal(cuts[1]!.shown_bytes, null, 'refused: nothing shown');
  const written = readFileSync(join(logger.dir, 'app.ndjson'), 'utf8');
  assert.match(written, /"msg":"MCP_ANSWER_CUT"/);
});
