/** apiMethodName: the method a tool names, in the runtime's version; no browser. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { apiMethodName } from '../../src/runtime/api-method-name.js';
import { isScormTesterError } from '../../src/core/errors.js';

test("a version's own names pass as they are", () => {
  assert.equal(apiMethodName('2004', 'GetValue'), 'GetValue');
  assert.equal(apiMethodName('1.2', 'LMSSetValue'), 'LMSSetValue');
  assert.equal(apiMethodName('1.2', 'LMSFinish'), 'LMSFinish');
});

test("the other version's names map to this version's, Finish and Terminate included", () => {
  assert.equal(apiMethodName('1.2', 'GetValue'), 'LMSGetValue');
  assert.equal(apiMethodName('1.2', 'Terminate'), 'LMSFinish');
  assert.equal(apiMethodName('2004', 'LMSFinish'), 'Terminate');
  assert.equal(apiMethodName('2004', 'LMSGetLastError'), 'GetLastError');
});

test('anything else is INVALID_SCORM_METHOD naming the version and its methods', () => {
  for (const bad of ['Finish', 'getvalue', '', 42, null]) {
    assert.throws(
      () => apiMethodName('2004', bad),
      (err: unknown) =>
        isScormTesterError(err) &&
        err.code === 'INVALID_SCORM_METHOD' &&
        err.message.includes(`"${String(bad)}" is not a SCORM 2004 API method`) &&
        err.message.includes('Initialize, Terminate'),
    );
  }
});
