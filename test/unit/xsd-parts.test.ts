import { test } from 'node:test';
import assert from 'node:assert/strict';
import { separateCourseText } from '../../src/core/course-text.js';
import { withCourseText } from '../helpers/course-text.js';
import { explainSchemaError, nameFormatter } from '../../src/lint/xsd/explain.js';
import { classifyLocation } from '../../src/lint/xsd/package-files.js';
import { readSchemaHints } from '../../src/lint/xsd/schema-hints.js';
import { patchKnownDefects, xmlNamespaceSchemaDefect } from '../../src/lint/xsd/schema-defects.js';
import { scanSchema } from '../../src/lint/xsd/schema-scan.js';

const CP = 'http://www.imsglobal.org/xsd/imscp_v1p1';
const format = nameFormatter(
  new Map([
    [CP, ''],
    ['http://www.adlnet.org/xsd/adlcp_v1p3', 'adlcp'],
  ]),
);

test('schema hints: pairs, positions and odd whitespace in the root start tag', () => {
  const text = `<?xml version="1.0"?>
<!-- <manifest xsi:schemaLocation="decoy decoy.xsd"> -->
<manifest xmlns="${CP}"
  xmlns:xsi = 'http://www.w3.org/2001/XMLSchema-instance'
      xsi:schemaLocation	=	"
        ${CP}   imscp_v1p1.xsd
        urn:b b.xsd  ">
  <child xsi:schemaLocation="urn:ignored ignored.xsd"/>
</manifest>`;
  const result = readSchemaHints(text);
  assert.ok(result.ok);
  assert.deepEqual(result.hints.root, { namespace: CP, local: 'manifest', line: 3, column: 1 });
  assert.equal(result.hints.schemaLocation?.line, 5);
  assert.equal(result.hints.schemaLocation?.column, 7);
  assert.deepEqual(result.hints.schemaLocation?.pairs, [
    { namespace: CP, location: 'imscp_v1p1.xsd' },
    { namespace: 'urn:b', location: 'b.xsd' },
  ]);
  assert.equal(result.hints.prefixes.get(CP), '');
});

test('schema hints: an unbound prefix is a well-formedness error, not a crash', () => {
  const result = readSchemaHints('<a xsi:schemaLocation="x y"/>');
  assert.equal(result.ok, false);
});

test('locations: relative, percent-encoded, remote and escaping ones are classified', () => {
  assert.deepEqual(classifyLocation('', 'imscp_v1p1.xsd'), { kind: 'package', rel: 'imscp_v1p1.xsd' });
  assert.deepEqual(classifyLocation('course', './xsd/a%20b.xsd'), {
    kind: 'package',
    rel: 'course/xsd/a b.xsd',
  });
  assert.deepEqual(classifyLocation('course', '..\\shared.xsd'), { kind: 'package', rel: 'shared.xsd' });
  assert.equal(classifyLocation('', 'http://www.w3.org/2001/xml.xsd').kind, 'remote');
  assert.equal(classifyLocation('', 'file:///etc/passwd').kind, 'remote');
  assert.equal(classifyLocation('', '//host/x.xsd').kind, 'remote');
  assert.equal(classifyLocation('', '../x.xsd').kind, 'outside');
  assert.equal(classifyLocation('a', '../../x.xsd').kind, 'outside');
  assert.equal(classifyLocation('', '%2e%2e/x.xsd').kind, 'outside');
  assert.equal(classifyLocation('', '/etc/x.xsd').kind, 'outside');
  assert.equal(classifyLocation('', 'C:\\schemas\\x.xsd').kind, 'outside');
});

test('schema scan finds imports and includes with the exact schemaLocation value range', () => {
  const text = `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t"><!-- <xs:include schemaLocation="no.xsd"/> -->
  <xs:import namespace = "urn:o" schemaLocation = 'o.xsd'/><xs:include schemaLocation="i.xsd"/>
  <xs:import namespace="urn:n"/>
</xs:schema>`;
  const scan = scanSchema(text);
  assert.ok(scan.ok);
  assert.equal(scan.targetNamespace, 'urn:t');
  assert.deepEqual(
    scan.references.map((r) => [r.kind, r.namespace, r.location, r.line, r.column]),
    [
      ['import', 'urn:o', 'o.xsd', 2, 3],
      ['include', null, 'i.xsd', 2, 60],
      ['import', 'urn:n', undefined, 3, 3],
    ],
  );
  const [o, i] = scan.references;
  assert.equal(text.slice(o?.valueStart, o?.valueEnd), 'o.xsd');
  assert.equal(text.slice(i?.valueStart, i?.valueEnd), 'i.xsd');
});

