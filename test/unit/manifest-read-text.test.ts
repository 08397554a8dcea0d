import assert from 'node:assert/strict';
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { isScormTesterError } from '../../src/core/errors.js';
import {
  decodeManifestBytes,
  MAX_MANIFEST_BYTES,
  parseManifest,
  readManifestText,
} from '../../src/manifest/index.js';

const XML =
  '<?xml version="1.0"?>\n<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="Ω-é"/>';

function utf16(text: string, be: boolean, bom: boolean): Uint8Array {
  const le = Buffer.from(text, 'utf16le');
  if (be) le.swap16();
  const mark = be ? [0xfe, 0xff] : [0xff, 0xfe];
  return bom ? Buffer.concat([Buffer.from(mark), le]) : le;
}

test('UTF-8 with and without BOM', () => {
  assert.deepEqual(decodeManifestBytes(Buffer.from(XML)), { text: XML, encoding: 'utf-8', hadBom: false });
  const withBom = decodeManifestBytes(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(XML)]));
  assert.deepEqual(withBom, { text: XML, encoding: 'utf-8', hadBom: true });
  assert.equal(parseManifest(withBom.text).manifest.identifier, 'Ω-é');
});

test('UTF-16 LE/BE by BOM and by the <?xml pattern', () => {
  const decl = XML.replace('?>', ' encoding="UTF-16"?>');
  assert.deepEqual(decodeManifestBytes(utf16(decl, false, true)), {
    text: decl,
    encoding: 'utf-16le',
    hadBom: true,
  });
  assert.deepEqual(decodeManifestBytes(utf16(decl, true, true)), {
    text: decl,
    encoding: 'utf-16be',
    hadBom: true,
  });
  assert.deepEqual(decodeManifestBytes(utf16(decl, false, false)), {
    text: decl,
    encoding: 'utf-16le',
    hadBom: false,
  });
  assert.deepEqual(decodeManifestBytes(utf16(decl, true, false)), {
    text: decl,
    encoding: 'utf-16be',
    hadBom: false,
  });
});

test('declared ISO-8859-1 and windows-1252 are decoded', () => {
  const latin = '<?xml version="1.0" encoding="ISO-8859-1"?>\n<manifest identifier="caf\u00e9 \u00e0"/>';
  const decoded = decodeManifestBytes(Buffer.from(latin, 'latin1'));
  assert.equal(decoded.text, latin);
  assert.equal(decoded.encoding, 'windows-1252');
  const iso =
    '<?xml version="1.0" encoding="ISO-8859-1"?>\n<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="caf\u00e9"/>';
  assert.equal(
    parseManifest(decodeManifestBytes(Buffer.from(iso, 'latin1')).text).manifest.identifier,
    'caf\u00e9',
  );
  const cp1252 = Buffer.concat([
    Buffer.from("<?xml version='1.0' encoding='windows-1252'?><m t=\""),
    Buffer.from([0x80]),
    Buffer.from('"/>'),
  ]);
  assert.match(decodeManifestBytes(cp1252).text, /t="€"/);
});

test('invalid UTF-8 names the line and byte offset and says to save as UTF-8', () => {
  const bytes = Buffer.concat([
    Buffer.from('<manifest>\n  <title>caf'),
    Buffer.from([0xe9]),
    Buffer.from('</title>\n</manifest>'),
  ]);
  assert.throws(
    () => decodeManifestBytes(bytes, 'x/imsmanifest.xml'),
    (err: unknown) =>
      isScormTesterError(err) &&
      err.code === 'MANIFEST_VALIDATION_ERROR' &&
      err.details?.['line'] === 2 &&
      err.details?.['column'] === 13 &&
      err.details?.['byteOffset'] === 23 &&
      err.message.startsWith('x/imsmanifest.xml:2:13: invalid UTF-8 byte 0xE9 at byte offset 23') &&
      err.message.includes('Save the file as UTF-8'),
  );
});

test('unsupported or contradictory encodings fail clearly', () => {
  const reject = (bytes: Uint8Array, pattern: RegExp): void =>
    assert.throws(
      () => decodeManifestBytes(bytes),
      (err: unknown) =>
        isScormTesterError(err) && err.code === 'MANIFEST_VALIDATION_ERROR' && pattern.test(err.message),
    );
  reject(Buffer.from('<?xml version="1.0" encoding="x-klingon"?><m/>'), /"x-klingon".*not supported.*UTF-8/);
  reject(Buffer.from('<?xml version="1.0" encoding="UTF-16"?><m/>'), /not UTF-16/);
  reject(Buffer.from([0x3c, 0, 0, 0, 0x3f, 0, 0, 0]), /UTF-32/);
  reject(Buffer.from([0xff, 0xfe, 0x3c, 0x00, 0x00, 0xd8]), /UTF-16LE/);
});

test('a manifest over 16 MiB is refused from its size, before it is read', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'manifest-read-'));
  try {
    const big = join(dir, 'imsmanifest.xml');
    await writeFile(big, '');
    await truncate(big, MAX_MANIFEST_BYTES + 1); // sparse: nothing is written
    await assert.rejects(
      readManifestText(big),
      (err: unknown) => isScormTesterError(err) && err.code === 'MANIFEST_TOO_LARGE',
    );
    const ok = join(dir, 'ok.xml');
    await writeFile(ok, XML);
    assert.equal((await readManifestText(ok)).text, XML);
    await assert.rejects(
      readManifestText(join(dir, 'missing.xml')),
      (err: unknown) => isScormTesterError(err) && err.code === 'MANIFEST_NOT_FOUND',
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
