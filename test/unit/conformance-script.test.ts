/**
 * The ADL script decoder (README §3 of the conformance folder): the reader's quirks on small inputs,
 * and the totals of README §8 reproduced for whatever folder is given.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { familyOf, openCorpus, readCaseScript } from '../../src/conformance/corpus.js';
import { Dictionary } from '../../src/conformance/script/dictionary.js';
import { decodeScript } from '../../src/conformance/script/decode-script.js';
import { applyUnicodeEscapes, readScriptEntries } from '../../src/conformance/script/line-reader.js';
import { javaSplit } from '../../src/conformance/script/split.js';
import type { GetStep, SetStep } from '../../src/conformance/script/types.js';
import { decodeWindows1252 } from '../../src/manifest/read-manifest-text.js';
import { ADL_CTS_DIR, SHARED_SKIP } from '../helpers/paths.js';

const DICT = Dictionary.fromText(
  [
    '# comment',
    'a=adl',
    'c=cmi',
    'n=nav',
    'r=request',
    'rv=request_valid',
    'tar={target=%s}',
    'LOC=location',
    'OB=objectives',
    'PM=progress_measure',
    'INTR=interactions',
    'R=result',
    'TY.n=numeric',
    'TY.c=choice',
    'N.j=jump',
    'N.c=continue',
    't=true',
    'f=false',
    'es=',
    'ID=id',
  ].join('\n'),
);
const bytes = (text: string) => new TextEncoder().encode(text);

test('windows-1252: 0x92 is a right single quote, not a C1 control', () => {
  assert.equal(decodeWindows1252(new Uint8Array([0x41, 0x92, 0x80, 0xe9])), 'A\u2019\u20ac\u00e9');
});

test('line reader: continuation appends the next line as is, #### lines are skipped, duplicates kept', () => {
  const entries = readScriptEntries('a=1\\\n  two\n#### skip=me\nk=x=y\nk=again\r\nz=\\u0041\\n');
  assert.deepEqual(
    entries.map((e) => [e.key, e.value]),
    [
      ['a', '1  two'],
      ['k', 'x=y'],
      ['k', 'again'],
      ['z', '\\u0041\\n'],
    ],
  );
  assert.throws(() => readScriptEntries('a=1\nno equals\n'), /line 2/);
});

test('unicode escapes: only \\uXXXX; other backslashes stay; a bad \\u consumes four characters', () => {
  assert.equal(applyUnicodeEscapes('x\\u0041y'), 'xAy');
  assert.equal(applyUnicodeEscapes('C:\\samplerte\\util\\n'), 'C:\\samplerte\\util\\n');
  assert.equal(applyUnicodeEscapes('\\u00\\u0041'), '\\u00\\u0041');
  assert.equal(applyUnicodeEscapes('\\uZZZZ\\u0042'), '\\uZZZZB');
});

test('Java split: trailing empty fields dropped, middle ones kept', () => {
  assert.deepEqual(javaSplit('GET->c~LOC->->', '->'), ['GET', 'c~LOC']);
  assert.deepEqual(javaSplit('I->->t->0', '->'), ['I', '', 't', '0']);
  assert.deepEqual(javaSplit('', '->'), ['']);
  assert.deepEqual(javaSplit('->->', '->'), []);
});

test('commands: expansion, SET paths by segment count, ! values, nav targets, interaction types', () => {
  const script = decodeScript(
    'X-1',
    bytes(
      [
        'title=X-1',
        'UserInterAct=',
        'start=.',
        'TT=autoTT',
        'Act1V1.commands.0=I->->t->0',
        'Act1V1.commands.1=SET->c~OB~&obj1&~PM!0.5->t->0',
        'Act1V1.commands.2=SET->a~n~r!tar~__CM-04a.Activity.3__~TY.c->t->0',
        'Act1V1.commands.3=SET->a~n~r!N.c->t->0',
        'Act1V1.commands.3=SET->!test->f->351',
        'Act1V1.commands.5=GET->a~n~rv~N.j~tar~activity_2->t->0',
        'Act1V1.commands.6=GET->c~INTR~0~R!TY.n->1.5->0',
        'Act1V1.commands.7=GET->->->301',
        'Act1V1.commands.8=lost->c~LOC->x->0',
        'Act1V1.commands.9=SET->c~LOC!a!b&{[,]}->t->0',
        'Act1V1.commands.10=SET->c~LOC!es->t->0->0',
        'Act1V1.commands.11=GET->c~OB~&obj1&~ID->->0',
        'Act1V1.commands.12=GET->c~LOC->es->0',
        'Act1V1.CUI=Choice~Activity 2',
        'Act2V1.UIQ=continue.enabled~toc.enabled.selectable@Activity 2',
        'Act2V1.UIA=Y~N',
        'Act1V2.commands.0=GLE->->0->0',
      ].join('\n'),
    ),
    DICT,
  );
  assert.equal(script.blocks.length, 3);
  const [b1, b2, b3] = script.blocks;
  assert.equal(b1?.activity, '1');
  assert.deepEqual(b1?.instruction, { key: 'Choice', args: ['Activity 2'] });
  assert.deepEqual(b2?.uiQuestions, ['continue.enabled', 'toc.enabled.selectable@Activity 2']);
  assert.equal(b2?.uiAnswers, 'Y~N');
  assert.equal(b3?.id, 'Act1V2');
  assert.deepEqual(b1?.skipped, ['lost->c~LOC->x->0']);
  const steps = b1?.steps ?? [];
  const sets = steps.filter((s): s is SetStep => s.method === 'SET');
  assert.deepEqual(
    sets.map((s) => [s.element, s.value, s.expected, s.error]),
    [
      ['cmi.objectives.&obj1&.progress_measure', '0.5', 'true', '0'],
      ['adl.nav.request', '{target=__CM-04a.Activity.3__}choice', 'true', '0'],
      ['adl.nav.request', 'continue', 'true', '0'],
      ['', 'test', 'false', '351'],
      ['cmi.location', 'a!b&{[,]}', 'true', '0'],
      ['cmi.location', '', '0', '0'],
    ],
  );
  const gets = steps.filter((s): s is GetStep => s.method === 'GET');
  assert.deepEqual(
    gets.map((s) => [s.element, s.expected, s.error, s.interactionType]),
    [
      ['adl.nav.request_valid.jump.{target=activity_2}', 'true', '0', undefined],
      ['cmi.interactions.0.result', '1.5', '0', 'numeric'],
      ['', '', '301', undefined],
      ['cmi.objectives.&obj1&.id', '', '0', undefined],
      ['cmi.location', 'es', '0', undefined],
    ],
  );
});

interface Totals {
  blocks: number;
  steps: number;
  ui: number;
  navSets: number;
}

/** The §8 table of the folder's README: family -> Blocks, Steps, UI, Nav SETs. */
function readmeTotals(readme: string): Map<string, Totals> {
  const out = new Map<string, Totals>();
  const section = readme.slice(readme.indexOf('## 8.'), readme.indexOf('## 9.'));
  const lines = section.split('\n').filter((l) => l.startsWith('|'));
  const header = (lines[0] ?? '').split('|').map((c) => c.trim());
  const col = (name: string) => header.indexOf(name);
  for (const line of lines.slice(2)) {
    const cells = line.split('|').map((c) => c.trim().replace(/\*/g, '').replace(/,/g, ''));
    const family = cells[col('Family')] ?? '';
    if (family === '' || family === 'Total') continue;
    out.set(family, {
      blocks: Number(cells[col('Blocks')]),
      steps: Number(cells[col('Steps')]),
      ui: Number(cells[col('UI')]),
      navSets: Number(cells[col('Nav SETs')]),
    });
  }
  return out;
}

test('the decoder reproduces the folder README totals per family (§8)', { skip: SHARED_SKIP }, () => {
  const corpus = openCorpus(ADL_CTS_DIR);
  const expected = readmeTotals(readFileSync(join(ADL_CTS_DIR, 'README.md'), 'utf8'));
  assert.ok(expected.size > 0, 'README §8 table not found');
  const actual = new Map<string, Totals>();
  for (const id of corpus.caseIds) {
    const script = readCaseScript(corpus, id);
    assert.equal(script.title, id, `${id}: title header differs from the file name`);
    const t = actual.get(familyOf(id)) ?? { blocks: 0, steps: 0, ui: 0, navSets: 0 };
    for (const block of script.blocks) {
      t.blocks++;
      t.steps += block.steps.length + block.skipped.length;
      if (block.uiQuestions) t.ui++;
      t.navSets += block.steps.filter((s) => s.method === 'SET' && s.element === 'adl.nav.request').length;
    }
    actual.set(familyOf(id), t);
  }
  assert.deepEqual(Object.fromEntries(actual), Object.fromEntries(expected));
});
