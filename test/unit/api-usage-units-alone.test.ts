import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyse } from '../../src/lint/api-usage/analyse-file.js';
import { collectUnit, emptyFacts, type FileFacts } from '../../src/lint/api-usage/collect-facts.js';
import { parseUnit } from '../../src/lint/api-usage/parse-unit.js';
import type { SourceUnit } from '../../src/lint/api-usage/source-unit.js';
import type { Finding } from '../../src/core/findings.js';

const unit = (code: string, line: number): SourceUnit => ({
  code,
  line,
  column: 1,
  module: false,
  handler: false,
});

/** A page's units as Lectora writes them: small quiet scripts and one that reaches into the parent frame. */
const QUIET = unit('function trackPage(n) { return n + 1; }\nvar pages = [1, 2, 3];', 3);
const FRAME = unit(
  'function init() { trackPage(2); }\nif (parent.document != document) parent.document.title = document.title;\nwindow.top.location.href = "x.html";',
  10,
);

function wholeParse(units: SourceUnit[]): FileFacts {
  const facts = emptyFacts();
  facts.units = units;
  units.forEach((u, i) => {
    const parsed = parseUnit(u);
    if (parsed.ok) collectUnit(facts, i, parsed.program, '1.2');
  });
  return facts;
}

const accesses = (facts: FileFacts) =>
  facts.crossFrame.map((a) => [a.unit, a.node.start, a.node.end, a.what, a.navigation]);

test('a page that cannot call the API gives the same cross-frame accesses without parsing its quiet units whole', () => {
  const units = [QUIET, FRAME];
  const findings: Finding[] = [];
  const facts = analyse('page.html', units, '1.2', findings);
  assert.deepEqual(findings, []);
  assert.deepEqual(accesses(facts), accesses(wholeParse(units)));
  assert.equal(accesses(facts).length, 3);
  assert.equal(facts.calls.length, 0);
  assert.equal(facts.declared.get(null)?.has('trackPage'), undefined, 'the quiet unit stood alone, unparsed');
});

test('a page with an API call, or naming the API object, is parsed whole: its units share one scope', () => {
  for (const code of ['API.LMSInitialize("");', 'var found = window.API;']) {
    const units = [QUIET, FRAME, unit(code, 20)];
    const facts = analyse('page.html', units, '1.2', []);
    assert.equal(facts.declared.get(null)?.has('trackPage'), true, code);
    assert.deepEqual(accesses(facts), accesses(wholeParse(units)), code);
  }
});

test('a unit of such a page that does not parse is still reported', () => {
  const findings: Finding[] = [];
  analyse('page.html', [QUIET, FRAME, unit('var x = ;', 30)], '1.2', findings);
  assert.deepEqual(
    findings.map((f) => [f.rule, f.line]),
    [['api.parse_error', 30]],
  );
});
