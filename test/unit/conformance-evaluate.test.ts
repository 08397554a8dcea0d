/**
 * The evaluator: README §4.2's rules in order and §4.3's type-aware comparison, plus the API and DMI
 * scripts replayed in Node against the strict run-time.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCorpus } from '../../src/conformance/corpus.js';
import { compareTyped } from '../../src/conformance/evaluate/compare.js';
import { evaluateStep } from '../../src/conformance/evaluate/evaluate-step.js';
import { SequencingLms } from '../../src/conformance/sequencing-lms.js';
import { runCase } from '../../src/conformance/run-case.js';
import type { Step } from '../../src/conformance/script/types.js';
import { ADL_CTS_DIR, SHARED_SKIP } from '../helpers/paths.js';

const equal = (element: string, returned: string, expected: string, type?: string) =>
  compareTyped(element, returned, expected, type).equal;

test('reals agree to 6 decimals (floored or rounded); invalid reals never match', () => {
  assert.ok(equal('cmi.score.raw', '0.5', '0.50'));
  assert.ok(
    equal('cmi.score.raw', '5e-1', '0.5') === false,
    '5e-1 is not a real(10,7) value the SCO could return',
  );
  assert.ok(equal('cmi.score.raw', '0.1234567', '0.1234568'));
  assert.ok(!equal('cmi.score.raw', '0.12346', '0.12345'));
  assert.ok(!equal('cmi.score.raw', 'abc', 'abc'));
});

test('durations compare in seconds; timestamps as instants; identifiers as URIs', () => {
  assert.ok(equal('cmi.total_time', 'PT1H', 'PT60M'));
  assert.ok(equal('cmi.total_time', 'P1D', 'PT24H'));
  assert.ok(!equal('cmi.total_time', 'PT1H', 'PT61M'));
  assert.ok(
    equal('cmi.comments_from_learner.0.timestamp', '2004-06-30T14:00:00.10-05:00', '2004-06-30T19:00:00.5Z'),
  );
  assert.ok(!equal('cmi.comments_from_learner.0.timestamp', '2004-06-30', '2004-07-01'));
  assert.ok(equal('cmi.objectives.0.id', 'HTTP://Example.COM/a', 'http://example.com/a'));
  assert.ok(!equal('cmi.objectives.0.id', 'a', 'b'));
});

test('localized strings and languages: delimiters with defaults, 2- and 3-letter codes', () => {
  assert.ok(equal('cmi.objectives.0.description', '{lang=en}Hi', 'Hi'));
  assert.ok(equal('cmi.objectives.0.description', '{lang=fra}Salut', '{lang=fr}Salut'));
  assert.ok(!equal('cmi.objectives.0.description', '{lang=de}Hi', 'Hi'));
  assert.ok(equal('cmi.learner_preference.language', 'EN-us', 'en-US'));
});

test('interaction responses by type, matching positionwise, SPM truncation, _children as a set', () => {
  const lr = 'cmi.interactions.0.learner_response';
  assert.ok(equal(lr, 'b[,]a', 'a[,]b', 'choice'));
  assert.ok(equal(lr, 'ABC', 'abc', 'fill-in'));
  assert.ok(
    !equal(
      'cmi.interactions.0.correct_responses.0.pattern',
      '{case_matters=true}ABC',
      '{case_matters=true}abc',
      'fill-in',
    ),
  );
  assert.ok(!equal(lr, 'a[.]1[,]b[.]2', 'b[.]2[,]a[.]1', 'matching'));
  assert.ok(equal('cmi.interactions.0.correct_responses.0.pattern', '1.0[:]', '1[:]', 'numeric'));
  assert.ok(equal(lr, 'true', 'false', 'true-false'), 'ADL has no comparison for true-false');
  assert.ok(equal('cmi.location', 'x'.repeat(1000), 'x'.repeat(1200)), 'truncated to the SPM of 1000');
  assert.ok(equal('cmi.score._children', 'max,min,raw,scaled', ''));
  assert.ok(!equal('cmi.score._children', 'max,min,raw', ''));
  assert.ok(!equal('cmi.nothing', 'x', 'x'));
});

const get = (element: string, expected: string, error = '0'): Step => ({
  method: 'GET',
  source: `GET->${element}`,
  index: 0,
  element,
  expected,
  error,
});
const learner = { id: 'learner2', name: 'Learner Two' };
const judge = (step: Step, returned: string, error: string, extra = {}) =>
  evaluateStep('Act1V1', step, { returned, error, ...extra }, learner);

test('§4.2 rules: learner placeholders, nav validity, comments_from_lms, markers, _count, error strings', () => {
  assert.equal(judge(get('cmi.learner_id', 'm'), 'learner2', '0').pass, true);
  assert.equal(judge(get('cmi.learner_name', ''), 'anything', '0').rule, 'learner-name');
  assert.equal(
    judge(get('adl.nav.request_valid.choice.{target=a}', 'true', '0'), 'unknown', '301').pass,
    true,
  );
  assert.equal(judge(get('adl.nav.request_valid.continue', 'true'), 'maybe', '0').pass, false);
  assert.equal(judge(get('cmi.comments_from_lms.0.comment', 'x', '0'), '', '403').pass, true);
  assert.equal(judge(get('cmi.objectives.&o1&.id', ''), 'o1', '0').rule, 'id-by-marker');
  assert.equal(judge(get('cmi.objectives._count', '2'), '02', '0').pass, false);
  assert.equal(
    judge(get('cmi.location', ''), '', '403', { lookupFailed: 'objective with id o9 not found' }).pass,
    false,
  );
  assert.equal(judge(get('cmi.objectives.0.description', ''), '{lang=en}', '0').rule, 'typed-empty');
  const ges: Step = { method: 'GES', source: 'GES', index: 0, arg: '1444', expected: 'emptyCS', error: '0' };
  assert.equal(judge(ges, '', '0').pass, true);
  const gedi: Step = {
    method: 'GeDi',
    source: 'GeDi',
    index: 0,
    arg: '001',
    expected: 'emptyCS',
    error: '0',
  };
  assert.equal(judge(gedi, 'some text', '0').pass, true, 'GetDiagnostic only checks the length');
  const coi: Step = { method: 'COI', source: 'COI', index: 0, ids: ['a', 'b'] };
  assert.equal(judge(coi, 'b,a', '0', { objectiveIds: ['b', 'a'] }).pass, true);
  assert.equal(judge(coi, 'a', '0', { objectiveIds: ['a'] }).pass, false);
});

test(
  'API and DMI scripts replayed in Node against the strict run-time pass',
  { skip: SHARED_SKIP },
  async () => {
    const corpus = openCorpus(ADL_CTS_DIR);
    const lms = new SequencingLms(corpus);
    for (const id of ['API', 'DMI'].filter((c) => corpus.caseIds.includes(c))) {
      const result = await runCase(corpus, id, lms);
      assert.equal(result.reason, undefined, `${id}: ${result.reason}`);
      assert.ok(result.stepCount > 0);
    }
  },
);
