/**
 * The run-time answers every call as the standard says, through the real player over MCP: the calls
 * bare scorm-again got wrong (issue 7) are refused with the code ADL's conformance scripts expect, and
 * the data model is whole afterwards.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { writePackage } from '../helpers/course-builder.js';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

/** A SCORM 1.2 SCO that finds its API and waits for the tester. */
const WAITING_12 = writePackage({
  'imsmanifest.xml': `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="strict-12" version="1.0" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
          xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Waits</title>
    <item identifier="item" identifierref="res"><title>Waits</title></item>
  </organization></organizations>
  <resources><resource identifier="res" type="webcontent" adlcp:scormtype="sco" href="index.html">
    <file href="index.html"/></resource></resources>
</manifest>`,
  'index.html': '<!doctype html><title>Waits</title><h1>Waiting for the tester</h1>',
});

async function openRuntime(
  packagePath: string,
): Promise<(method: string, ...args: string[]) => Promise<string>> {
  const { session_id } = await callTool<{ session_id: string }>(server.client, 'scorm_session_open', {
    package_path: packagePath,
  });
  await callTool(server.client, 'scorm_runtime_open', { session_id });
  return async (method, ...args) => {
    const r = await callTool<{ result: string; error_code: string }>(server.client, 'scorm_api_call', {
      session_id,
      method,
      args,
    });
    return `${r.result}|${r.error_code}`;
  };
}

test('SCORM 2004: SetValue("cmi", …) and SetValue("adl", …) are refused with 401; the data model stays whole', async () => {
  const call = await openRuntime(join(FIXTURES_DIR, 'courses', 'never-initialize'));
  assert.equal(await call('Initialize', ''), 'true|0');
  assert.equal(await call('SetValue', 'cmi.location', 'before'), 'true|0');
  assert.equal(await call('SetValue', 'cmi', 'illegal'), 'false|401');
  assert.equal(await call('GetValue', 'cmi'), '|401');
  assert.equal(await call('SetValue', 'adl', 'x'), 'false|401');
  assert.equal(await call('SetValue', 'adl.nav', 'x'), 'false|401');
  // Every element still answers.
  assert.equal(await call('GetValue', 'cmi.location'), 'before|0');
  assert.equal(await call('GetValue', 'cmi.completion_status'), 'unknown|0');
  assert.equal(await call('GetValue', 'cmi.learner_id'), 'learner-1|0');
  assert.equal(await call('SetValue', 'cmi.location', 'after'), 'true|0');
  assert.equal(await call('GetValue', 'cmi.location'), 'after|0');
  assert.equal(await call('GetValue', 'adl.nav.request'), '_none_|0');
  // GetLastError, GetErrorString and GetDiagnostic never change the error state.
  assert.equal(await call('SetValue', 'cmi.score.scaled', '1.5'), 'false|407');
  assert.equal(await call('GetErrorString', '407'), 'Data Model Element Value Out Of Range|407');
  assert.match(await call('GetDiagnostic', ''), /score\.scaled.*\|407$/);
  assert.equal(await call('GetLastError'), '407|407');
  assert.equal(await call('Terminate', ''), 'true|0');
});

test('SCORM 1.2: a session_time without two hour digits and a suspend_data over 4,096 characters fail with 405', async () => {
  const call = await openRuntime(WAITING_12);
  assert.equal(await call('LMSInitialize', ''), 'true|0');
  assert.equal(await call('LMSSetValue', 'cmi.core.session_time', '1:00:00'), 'false|405');
  assert.equal(await call('LMSSetValue', 'cmi.core.session_time', '01:00:00'), 'true|0');
  assert.equal(await call('LMSSetValue', 'cmi.suspend_data', 'x'.repeat(4097)), 'false|405');
  assert.equal(await call('LMSGetValue', 'cmi.suspend_data'), '|0');
  assert.equal(await call('LMSSetValue', 'cmi.suspend_data', 'y'.repeat(4096)), 'true|0');
  assert.equal(await call('LMSGetValue', 'cmi.suspend_data'), `${'y'.repeat(4096)}|0`);
  assert.equal(await call('LMSSetValue', 'cmi.core.lesson_status', 'passed'), 'true|0');
  assert.equal(await call('LMSGetValue', 'cmi.core.lesson_status'), 'passed|0');
  assert.equal(await call('LMSFinish', ''), 'true|0');
});
