import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { withCourseText } from '../helpers/course-text.js';
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { SHARED_SKIP } from '../helpers/paths.js';
import { validateManifestAgainstSchemas } from '../../src/lint/xsd/validate-xsd.js';
import type { Finding } from '../../src/core/findings.js';
import { manifest2004, NS_2004, removeTempPackages, tempPackage } from '../fixtures/xsd/temp-package.js';

after(removeTempPackages);

const CORE = ['imscp_v1p1.xsd', 'adlcp_v1p3.xsd'];
const show = (findings: Finding[]) =>
  findings.map((f) => `${f.rule} ${f.file}:${f.line}:${f.column} ${f.message}`).join('\n');
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

async function run(manifestText: string, root: string, manifestFile?: string): Promise<Finding[]> {
  return validateManifestAgainstSchemas({ packageRoot: root, manifestText, manifestFile });
}

test('a valid manifest with its core schemas has no findings', { skip: SHARED_SKIP }, async () => {
  const findings = await run(manifest2004(), tempPackage({ schemas: 'scorm2004-4th', only: CORE }));
  assert.deepEqual(findings, []);
});

test(
  'a misplaced element gives xsd.invalid on its line and column, with the allowed elements',
  { skip: SHARED_SKIP },
  async () => {
    const text = manifest2004().replace('  <metadata>', '  <resources/>\n  <metadata>');
    const findings = await run(text, tempPackage({ schemas: 'scorm2004-4th', only: CORE }));
    assert.equal(findings.length, 1, show(findings));
    const [f] = findings as [Finding];
    assert.equal(f.rule, 'xsd.invalid');
    assert.equal(f.severity, 'error');
    assert.equal(f.category, 'xsd');
    assert.equal(f.file, 'imsmanifest.xml');
    assert.equal(f.line, lineOf(text, '<resources/>'));
    assert.equal(f.column, 3);
    assert.match(
      f.fix,
      /<resources> is not allowed at this position\. Allowed here: <metadata>, <organizations>/,
    );
  },
);

test(
  'an attribute error points at the attribute, even in a start tag spread over lines',
  { skip: SHARED_SKIP },
  async () => {
    const text = manifest2004().replace(
      '<item identifier="item1" identifierref="res1">',
      '<item identifier="item1"\n        identifierref="res1" isvisible="perhaps">',
    );
    const findings = await run(text, tempPackage({ schemas: 'scorm2004-4th', only: CORE }));
    assert.equal(findings.length, 1, show(findings));
    const line = lineOf(text, 'isvisible=');
    assert.equal(findings[0]?.line, line);
    assert.equal(findings[0]?.column, (text.split('\n')[line - 1] as string).indexOf('isvisible') + 1);
    assert.match(findings[0]?.fix ?? '', /true or false/);
  },
);

test(
  'a missing schema file gives cp.controlling_document_missing at the schemaLocation attribute',
  { skip: SHARED_SKIP },
  async () => {
    const text = manifest2004();
    const findings = await run(text, tempPackage({ schemas: 'scorm2004-4th', only: ['imscp_v1p1.xsd'] }));
    assert.equal(findings.length, 1, show(findings));
    const [f] = findings as [Finding];
    assert.equal(f.rule, 'cp.controlling_document_missing');
    assert.equal(f.severity, 'error');
    assert.ok(f.adl && f.adl.length > 0);
    assert.equal(f.line, lineOf(text, 'xsi:schemaLocation'));
    assert.equal(f.column, 5);
    assert.match(withCourseText(f, f.fix), /Add adlcp_v1p3\.xsd at the package root/);
  },
);

test(
  'without the schema of the root namespace the manifest is not validated, and says so',
  { skip: SHARED_SKIP },
  async () => {
    const findings = await run(
      manifest2004(),
      tempPackage({ schemas: 'scorm2004-4th', only: ['adlcp_v1p3.xsd'] }),
    );
    assert.deepEqual(
      findings.map((f) => f.rule),
      ['cp.controlling_document_missing', 'xsd.not_validated'],
    );
  },
);

test('a schema file whose name differs only in case is named in the fix', { skip: SHARED_SKIP }, async () => {
  const root = tempPackage({ schemas: 'scorm2004-4th', only: CORE });
  renameSync(join(root, 'adlcp_v1p3.xsd'), join(root, 'ADLCP_v1p3.xsd'));
  const findings = await run(manifest2004(), root);
  assert.equal(findings[0]?.rule, 'cp.controlling_document_missing');
  assert.match(
    withCourseText(findings[0] ?? {}, findings[0]?.fix ?? ''),
    /has ADLCP_v1p3\.xsd, which differs only in letter case/,
  );
});

