import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { runLearnerJourney } from '../../bench/learner-journey-run.js';
import { SERVER_ENTRY } from '../helpers/mcp-client.js';
import { SAMPLES_DIR } from '../helpers/paths.js';

test('the learner journey completes our demo course with our tools alone, within its budget', async () => {
  const steps: string[] = [];
  const budget = { calls: 80, ms: 4 * 60_000 };
  const result = await runLearnerJourney(
    SERVER_ENTRY,
    'demo',
    join(SAMPLES_DIR, 'automation-course'),
    budget,
    (line) => steps.push(line),
  );
  assert.deepEqual(result.stop, { kind: 'completed' }, steps.join('\n'));
  assert.equal(result.completion, 'completed');
  assert.equal(result.why, null);
  assert.equal(result.failed_calls, 0, steps.join('\n'));
  assert.ok(result.tool_calls <= budget.calls, `${result.tool_calls} calls`);
  assert.equal(result.slides_total, 6);
  assert.equal(result.pages_seen, 6);
  // Every kind of question the demo asks was answered through the tools: options, text, selects.
  const done = steps.join('\n');
  for (const tool of ['scorm_dom_click', 'scorm_dom_fill', 'scorm_keyboard_type', 'scorm_scroll'])
    assert.match(done, new RegExp(tool), `${tool} was never used:\n${done}`);
});
