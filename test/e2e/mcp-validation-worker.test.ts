import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { writePackage } from '../helpers/course-builder.js';
import {
  manyElementsManifest,
  nestedElementsManifest,
  nestedItemsManifest,
  SCO_PAGE,
} from '../helpers/hostile-manifests.js';
import { callTool, callToolError, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { SAMPLES_DIR } from '../helpers/paths.js';

const SAMPLE = join(SAMPLES_DIR, 'sample-course');
let server: StartedServer;

before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

interface LintResult {
  valid: boolean;
  findings: Array<{ rule: string; line: number; message: string }>;
}

test('finding: 20,000 nested <item>s and 200,000 nested elements give xml.too_deep through the server', async () => {
  for (const manifest of [nestedItemsManifest(20_000), nestedElementsManifest(200_000)]) {
    const dir = writePackage({ 'imsmanifest.xml': manifest, 'index.html': SCO_PAGE });
    const result = await callTool<LintResult>(server.client, 'scorm_lint_manifest', { workspace_path: dir });
    assert.equal(result.valid, false);
    assert.deepEqual(
      result.findings.map((f) => f.rule),
      ['xml.too_deep'],
    );
    assert.match(result.findings[0]?.message ?? '', /nested more than 100 levels deep/);
  }
});

test('while a heavy package validates, tools/list and system_get_logs keep being answered', async () => {
  const heavy = writePackage({ 'imsmanifest.xml': manyElementsManifest(300_000), 'index.html': SCO_PAGE });
  let settled = false;
  const validation = callTool(server.client, 'scorm_validate_workspace', { workspace_path: heavy }).finally(
    () => {
      settled = true;
    },
  );
  // One probe after another until the validation ends. Validating on the main thread, only the few
  // probes that fall into its awaits were answered (measured: 10); in the worker, every probe is.
  const answered = { 'tools/list': 0, system_get_logs: 0 };
  for (let i = 0; !settled; i++) {
    if (i % 2 === 0) {
      // A raw tools/list: Client.listTools() also compiles every tool's outputSchema in the client, which
      // measures the client, not whether the server answers.
      const tools = await server.client.request({ method: 'tools/list' }, ListToolsResultSchema);
      assert.ok(tools.tools.some((t) => t.name === 'scorm_validate_workspace'));
      if (!settled) answered['tools/list']++;
    } else {
      const logs = await callTool<{ entries: unknown[] }>(server.client, 'system_get_logs', { tail: 5 });
      assert.ok(Array.isArray(logs.entries));
      if (!settled) answered.system_get_logs++;
    }
  }
  assert.ok(
    answered['tools/list'] >= 25 && answered.system_get_logs >= 25,
    `answered while validating: ${JSON.stringify(answered)}`,
  );
  const result = (await validation) as { scorm_version: string };
  assert.equal(result.scorm_version, '2004 4th Edition');
});

test('a validation past SCORM_TESTER_VALIDATION_TIMEOUT_MS fails with VALIDATION_TIMEOUT; the server goes on', async () => {
  const hurried = await startServer({ SCORM_TESTER_VALIDATION_TIMEOUT_MS: '100' });
  try {
    const heavy = writePackage({ 'imsmanifest.xml': manyElementsManifest(300_000), 'index.html': SCO_PAGE });
    const error = await callToolError(hurried.client, 'scorm_validate_workspace', { workspace_path: heavy });
    assert.equal(error.error_code, 'VALIDATION_TIMEOUT');
    assert.match(error.message, /longer than 100 ms/);
    const tools = await hurried.client.listTools();
    assert.ok(tools.tools.length > 0);
  } finally {
    await hurried.close();
  }
  const ok = await callTool<{ success: boolean }>(server.client, 'scorm_validate_workspace', {
    workspace_path: SAMPLE,
  });
  assert.equal(ok.success, true);
});