test('schema locations outside the package are refused', { skip: SHARED_SKIP }, async () => {
  for (const location of ['../adlcp_v1p3.xsd', '/etc/adlcp_v1p3.xsd', 'sub/../../adlcp_v1p3.xsd']) {
    const text = manifest2004({
      schemaLocation: `${NS_2004.imscp} imscp_v1p1.xsd ${NS_2004.adlcp} ${location}`,
    });
    const findings = await run(text, tempPackage({ schemas: 'scorm2004-4th', only: CORE }));
    assert.deepEqual(
      findings.map((f) => f.rule),
      ['cp.controlling_document_missing'],
      `${location}\n${show(findings)}`,
    );
  }
});

test(
  'the manifest may live in a subfolder: locations resolve relative to it',
  { skip: SHARED_SKIP },
  async () => {
    const root = tempPackage({ files: { 'course/placeholder.txt': '' } });
    const inner = tempPackage({ schemas: 'scorm2004-4th', only: CORE });
    for (const name of CORE) renameSync(join(inner, name), join(root, 'course', name));
    const findings = await run(manifest2004(), root, 'course/imsmanifest.xml');
    assert.deepEqual(findings, []);
  },
);

test('no xsi:schemaLocation gives cp.schema_location_missing', async () => {
  const findings = await run(manifest2004({ schemaLocation: null }), tempPackage());
  assert.deepEqual(
    findings.map((f) => [f.rule, f.severity, f.line]),
    [['cp.schema_location_missing', 'warning', 2]],
  );
});

test(
  'an odd number of schemaLocation tokens gives xsd.schema_location_malformed',
  { skip: SHARED_SKIP },
  async () => {
    const text = manifest2004({
      schemaLocation: `${NS_2004.imscp} imscp_v1p1.xsd ${NS_2004.adlcp} adlcp_v1p3.xsd urn:dangling`,
    });
    const findings = await run(text, tempPackage({ schemas: 'scorm2004-4th', only: CORE }));
    assert.deepEqual(
      findings.map((f) => f.rule),
      ['xsd.schema_location_malformed'],
    );
    assert.match(
      withCourseText(findings[0] ?? {}, findings[0]?.message ?? ''),
      /but urn:dangling has no partner/,
    );
  },
);

test(
  "a namespace paired with another namespace's schema gives xsd.schema_namespace_mismatch",
  { skip: SHARED_SKIP },
  async () => {
    const text = manifest2004({
      schemaLocation: `${NS_2004.imscp} imscp_v1p1.xsd ${NS_2004.adlcp} imscp_v1p1.xsd`,
    });
    const findings = await run(text, tempPackage({ schemas: 'scorm2004-4th', only: CORE }));
    assert.deepEqual(
      findings.map((f) => f.rule),
      ['xsd.schema_namespace_mismatch'],
      show(findings),
    );
  },
);

test(
  'a remote schemaLocation in the manifest gives xsd.remote_schema and is not fetched',
  { skip: SHARED_SKIP },
  async () => {
    const text = manifest2004({
      schemaLocation: `${NS_2004.imscp} imscp_v1p1.xsd ${NS_2004.adlcp} http://127.0.0.1:9/adlcp_v1p3.xsd`,
    });
    const findings = await run(text, tempPackage({ schemas: 'scorm2004-4th', only: CORE }));
    assert.deepEqual(
      findings.map((f) => [f.rule, f.severity]),
      [['xsd.remote_schema', 'warning']],
      show(findings),
    );
  },
);

// Everything below uses generated schemas only, so it runs without ../shared.
const ROOT_SCHEMA = `<?xml version="1.0"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:test:root" xmlns="urn:test:root"
           elementFormDefault="qualified">
  <xs:import namespace="urn:test:remote" schemaLocation="https://schemas.example.invalid/remote.xsd"/>
  <xs:import namespace="http://www.w3.org/XML/1998/namespace" schemaLocation="http://www.w3.org/2001/xml.xsd"/>
  <xs:element name="root">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="a" type="xs:string" minOccurs="0"/>
        <xs:any namespace="##other" processContents="strict" minOccurs="0" maxOccurs="unbounded"/>
      </xs:sequence>
      <xs:attribute ref="xml:lang"/>
    </xs:complexType>
  </xs:element>
</xs:schema>
`;
const rootDoc = (body = '') => `<?xml version="1.0"?>
<root xmlns="urn:test:root" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xml:lang="en"
      xsi:schemaLocation="urn:test:root root.xsd">${body}</root>
`;

test('a remote import inside a shipped schema gives xsd.remote_schema on the import line', async () => {
  const findings = await run(rootDoc('<a>x</a>'), tempPackage({ files: { 'root.xsd': ROOT_SCHEMA } }));
  assert.deepEqual(
    findings.map((f) => [f.rule, f.file, f.line]),
    [['xsd.remote_schema', 'root.xsd', 4]],
    show(findings),
  );
});

