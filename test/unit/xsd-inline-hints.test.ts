import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { courseTextOf, withCourseText } from '../helpers/course-text.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHARED_SKIP } from '../helpers/paths.js';
import { readElementHints } from '../../src/lint/xsd/element-hints.js';
import { TextPositions } from '../../src/lint/xsd/text-position.js';
import { validateManifestAgainstSchemas } from '../../src/lint/xsd/validate-xsd.js';
import type { Finding } from '../../src/core/findings.js';
import { manifest2004, NS_2004, removeTempPackages, tempPackage } from '../fixtures/xsd/temp-package.js';

after(removeTempPackages);

const show = (findings: Finding[]) =>
  findings.map((f) => `${f.rule} ${f.severity} ${f.file}:${f.line}:${f.column} ${f.message}`).join('\n');
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;
const run = (manifestText: string, packageRoot: string) =>
  validateManifestAgainstSchemas({ packageRoot, manifestText });

// A root schema whose metadata, like IMS CP's, takes any element of another namespace strictly.
const ROOT_SCHEMA = `<?xml version="1.0"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:test:cp" xmlns="urn:test:cp"
    elementFormDefault="qualified">
  <xs:element name="manifest">
    <xs:complexType><xs:sequence>
      <xs:element name="metadata" minOccurs="0" maxOccurs="unbounded">
        <xs:complexType><xs:sequence>
          <xs:any namespace="##other" processContents="strict" minOccurs="0" maxOccurs="unbounded"/>
        </xs:sequence></xs:complexType>
      </xs:element>
    </xs:sequence></xs:complexType>
  </xs:element>
</xs:schema>
`;
const LOM = 'http://ltsc.ieee.org/xsd/LOM';
const MINI_LOM = `<?xml version="1.0"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="${LOM}" xmlns="${LOM}"
    elementFormDefault="qualified">
  <xs:element name="lom"><xs:complexType><xs:sequence>
    <xs:element name="title" type="xs:string"/>
  </xs:sequence></xs:complexType></xs:element>
</xs:schema>
`;
const XSI = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';
const inlineLom = (body = '<title>Lesson</title>', location = 'lom.xsd') =>
  `<lom xmlns="${LOM}" ${XSI} xsi:schemaLocation="${LOM} ${location}">${body}</lom>`;
const manifest = (metadata: string, rootLocation = 'urn:test:cp cp.xsd') => `<?xml version="1.0"?>
<manifest xmlns="urn:test:cp" ${XSI}
    xsi:schemaLocation="${rootLocation}">
  <metadata>
    ${metadata}
  </metadata>
</manifest>
`;

test('an xsi:schemaLocation hint on in-line <lom> supplies its schema from the package', async () => {
  const root = tempPackage({ files: { 'cp.xsd': ROOT_SCHEMA, 'lom.xsd': MINI_LOM } });
  assert.deepEqual(await run(manifest(inlineLom()), root), []);
  // The hinted schema is really applied: content it forbids is an error on that element.
  const bad = manifest(inlineLom('<title>Lesson</title><bogus/>'));
  const findings = await run(bad, root);
  assert.deepEqual(
    findings.map((f) => [f.rule, f.severity, f.line]),
    [['xsd.invalid', 'error', lineOf(bad, '<lom ')]],
    show(findings),
  );
  assert.doesNotMatch(findings[0]?.message ?? '', /bogus/);
  assert.match(courseTextOf(findings[0] ?? {}, 'quoted'), /bogus/);
});

