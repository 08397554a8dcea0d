import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lintApiUsage } from '../../src/lint/api-usage/lint-api-usage.js';
import { launchChainOf } from '../helpers/launch-chain.js';

const DISCOVERY =
  'function findAPI(w){var n=0;while(w.API==null&&w.parent&&w.parent!=w&&n<500){n++;w=w.parent}return w.API}\nvar API=findAPI(window)||findAPI(window.opener);\n';

const chain = (resource: string, files: string[]) => launchChainOf(resource, files[0]!, files.slice(1));

test('api.no_terminate fires for the SCO that never terminates, even when another file of the package does', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'api-usage-per-sco-'));
  try {
    const files: Record<string, string> = {
      'api.js': DISCOVERY,
      'a.js':
        'API.LMSInitialize("");\nAPI.LMSSetValue("cmi.core.lesson_status", "completed");\nAPI.LMSFinish("");\n',
      'b.js': 'API.LMSInitialize("");\nAPI.LMSSetValue("cmi.core.lesson_status", "completed");\n',
      'a.html': '<script src="api.js"></script><script src="a.js"></script>',
      'b.html': '<script src="api.js"></script><script src="b.js"></script>',
      // No page loads it, yet it calls LMSFinish: that does not finish b's attempt.
      'unused.js': 'API.LMSFinish("");\n',
    };
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
    const result = await lintApiUsage({
      packageRoot: dir,
      scormVersion: '1.2',
      files: Object.keys(files),
      chains: [chain('res_a', ['a.html', 'api.js', 'a.js']), chain('res_b', ['b.html', 'api.js', 'b.js'])],
    });
    const found = result.findings.filter((f) => f.rule === 'api.no_terminate');
    assert.deepEqual(
      found.map((f) => [f.file, f.line, f.details?.sco]),
      [['b.js', 1, 'res_b']],
    );
    assert.match(
      found[0]?.message ?? '',
      /^SCO .* \(item .*\) calls LMSInitialize but nothing its launch page/,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
