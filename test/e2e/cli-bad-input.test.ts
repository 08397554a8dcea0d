import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copySample, writePackage } from '../helpers/course-builder.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { buildZip } from '../helpers/zip-writer.js';
import { generateLargePackage } from '../../bench/generate.js';
import { tempDir } from '../helpers/temp.js';

const CLI = join(REPO_ROOT, 'dist/bundle/cli-main.js');

function validate(path: string): {
  status: number | null;
  json: { valid: boolean; errors: Array<{ rule: string; line: number; message: string }> } | null;
  stderr: string;
} {
  const r = spawnSync(process.execPath, [CLI, 'validate', path, '--format', 'json'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  let json = null;
  try {
    json = JSON.parse(r.stdout);
  } catch {
    json = null;
  }
  return { status: r.status, json, stderr: r.stderr };
}

const MANIFEST_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

test('non-UTF-8 bytes in a UTF-8 manifest: xml.encoding finding with the line', () => {
  const dir = copySample();
  const text = readFileSync(join(dir, 'imsmanifest.xml'));
  const at = text.indexOf('Reading a Weather Map');
  writeFileSync(
    join(dir, 'imsmanifest.xml'),
    Buffer.concat([text.subarray(0, at), Buffer.from([0xff, 0xfe, 0x41]), text.subarray(at)]),
  );
  const r = validate(dir);
  assert.equal(r.status, 1, r.stderr);
  assert.equal(r.json?.errors[0]?.rule, 'xml.encoding');
  assert.ok((r.json?.errors[0]?.line ?? 0) > 1);
});

test('DOCTYPE with an external entity is refused and never resolved', () => {
  const dir = writePackage({
    'imsmanifest.xml': `${MANIFEST_HEAD}<!DOCTYPE manifest [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<manifest identifier="m">&xxe;</manifest>\n`,
  });
  const r = validate(dir);
  assert.equal(r.status, 1);
  assert.equal(r.json?.errors[0]?.rule, 'xml.doctype_entities');
  assert.doesNotMatch(JSON.stringify(r.json), /root:x:0/);
});

test('a 50 MB manifest is refused quickly with xml.too_large', () => {
  const dir = tempDir('scorm-tester-huge-');
  const filler = Buffer.alloc(50 * 1024 * 1024, 0x20);
  writeFileSync(
    join(dir, 'imsmanifest.xml'),
    Buffer.concat([
      Buffer.from(`${MANIFEST_HEAD}<manifest identifier="m">`),
      filler,
      Buffer.from('</manifest>'),
    ]),
  );
  const r = validate(dir);
  assert.equal(r.status, 1);
  assert.equal(r.json?.errors[0]?.rule, 'xml.too_large');
  assert.match(r.json?.errors[0]?.message ?? '', /MiB/);
});

test('10,000 resources validate (no crash, no false errors)', () => {
  const dir = generateLargePackage(10_000);
  const r = validate(dir);
  assert.equal(r.status, 0, JSON.stringify(r.json?.errors.slice(0, 3)) + r.stderr);
});

test('hostile zips exit 2 with their own codes: bomb, encrypted, truncated, not a zip', () => {
  const dir = tempDir('scorm-tester-zips-');
  const cases: Array<[string, Buffer, string]> = [
    [
      'bomb.zip',
      buildZip([
        { name: 'imsmanifest.xml', data: '<manifest/>' },
        { name: 'zeros.bin', data: Buffer.alloc(60 * 1024 * 1024) },
      ]),
      'ZIP_COMPRESSION_RATIO',
    ],
    [
      'encrypted.zip',
      buildZip([{ name: 'imsmanifest.xml', data: '<manifest/>', encrypted: true }]),
      'ZIP_ENCRYPTED',
    ],
    [
      'truncated.zip',
      buildZip([{ name: 'imsmanifest.xml', data: 'x'.repeat(5000), method: 'store' }]).subarray(0, 2000),
      'ZIP_TRUNCATED',
    ],
    ['text.zip', Buffer.from('definitely not a zip'), 'ZIP_INVALID'],
  ];
  for (const [name, bytes, code] of cases) {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    const r = validate(path);
    assert.equal(r.status, 2, `${name}: ${r.stderr}`);
    assert.match(r.stderr, new RegExp(code), name);
  }
});