test('a hinted schema that is not in the package is one warning naming it, not a strict-wildcard error', async () => {
  const text = manifest(inlineLom('<title>Lesson</title>', 'meta/lom.xsd'));
  const findings = await run(text, tempPackage({ files: { 'cp.xsd': ROOT_SCHEMA } }));
  assert.equal(findings.length, 1, show(findings));
  const [f] = findings as [Finding];
  assert.equal(f.rule, 'xsd.inline_schema_missing');
  assert.equal(f.severity, 'warning');
  assert.equal(f.file, 'imsmanifest.xml');
  assert.equal(f.line, lineOf(text, 'xsi:schemaLocation="' + LOM));
  const lineText = text.split('\n')[f.line - 1] as string;
  assert.equal(f.column, lineText.indexOf('xsi:schemaLocation') + 1);
  assert.match(
    withCourseText(f, f.message),
    /meta\/lom\.xsd that xsi:schemaLocation on <lom> names for namespace http:\/\/ltsc\.ieee\.org\/xsd\/LOM is not in the package \(looked for meta\/lom\.xsd\)/,
  );
  assert.match(withCourseText(f, f.fix), /Ship lom\.xsd .* as meta\/lom\.xsd/);
});

test('a hint that leaves the package is refused and reported as a warning', async () => {
  const findings = await run(
    manifest(inlineLom('<title>Lesson</title>', '../../etc/lom.xsd')),
    tempPackage({ files: { 'cp.xsd': ROOT_SCHEMA } }),
  );
  assert.deepEqual(
    findings.map((f) => [f.rule, f.severity]),
    [['xsd.inline_schema_missing', 'warning']],
    show(findings),
  );
  assert.match(findings[0]?.message ?? '', /points outside the package root/);
});

test('a namespace the root already names keeps the root schema; the inner hint is not needed', async () => {
  const root = tempPackage({ files: { 'cp.xsd': ROOT_SCHEMA, 'lom.xsd': MINI_LOM } });
  const text = manifest(
    inlineLom('<title>Lesson</title>', 'absent.xsd'),
    `urn:test:cp cp.xsd ${LOM} lom.xsd`,
  );
  assert.deepEqual(await run(text, root), []);
});

test('a malformed inner hint is reported where it stands', async () => {
  const text = manifest(`<lom xmlns="${LOM}" ${XSI} xsi:schemaLocation="${LOM}"><title>Lesson</title></lom>`);
  const findings = await run(text, tempPackage({ files: { 'cp.xsd': ROOT_SCHEMA } }));
  const malformed = findings.filter((f) => f.rule === 'xsd.schema_location_malformed');
  assert.equal(malformed.length, 1, show(findings));
  assert.equal(malformed[0]?.line, lineOf(text, '<lom '));
  assert.match(malformed[0]?.message ?? '', /on <lom>/);
});

test('inner xsi:noNamespaceSchemaLocation is honoured', async () => {
  const schema = `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="note" type="xs:string"/></xs:schema>`;
  // ##other never admits unqualified elements; ##any does, still strictly.
  const cp = ROOT_SCHEMA.replace('##other', '##any');
  const root = tempPackage({ files: { 'cp.xsd': cp, 'note.xsd': schema } });
  const note = (body: string) =>
    manifest(`<note xmlns="" ${XSI} xsi:noNamespaceSchemaLocation="note.xsd">${body}</note>`);
  assert.deepEqual(await run(note('text'), root), []);
  const bad = await run(note('<child/>'), root);
  assert.deepEqual(
    bad.map((f) => f.rule),
    ['xsd.invalid'],
    show(bad),
  );
});

test('element hints: every element below the root, with positions; comments are not read', () => {
  const text = `<r xmlns="urn:r" ${XSI} xsi:schemaLocation="urn:r r.xsd">
  <!-- <a xsi:schemaLocation="decoy decoy.xsd"/> -->
  <a xmlns="urn:a"
     xsi:schemaLocation="urn:a a.xsd"/>
  <b><c xsi:noNamespaceSchemaLocation=" c.xsd "/></b>
</r>`;
  const hints = readElementHints(text, new TextPositions(text));
  assert.deepEqual(
    hints.map((h) => ({
      element: h.element,
      at: [h.line, h.column],
      pairs: h.schemaLocation?.pairs,
      attribute: h.schemaLocation ? [h.schemaLocation.line, h.schemaLocation.column] : undefined,
      none: h.noNamespaceSchemaLocation?.location,
    })),
    [
      {
        element: 'a',
        at: [3, 3],
        pairs: [{ namespace: 'urn:a', location: 'a.xsd' }],
        attribute: [4, 6],
        none: undefined,
      },
      { element: 'c', at: [5, 6], pairs: undefined, attribute: undefined, none: 'c.xsd' },
    ],
  );
});