test('schema scan rejects a document that is not a schema', () => {
  assert.equal(scanSchema('<html/>').ok, false);
  assert.equal(scanSchema('<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">').ok, false);
});

test('the IMS ims_xml.xsd defect is recognised; a correct XML-namespace schema is not flagged', () => {
  const bad = `<xsd:schema xmlns="http://www.w3.org/XML/1998/namespace"\n targetNamespace="http://www.w3.org/XML/1998/namespace" xmlns:xsd="http://www.w3.org/2001/XMLSchema"/>`;
  assert.equal(xmlNamespaceSchemaDefect(bad)?.line, 1);
  const good = `<xs:schema targetNamespace="http://www.w3.org/XML/1998/namespace" xmlns:xml="http://www.w3.org/XML/1998/namespace" xmlns:xs="http://www.w3.org/2001/XMLSchema"/>`;
  assert.equal(xmlNamespaceSchemaDefect(good), undefined);
});

test('known defects are patched without moving lines', () => {
  const text = `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:simpleType name="v"><xs:restriction base="xs:token">
      <xs:enumeration/>
      <xs:enumeration>
      </xs:enumeration>
  </xs:restriction></xs:simpleType>
  <xs:group name="grp.any"><xs:sequence><xs:any namespace="##any" processContents="strict"/></xs:sequence></xs:group>
</xs:schema>`;
  const patched = patchKnownDefects(text);
  assert.ok(patched);
  assert.equal(patched.text.split('\n').length, text.split('\n').length);
  assert.doesNotMatch(patched.text, /enumeration/);
  assert.match(patched.text, /namespace="##other"/);
  assert.deepEqual(
    patched.fixes.map((f) => f.line),
    [3, 7],
  );
  assert.equal(patchKnownDefects('<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"/>'), undefined);
});

test('libxml2 messages are explained in plain words', () => {
  const cases: [string, RegExp][] = [
    [
      `Element '{${CP}}metadata': This element is not expected. Expected is one of ( {${CP}}organizations, {${CP}}resources ).`,
      /<metadata> is not allowed at this position\. Allowed here: <organizations>, <resources>/,
    ],
    [
      // A wrong letter case is a misspelling of an allowed element, not an element to move or remove.
      `Element '{${CP}}Resources': This element is not expected. Expected is one of ( {${CP}}organizations, {${CP}}resources ).`,
      /<Resources> is not allowed at this position\. Did you mean <resources>\? Element names are case-sensitive: rename it\./,
    ],
    [
      `Element '{${CP}}item': Missing child element(s). Expected is ( {${CP}}title ).`,
      /Add <title> inside <item>/,
    ],
    [
      `Element '{${CP}}resource', attribute 'foo': The attribute 'foo' is not allowed.`,
      /Remove attribute "foo" from <resource>/,
    ],
    [
      `Element '{${CP}}file': The attribute 'href' is required but missing.`,
      /Add the required attribute "href" to <file>/,
    ],
    [
      `Element '{${CP}}resource', attribute '{http://www.adlnet.org/xsd/adlcp_v1p3}scormType': [facet 'enumeration'] The value 'SCO' is not an element of the set {'sco', 'asset'}.`,
      /Set attribute "adlcp:scormType" of <resource> to one of: sco, asset \(values are case-sensitive\)/,
    ],
    [
      `Element '{${CP}}item', attribute 'isvisible': 'yes' is not a valid value of the atomic type 'xs:boolean'.`,
      /must be true or false/,
    ],
    [
      `Element '{urn:x}thing': No matching global element declaration available, but demanded by the strict wildcard.`,
      /Add the pair "urn:x <schema>\.xsd" to the root's xsi:schemaLocation/,
    ],
    [
      `Element '{${CP}}title': Character content other than whitespace is not allowed because the content type is 'element-only'.`,
      /Remove the text/,
    ],
    [
      'Something libxml2 has never said before.',
      /satisfies the schema: Something libxml2 has never said before\./,
    ],
  ];
  for (const [message, fix] of cases) {
    const explained = explainSchemaError(`${message}\n`, format);
    const kept = separateCourseText({ message: explained.message, fix: explained.fix });
    assert.match(withCourseText(kept, kept.fix), fix, message);
    assert.doesNotMatch(explained.message, new RegExp(`\\{${CP.replace(/[./]/g, '\\$&')}\\}`));
  }
});