test('elements of a namespace whose schema was skipped are not reported again', async () => {
  const findings = await run(
    rootDoc('<r:thing xmlns:r="urn:test:remote"/>'),
    tempPackage({ files: { 'root.xsd': ROOT_SCHEMA } }),
  );
  assert.deepEqual(
    findings.map((f) => f.rule),
    ['xsd.remote_schema'],
    show(findings),
  );
});

test('elements of a namespace no schema names are reported with the pair to add', async () => {
  const findings = await run(
    rootDoc('<o:thing xmlns:o="urn:test:other"/>'),
    tempPackage({ files: { 'root.xsd': ROOT_SCHEMA } }),
  );
  const invalid = findings.filter((f) => f.rule === 'xsd.invalid');
  assert.equal(invalid.length, 1, show(findings));
  assert.match(
    withCourseText(invalid[0] ?? {}, invalid[0]?.fix ?? ''),
    /Add the pair "urn:test:other <schema>\.xsd"/,
  );
});

test('a schema that does not compile gives xsd.schema_unloadable on that schema', async () => {
  const broken = ROOT_SCHEMA.replace('type="xs:string"', 'type="missingType"');
  const findings = await run(rootDoc(), tempPackage({ files: { 'root.xsd': broken } }));
  const unloadable = findings.filter((f) => f.rule === 'xsd.schema_unloadable');
  assert.equal(unloadable.length, 1, show(findings));
  assert.equal(unloadable[0]?.file, 'root.xsd');
  assert.equal(unloadable[0]?.line, 9);
});

test('a schema that is not well-formed gives xsd.schema_unloadable, not a crash', async () => {
  const findings = await run(
    rootDoc(),
    tempPackage({ files: { 'root.xsd': '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">' } }),
  );
  assert.ok(
    findings.some((f) => f.rule === 'xsd.schema_unloadable' && f.file === 'root.xsd'),
    show(findings),
  );
});

test('a manifest that is not well-formed is reported as not validated', async () => {
  const findings = await run('<manifest xmlns="urn:x"><oops></manifest>', tempPackage());
  assert.deepEqual(
    findings.map((f) => [f.rule, f.severity]),
    [['xsd.not_validated', 'info']],
  );
});

test('xsi:noNamespaceSchemaLocation is honoured', async () => {
  const schema = `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="doc" type="xs:string"/></xs:schema>`;
  const root = tempPackage({ files: { 'doc.xsd': schema } });
  const doc = (body: string) =>
    `<doc xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="doc.xsd">${body}</doc>`;
  const ok = await run(doc('text'), root);
  assert.deepEqual(
    ok.map((f) => f.rule),
    ['cp.schema_location_missing'],
  );
  const bad = await run(doc('<child/>'), root);
  assert.ok(
    bad.some((f) => f.rule === 'xsd.invalid'),
    show(bad),
  );
});

test('locations with spaces, odd whitespace and non-UTF-8 schemas with a DOCTYPE work', async () => {
  const schema = Buffer.from(
    `<?xml version="1.0" encoding="ISO-8859-1"?>
<!DOCTYPE xs:schema PUBLIC "-//W3C//DTD XMLSCHEMA 200102//EN" "XMLSchema.dtd" >
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t" xmlns="urn:t" elementFormDefault="qualified">
  <xs:element name="caf\u00e9"><xs:simpleType><xs:restriction base="xs:string"><xs:enumeration value="cr\u00e8me"/></xs:restriction></xs:simpleType></xs:element>
</xs:schema>
`,
    'latin1',
  ).toString('latin1');
  const root = tempPackage({ files: {} });
  const { writeFileSync, mkdirSync } = await import('node:fs');
  mkdirSync(join(root, 'my schemas'));
  writeFileSync(join(root, 'my schemas', 'the schema.xsd'), Buffer.from(schema, 'latin1'));
  const doc = (value: string) => `<?xml version="1.0" encoding="UTF-8"?>
<café xmlns="urn:t" xmlns:xsi = "http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation = "
      urn:t	my%20schemas/the%20schema.xsd
  ">${value}</café>`;
  assert.deepEqual(await run(doc('crème'), root), []);
  const bad = await run(doc('creme'), root);
  assert.deepEqual(
    bad.map((f) => [f.rule, f.line]),
    [['xsd.invalid', 2]],
    show(bad),
  );
  assert.match(bad[0]?.fix ?? '', /one of: crème/);
});

test('a DOCTYPE with an external entity in the manifest is never resolved', async () => {
  const text = `<?xml version="1.0"?>
<!DOCTYPE root [<!ENTITY e SYSTEM "file:///etc/passwd">]>
${rootDoc('<a>&e;</a>').replace('<?xml version="1.0"?>\n', '')}`;
  const findings = await run(text, tempPackage({ files: { 'root.xsd': ROOT_SCHEMA } }));
  assert.deepEqual(
    findings.map((f) => f.rule),
    ['xsd.not_validated'],
    show(findings),
  );
  assert.ok(!JSON.stringify(findings).includes('root:x:0'));
});