test("element hints: given the root's hints, a manifest with none below the root gives none, and one with some the same as a full read", () => {
  const rootOnly = `<r xmlns="urn:r" ${XSI} xsi:schemaLocation="urn:r r.xsd"><a><b/></a></r>`;
  const rootHints = {
    schemaLocation: { line: 1, column: 1, pairs: [{ namespace: 'urn:r', location: 'r.xsd' }] },
  };
  assert.deepEqual(readElementHints(rootOnly, new TextPositions(rootOnly), rootHints), []);
  // A name below the root (in a comment, or a real hint) means the document is read as before.
  for (const text of [
    `<r xmlns="urn:r" ${XSI} xsi:schemaLocation="urn:r r.xsd"><!-- schemaLocation --><a/></r>`,
    `<r xmlns="urn:r" ${XSI} xsi:schemaLocation="urn:r r.xsd"><a xsi:noNamespaceSchemaLocation="a.xsd"/></r>`,
    `<r xmlns="urn:r" ${XSI} xsi:schemaLocation="urn:r r.xsd"><a xsi:schemaLocation="urn:a a.xsd"/></r>`,
  ]) {
    const positions = new TextPositions(text);
    assert.deepEqual(readElementHints(text, positions, rootHints), readElementHints(text, positions));
  }
  const inner = `<r xmlns="urn:r" ${XSI} xsi:schemaLocation="urn:r r.xsd"><a xsi:schemaLocation="urn:a a.xsd"/></r>`;
  assert.equal(readElementHints(inner, new TextPositions(inner), rootHints).length, 1);
});

// ADL's 4th Ed. imscp_v1p1.xsd takes metadata laxly; the IMS CP 1.1.4 copy exports ship (Captivate)
// takes it strictly, which is where a LOM schema only a hint names is needed.
const strictCp = (root: string): string => {
  const file = join(root, 'imscp_v1p1.xsd');
  const text = readFileSync(file, 'utf8');
  const strict = text.replace(/(<xsd:any namespace = "##other" processContents = )"lax"/, '$1"strict"');
  assert.notEqual(strict, text);
  writeFileSync(file, strict);
  return root;
};

test(
  'with the real IMS CP (strict metadata wildcard) and LOM schemas, in-line metadata hinted as in exports validates',
  { skip: SHARED_SKIP },
  async () => {
    const metadata = `
    <lom xmlns="${NS_2004.lom}" ${XSI} xsi:schemaLocation="${NS_2004.lom} lom.xsd">
      <general><description><string language="en-us">Course description.</string></description></general>
    </lom>`;
    const text = manifest2004({ metadata });
    assert.deepEqual(await run(text, strictCp(tempPackage({ schemas: 'scorm2004-4th' }))), []);
    const invalid = text.replace('<general>', '<general><bogus/>');
    const bad = await run(invalid, strictCp(tempPackage({ schemas: 'scorm2004-4th' })));
    assert.ok(
      bad.some((f) => f.rule === 'xsd.invalid' && f.severity === 'error'),
      show(bad),
    );
    const withoutLom = strictCp(
      tempPackage({ schemas: 'scorm2004-4th', only: ['imscp_v1p1.xsd', 'adlcp_v1p3.xsd'] }),
    );
    const findings = await run(text, withoutLom);
    assert.deepEqual(
      findings.map((f) => [f.rule, f.line]),
      [['xsd.inline_schema_missing', lineOf(text, `<lom xmlns`)]],
      show(findings),
    );
  },
);
