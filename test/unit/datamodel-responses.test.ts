import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lookupElement, validateValue, type ScormVersion } from '../../src/rte/datamodel/index.js';

const PATTERN = {
  '1.2': 'cmi.interactions.0.correct_responses.0.pattern',
  '2004': 'cmi.interactions.0.correct_responses.0.pattern',
};
const RESPONSE = {
  '1.2': 'cmi.interactions.0.student_response',
  '2004': 'cmi.interactions.0.learner_response',
};

function ok(version: ScormVersion, kind: 'pattern' | 'response', type: string, value: string): boolean {
  const info = lookupElement(version, (kind === 'pattern' ? PATTERN : RESPONSE)[version]);
  assert.ok(info);
  return validateValue(info, value, { interactionType: type }).ok;
}

function table(
  version: ScormVersion,
  kind: 'pattern' | 'response',
  type: string,
  good: string[],
  bad: string[],
) {
  for (const v of good)
    assert.equal(
      ok(version, kind, type, v),
      true,
      `${version} ${type} ${kind} should accept ${JSON.stringify(v)}`,
    );
  for (const v of bad)
    assert.equal(
      ok(version, kind, type, v),
      false,
      `${version} ${type} ${kind} should reject ${JSON.stringify(v)}`,
    );
}

test('2004 true-false', () => {
  table('2004', 'response', 'true-false', ['true', 'false'], ['t', '1', 'True', 'yes', '']);
  table('2004', 'pattern', 'true-false', ['true'], ['0']);
});

test('2004 choice: unique [,]-separated identifiers', () => {
  table('2004', 'response', 'choice', ['a', 'a[,]b[,]c', '', 'a,b'], ['a[,]a', 'a b', 'a[,]', 'a[.]b']);
  table('2004', 'pattern', 'choice', ['urn:x:1[,]urn:x:2'], ['x[,]x']);
});

test('2004 fill-in and long-fill-in', () => {
  table(
    '2004',
    'pattern',
    'fill-in',
    [
      'Paris',
      '{case_matters=true}Paris',
      '{order_matters=false}{case_matters=false}a[,]b',
      '{lang=fr}Paris[,]{lang=en}Paris',
      '{lang=en}{case_matters=true}Paris',
      // after {lang=}, or repeated: plain text
      '{lang=en}{case_matters=invalid}Paris',
      '{case_matters=true}{case_matters=false}x',
      '[,]',
    ],
    [
      '{case_matters=yes}Paris',
      '{order_matters=1}a',
      '{lang=!!}x',
      '{lang=zz}x',
      '{case_matters=true}{lang=frl}x',
    ],
  );
  table('2004', 'response', 'fill-in', ['Paris', 'a[,]b', ''], ['{lang=}x']);
  table(
    '2004',
    'pattern',
    'long-fill-in',
    ['{case_matters=true}' + 'x'.repeat(4000), 'a[,]b'],
    ['{case_matters=no}x'],
  );
  // Over the SPM is a warning-level rejection, not a malformed value.
  const info = lookupElement('2004', PATTERN['2004']);
  assert.ok(info);
  const long = validateValue(info, `a[,]${'x'.repeat(251)}`, { interactionType: 'fill-in' });
  assert.equal(long.ok ? 'ok' : long.kind, 'spm');
});

test('2004 likert, matching, sequencing', () => {
  table('2004', 'response', 'likert', ['agree', 'likert_5'], ['', 'a b', 'a[,]b']);
  table(
    '2004',
    'pattern',
    'matching',
    ['1[.]a[,]2[.]c', 'src[.]tgt'],
    ['1.a', '1[.]a[.]b', '1[.]', '[.]a', '1[.]a b'],
  );
  table('2004', 'response', 'sequencing', ['c[,]a[,]b', 'a[,]a'], ['c a b', 'a[,][,]b']);
});

test('2004 numeric: patterns are ranges, responses are reals', () => {
  table(
    '2004',
    'pattern',
    'numeric',
    ['1[:]5', '[:]5', '1[:]', '2.5', '-3[:]-1'],
    ['5[:]1', 'a[:]b', '1[:]2[:]3'],
  );
  table('2004', 'response', 'numeric', ['3.5', '-2', '0'], ['1[:]5', 'three', '']);
});

test('2004 performance and other', () => {
  table(
    '2004',
    'pattern',
    'performance',
    ['step1[.]answer[,]step2[.]3[:]5', '{order_matters=false}s[.]a', '[.]only-answer', 'only-name[.]'],
    [
      'answer-only',
      '[.]',
      'a[.]b[.]c',
      '[,]a[.]b',
      '{order_matters=maybe}s[.]a',
      'bad name[.]x',
      's[.]5[:]1',
    ],
  );
  table('2004', 'response', 'performance', ['s1[.]a[,]s2[.]b', 's1[.]'], ['s1[.]a[,]', 's1']);
  table('2004', 'response', 'other', ['anything at all', ''], ['x'.repeat(4001)]);
});

test('2004 without a known interaction type: only the SPM applies', () => {
  const info = lookupElement('2004', 'cmi.interactions.0.learner_response');
  assert.ok(info);
  assert.equal(validateValue(info, 'yes').ok, true);
  assert.equal(validateValue(info, 'yes', { interactionType: 'unknown-type' }).ok, true);
});

test('2004 response rejections describe the expected format', () => {
  const info = lookupElement('2004', 'cmi.interactions.0.learner_response');
  assert.ok(info);
  const r = validateValue(info, 'a[,]a', { interactionType: 'choice' });
  assert.equal(r.ok, false);
  assert.match(r.ok ? '' : r.expected, /\[,\]/);
});

test('1.2 CMIFeedback formats per interaction type', () => {
  table('1.2', 'response', 'true-false', ['t', 'f', '0', '1', 'true', 'false'], ['yes', 'T', '']);
  table('1.2', 'response', 'choice', ['a', 'a,b,c', '{a,c}', '3'], ['apple', 'a,,b', 'a b', '{a,b']);
  table('1.2', 'response', 'sequencing', ['c,a,b'], ['ca b']);
  table('1.2', 'response', 'matching', ['1.a,2.b', '{1.a}'], ['1-a', '1.ab']);
  table('1.2', 'response', 'likert', ['5', 'a', ''], ['agree']);
  table('1.2', 'response', 'numeric', ['3.5', '-1'], ['three']);
  table('1.2', 'response', 'fill-in', ['Paris'], ['x'.repeat(256)]);
  table('1.2', 'pattern', 'performance', ['any text'], ['x'.repeat(256)]);
});
