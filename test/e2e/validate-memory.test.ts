import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../helpers/paths.js';
import { copySample } from '../helpers/course-builder.js';
import { libraryCode } from '../helpers/library-code.js';

const MB = 1024 * 1024;
const FILE_BYTES = 2 * MB;

/**
 * A course whose launch page loads `count` distinct large scripts, each with a long literal URL (kept
 * as a reference), and two smaller ones that call the API (their calls are kept for the package rules).
 */
function bigScriptsCourse(count: number): string {
  const files: Record<string, string> = {};
  const tags: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = `intro/lib/big-${i}.js`;
    files[name] =
      `${libraryCode(FILE_BYTES, i)}\nfetch("https://cdn.example.com/course-data/very/long/path/${i}.json");`;
    tags.push(`<script src="${name.slice('intro/'.length)}"></script>`);
  }
  for (const name of ['intro/lib/driver-a.js', 'intro/lib/driver-b.js']) {
    files[name] =
      `${libraryCode(FILE_BYTES / 8, name.length)}\nvar api = window.parent.API_1484_11; api.Initialize(""); api.SetValue("cmi.location", "page-one-of-the-course"); api.Terminate("");`;
    tags.push(`<script src="${name.slice('intro/'.length)}"></script>`);
  }
  const dir = copySample('sample-course', files);
  // The first SCO's launch page loads them all, so every one is on a launch chain.
  const launch = join(dir, 'intro/index.html');
  writeFileSync(launch, readFileSync(launch, 'utf8').replace('</head>', `${tags.join('\n')}\n</head>`));
  return dir;
}

function run(args: string[]): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      args,
      { cwd: REPO_ROOT, maxBuffer: 64 * MB, timeout: 120_000 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve({ stdout, stderr }),
    );
  });
}

test('after a validation of many large scripts, no file text stays alive: not in references, API calls or V8 compilation cache', async () => {
  const dir = bigScriptsCourse(6);
  const child = join(REPO_ROOT, 'dist/test/helpers/validation-retention.js');
  const { stdout } = await run(['--expose-gc', child, join(REPO_ROOT, 'samples/sample-course'), dir]);
  const { retainedBytes, rules } = JSON.parse(stdout) as { retainedBytes: number; rules: string[] };
  // The references were read (the dependency rule reports them), so they were kept until the end.
  assert.ok(rules.includes('deps.external_request intro/lib/big-0.js'), rules.join('\n'));
  // 6 x 2 MB + 2 x 256 kB of script were checked; what stays is findings and small per-file records.
  assert.ok(retainedBytes < FILE_BYTES, `${(retainedBytes / MB).toFixed(1)} MB still alive`);
});
