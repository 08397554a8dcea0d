import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findingPointer } from '../../src/mcp/tools/validation/validation-helpers.js';
import type { Finding } from '../../src/core/findings.js';

/** Two SCOs' findings at one line of a shared file: the same words until their course text is filled in. */
const perSco = (sco: string): Finding =>
  ({
    rule: 'api.runtime_values',
    severity: 'info',
    category: 'api_usage',
    message: 'SCO `course_text.quoted[0]`: 3 calls pass values only known at run time',
    fix: 'Nothing to fix here: run the course.',
    file: 'shared/scorm-api.js',
    line: 48,
    column: 7,
    course_text: { quoted: [{ text: sco, length: sco.length }] },
  }) as unknown as Finding;

test("each of two SCOs' findings at the same line points to its own entry", () => {
  const [intro, quiz] = [perSco('res_intro'), perSco('res_quiz')];
  const pointer = findingPointer([intro, quiz]);
  assert.equal(pointer.sentence(intro), 'see findings[0]');
  assert.equal(pointer.sentence(quiz), 'see findings[1]');
  assert.equal(pointer.line(quiz), 'shared/scorm-api.js:48:7 [api.runtime_values] findings[1]');
});
