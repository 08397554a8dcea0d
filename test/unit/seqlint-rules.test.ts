import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Finding, ValidationLevel } from '../../src/core/findings.js';
import { parseManifest } from '../../src/manifest/parse-manifest.js';
import { SEQUENCING_RULES, lintSequencing } from '../../src/lint/sequencing/index.js';
import { cluster, leaf, rule, rules, scorm12, scorm2004 } from '../fixtures/seqlint/build-manifest.js';
import { courseTextOf, withCourseText } from '../helpers/course-text.js';

function lint(xml: string, level: ValidationLevel = 'pedantic'): Finding[] {
  return lintSequencing(parseManifest(xml), level);
}

function ruleIds(findings: readonly Finding[]): string[] {
  return [...new Set(findings.map((f) => f.rule))].sort();
}

/** The manifest reports exactly `id`, and every finding carries a location and a fix. */
function expectOnly(xml: string, id: string): Finding[] {
  const findings = lint(xml);
  assert.deepEqual(ruleIds(findings), [id], JSON.stringify(findings, null, 2));
  for (const f of findings) {
    assert.equal(f.category, 'sequencing');
    assert.equal(f.file, 'imsmanifest.xml');
    assert.ok(f.line > 0 && f.column > 0, `${f.rule} has a position`);
    assert.ok(f.fix.length > 10, `${f.rule} has a fix`);
  }
  return findings;
}

const FLOW = '<imsss:controlMode flow="true"/>';
const SAT = 'condition="satisfied"';
const NOT_SAT = 'operator="not" condition="satisfied"';

test('a clean manifest with sequencing reports nothing, even at pedantic level', () => {
  const xml = scorm2004(
    [
      cluster('M1', [leaf('L1'), leaf('L2', { seq: rules(rule('post', 'continue', [SAT])) })], {
        seq: `${FLOW}${rules(rule('exit', 'exit', [SAT]))}<imsss:objectives><imsss:primaryObjective objectiveID="p" satisfiedByMeasure="true"><imsss:mapInfo targetObjectiveID="g" writeSatisfiedStatus="true"/></imsss:primaryObjective></imsss:objectives>`,
      }),
      leaf('L3', {
        seq: `${rules(rule('pre', 'skip', ['referencedObjective="o" condition="satisfied"']))}<imsss:objectives><imsss:primaryObjective objectiveID="p3"/><imsss:objective objectiveID="o"><imsss:mapInfo targetObjectiveID="g"/></imsss:objective></imsss:objectives>`,
      }),
    ],
    { orgSeq: FLOW },
  );
  assert.deepEqual(lint(xml), []);
});

test('every rule id is unique, namespaced and in the sequencing category', () => {
  const ids = SEQUENCING_RULES.map((r) => r.info.id);
  assert.equal(new Set(ids).size, ids.length);
  for (const r of SEQUENCING_RULES) {
    assert.match(r.info.id, /^seq\.[a-z0-9_]+$/);
    assert.equal(r.info.category, 'sequencing');
  }
});

test('seq.sequencing_on_1_2: imsss in a SCORM 1.2 package is an error', () => {
  const [f, ...rest] = expectOnly(
    scorm12('<imsss:sequencing><imsss:controlMode flow="true"/></imsss:sequencing>'),
    'seq.sequencing_on_1_2',
  );
  assert.equal(rest.length, 0, 'only the outermost element is reported');
  assert.equal(f?.severity, 'error');
  assert.deepEqual(lint(scorm12()), []);
});

test('seq.leaf_missing_identifierref', () => {
  const [f] = expectOnly(
    scorm2004([leaf('L1'), leaf('EMPTY', { ref: null })]),
    'seq.leaf_missing_identifierref',
  );
  assert.equal(f?.severity, 'error');
  assert.match(f?.message ?? '', /^Item `course_text.quoted\[0\]` has no child items/);
  assert.equal(courseTextOf(f!, 'quoted'), 'EMPTY');
});

test('seq.idref_unresolved points at the IDRef attribute', () => {
  const xml = scorm2004([leaf('L1', { seqAttrs: 'IDRef="nowhere"' })]);
  const [f] = expectOnly(xml, 'seq.idref_unresolved');
  assert.equal(f?.severity, 'error');
  const line = xml.split('\n').findIndex((l) => l.includes('IDRef="nowhere"')) + 1;
  assert.equal(f?.line, line);
  assert.equal(f?.column, xml.split('\n')[line - 1]!.indexOf('IDRef') + 1);
});

test('seq.idref_unresolved also reports collection members that reference each other', () => {
  const xml = scorm2004([leaf('L1', { seqAttrs: 'IDRef="one"' })], {
    collection: '<imsss:sequencing ID="one" IDRef="two"/><imsss:sequencing ID="two" IDRef="one"/>',
  });
  const found = lint(xml).filter((f) => f.rule === 'seq.idref_unresolved');
  assert.equal(found.length, 1, 'one finding for the activity (the unused member is a separate info note)');
  assert.match(
    withCourseText(found[0] ?? {}, found[0]?.message ?? ''),
    /item L1 references IDRef=one, and the collection members reference each other in a cycle \(one → two → one\)/,
  );
});

test('seq.collection_unused is an info note, pedantic only', () => {
  const xml = scorm2004([leaf('L1')], {
    collection: `<imsss:sequencing ID="spare">${FLOW}</imsss:sequencing>`,
  });
  const [f] = expectOnly(xml, 'seq.collection_unused');
  assert.equal(f?.severity, 'info');
  assert.deepEqual(lint(xml, 'strict'), []);
});

test('seq.referenced_objective_unresolved: rule condition and adlseq:objective', () => {
  const objectives = '<imsss:objectives><imsss:primaryObjective objectiveID="p"/></imsss:objectives>';
  const bad = scorm2004([
    leaf('L1', {
      seq: `${rules(rule('pre', 'skip', ['referencedObjective="typo" condition="satisfied"']))}${objectives}`,
    }),
  ]);
  assert.equal(expectOnly(bad, 'seq.referenced_objective_unresolved')[0]?.severity, 'error');
  const orphan = scorm2004([
    leaf('L1', {
      seq: `${objectives}<adlseq:objectives><adlseq:objective objectiveID="other"><adlseq:mapInfo targetObjectiveID="g" writeCompletionStatus="true"/></adlseq:objective></adlseq:objectives>`,
    }),
  ]);
  expectOnly(orphan, 'seq.referenced_objective_unresolved');
  // Percent-encoding and whitespace are normalised as LMSs do (ADL OB-12a).
  const encoded = scorm2004([
    leaf('L1', {
      seq: `${rules(rule('pre', 'skip', ['referencedObjective="%20obj%20%201" condition="satisfied"']))}<imsss:objectives><imsss:primaryObjective objectiveID="p"/><imsss:objective objectiveID="obj%201"/></imsss:objectives>`,
    }),
  ]);
  assert.deepEqual(lint(encoded), []);
});

test('seq.target_objective_unresolved: read-only global objective', () => {
  const reader = (id: string) =>
    leaf(id, {
      seq: '<imsss:objectives><imsss:primaryObjective objectiveID="p"><imsss:mapInfo targetObjectiveID="g-typo"/></imsss:primaryObjective></imsss:objectives>',
    });
  const system = expectOnly(scorm2004([reader('L1')]), 'seq.target_objective_unresolved');
  assert.equal(system[0]?.severity, 'warning', 'a single package is the usual case');
  assert.match(system[0]?.message ?? '', /unless another package shares it/);
  const local = expectOnly(
    scorm2004([reader('L1')], { orgAttrs: 'adlseq:objectivesGlobalToSystem="false"' }),
    'seq.target_objective_unresolved',
  );
  assert.equal(local[0]?.severity, 'warning');
});

test('seq.objective_global_shared_write_conflict: two writers of one global objective', () => {
  const writer = (id: string) =>
    leaf(id, {
      seq: '<imsss:objectives><imsss:primaryObjective objectiveID="p"><imsss:mapInfo targetObjectiveID="g" writeSatisfiedStatus="true"/></imsss:primaryObjective></imsss:objectives>',
    });
  const [f, ...rest] = expectOnly(
    scorm2004([writer('L1'), writer('L2')]),
    'seq.objective_global_shared_write_conflict',
  );
  assert.equal(rest.length, 0);
  assert.equal(f?.severity, 'info');
  assert.match(courseTextOf(f!, 'quoted'), /L1[^]*L2/);
});

test('seq.rule_never_fires: each kind of dead condition', () => {
  const cases: Array<[string, string]> = [
    ['contradictory all-set', leaf('L1', { seq: rules(rule('pre', 'skip', [SAT, NOT_SAT])) })],
    [
      'implied negation',
      leaf('L1', {
        seq: rules(rule('pre', 'skip', [SAT, 'operator="not" condition="objectiveStatusKnown"'])),
      }),
    ],
    [
      'disjoint measure range',
      leaf('L1', {
        seq: rules(
          rule('pre', 'skip', [
            'condition="objectiveMeasureGreaterThan" measureThreshold="0.8"',
            'condition="objectiveMeasureLessThan" measureThreshold="0.2"',
          ]),
        ),
      }),
    ],
    ['not always', leaf('L1', { seq: rules(rule('pre', 'skip', ['operator="not" condition="always"'])) })],
    [
      'measure on an asset',
      leaf('L1', {
        ref: 'ASSET',
        seq: rules(rule('pre', 'skip', ['condition="objectiveMeasureGreaterThan" measureThreshold="0.5"'])),
      }),
    ],
    [
      'threshold out of range',
      leaf('L1', {
        seq: rules(rule('pre', 'skip', ['condition="objectiveMeasureGreaterThan" measureThreshold="1.0"'])),
      }),
    ],
    [
      'tracked=false',
      leaf('L1', {
        seq: `${rules(rule('post', 'continue', ['condition="completed"']))}<imsss:deliveryControls tracked="false"/>`,
      }),
    ],
    ['attempt limit', leaf('L1', { seq: rules(rule('pre', 'skip', ['condition="attemptLimitExceeded"'])) })],
    [
      'attemptLimit 0 is unlimited',
      leaf('L1', {
        seq: `${rules(rule('pre', 'skip', ['condition="attemptLimitExceeded"']))}<imsss:limitConditions attemptLimit="0"/>`,
      }),
    ],
    ['exit rule on a leaf', leaf('L1', { seq: rules(rule('exit', 'exit', [SAT])) })],
    [
      'every any-condition dead',
      leaf('L1', {
        seq: rules(
          rule(
            'pre',
            'skip',
            ['operator="not" condition="always"', 'condition="attemptLimitExceeded"'],
            'any',
          ),
        ),
      }),
    ],
    [
      'non-primary objective of a cluster',
      cluster('C', [leaf('L1')], {
        seq: `${rules(rule('exit', 'exit', ['referencedObjective="o" condition="satisfied"']))}<imsss:objectives><imsss:primaryObjective objectiveID="p"/><imsss:objective objectiveID="o"/></imsss:objectives>`,
      }),
    ],
    [
      'cluster measure with zero-weight children',
      cluster('C', [leaf('L1', { seq: '<imsss:rollupRules objectiveMeasureWeight="0"/>' })], {
        seq: rules(rule('exit', 'exit', ['condition="objectiveMeasureKnown"'])),
      }),
    ],
    [
      'rollup rules on a leaf',
      leaf('L1', {
        seq: '<imsss:rollupRules><imsss:rollupRule><imsss:rollupConditions><imsss:rollupCondition condition="completed"/></imsss:rollupConditions><imsss:rollupAction action="satisfied"/></imsss:rollupRule></imsss:rollupRules>',
      }),
    ],
    [
      'atLeastCount above the child count',
      cluster('C', [leaf('L1')], {
        seq: '<imsss:rollupRules><imsss:rollupRule childActivitySet="atLeastCount" minimumCount="2"><imsss:rollupConditions><imsss:rollupCondition condition="completed"/></imsss:rollupConditions><imsss:rollupAction action="completed"/></imsss:rollupRule></imsss:rollupRules>',
      }),
    ],
  ];
  for (const [name, item] of cases) {
    const findings = lint(scorm2004([item, leaf('PLAIN')]));
    assert.deepEqual(
      ruleIds(findings),
      ['seq.rule_never_fires'],
      `${name}: ${JSON.stringify(findings, null, 1)}`,
    );
    assert.ok(
      findings.every((f) => f.severity === 'warning'),
      name,
    );
  }
  // Live conditions are left alone: a limit, a SCO's measure, a global read, an "any" with one live branch.
  const live = [
    leaf('L1', {
      seq: `${rules(rule('pre', 'skip', ['condition="attemptLimitExceeded"']))}<imsss:limitConditions attemptLimit="2"/>`,
    }),
    leaf('L2', {
      seq: rules(rule('pre', 'skip', ['condition="objectiveMeasureGreaterThan" measureThreshold="0.5"'])),
    }),
    leaf('L3', {
      ref: 'ASSET',
      seq: `${rules(rule('pre', 'skip', ['condition="objectiveMeasureKnown"']))}<imsss:objectives><imsss:primaryObjective><imsss:mapInfo targetObjectiveID="g"/></imsss:primaryObjective></imsss:objectives>`,
    }),
    leaf('L4', { seq: rules(rule('pre', 'skip', ['operator="not" condition="always"', SAT], 'any')) }),
    leaf('W', {
      seq: '<imsss:objectives><imsss:primaryObjective><imsss:mapInfo targetObjectiveID="g" writeNormalizedMeasure="true"/></imsss:primaryObjective></imsss:objectives>',
    }),
  ];
  assert.deepEqual(lint(scorm2004(live)), []);
});

test('seq.rule_conflict: shadowed, unreachable and duplicate rules', () => {
  const shadowed = expectOnly(
    scorm2004([leaf('L1', { seq: rules(rule('post', 'exitParent', [SAT]), rule('post', 'retry', [SAT])) })]),
    'seq.rule_conflict',
  );
  assert.equal(shadowed[0]?.severity, 'warning');
  assert.match(shadowed[0]?.message ?? '', /"retry" never happens/);
  const afterAlways = expectOnly(
    scorm2004([
      leaf('L1', {
        seq: rules(rule('post', 'continue', ['condition="always"']), rule('post', 'retry', [NOT_SAT])),
      }),
    ]),
    'seq.rule_conflict',
  );
  assert.match(afterAlways[0]?.message ?? '', /unreachable/);
  const duplicate = expectOnly(
    scorm2004([
      leaf('L1', {
        seq: rules(
          rule('pre', 'skip', [SAT, 'condition="completed"']),
          rule('pre', 'skip', ['condition="completed"', SAT]),
        ),
      }),
    ]),
    'seq.rule_conflict',
  );
  assert.equal(duplicate[0]?.severity, 'info');
  // Pre-condition actions are checked by different SN processes, so skip + hiddenFromChoice is no conflict.
  assert.deepEqual(
    lint(
      scorm2004([
        leaf('L1', { seq: rules(rule('pre', 'skip', [SAT]), rule('pre', 'hiddenFromChoice', [SAT])) }),
        leaf('L2'),
      ]),
    ),
    [],
  );
});

test('seq.undeliverable_activity: closed clusters, always-disabled and hidden activities', () => {
  const closed = expectOnly(
    scorm2004([
      cluster('C', [leaf('L1'), leaf('L2')], { seq: '<imsss:controlMode choice="false"/>' }),
      leaf('L3'),
    ]),
    'seq.undeliverable_activity',
  );
  assert.equal(closed.length, 2, 'each unreachable leaf once');
  const root = expectOnly(
    scorm2004([leaf('L1'), leaf('L2')], { orgSeq: '<imsss:controlMode choice="false"/>' }),
    'seq.undeliverable_activity',
  );
  assert.equal(root.length, 1);
  assert.match(root[0]?.message ?? '', /cannot start/);
  expectOnly(
    scorm2004([leaf('L1', { seq: rules(rule('pre', 'disabled', ['condition="always"'])) }), leaf('L2')]),
    'seq.undeliverable_activity',
  );
  expectOnly(
    scorm2004([
      leaf('L1', { seq: rules(rule('pre', 'hiddenFromChoice', ['condition="always"'])) }),
      leaf('L2'),
    ]),
    'seq.undeliverable_activity',
  );
  // Grandchildren stay choosable under a closed root when their own parent allows choice (ADL CM-15).
  assert.deepEqual(
    lint(
      scorm2004([cluster('C', [leaf('L1'), leaf('L2')])], { orgSeq: '<imsss:controlMode choice="false"/>' }),
    ),
    [],
  );
});

test('seq.forward_only_with_previous: previous rules and the Previous control', () => {
  const xml = scorm2004(
    [
      cluster('C', [leaf('L1', { seq: rules(rule('post', 'previous', [SAT])) }), leaf('L2')], {
        seq: '<imsss:controlMode flow="true" forwardOnly="true"/>',
      }),
    ],
    { orgSeq: FLOW },
  );
  const findings = expectOnly(xml, 'seq.forward_only_with_previous');
  assert.deepEqual(findings.map((f) => f.severity).sort(), ['info', 'warning']);
  assert.deepEqual(
    lint(xml, 'strict').map((f) => f.severity),
    ['warning'],
    'the UI note is pedantic only',
  );
  const hide =
    '<adlnav:presentation><adlnav:navigationInterface><adlnav:hideLMSUI>previous</adlnav:hideLMSUI></adlnav:navigationInterface></adlnav:presentation>';
  const hidden = scorm2004(
    [
      cluster('C', [leaf('L1', { extra: hide }), leaf('L2', { extra: hide })], {
        seq: '<imsss:controlMode flow="true" forwardOnly="true"/>',
      }),
    ],
    { orgSeq: FLOW },
  );
  assert.deepEqual(lint(hidden), []);
});

test('seq.flow_without_children: child-governing control modes on a leaf', () => {
  const flow = expectOnly(scorm2004([leaf('L1', { seq: FLOW })]), 'seq.flow_without_children');
  assert.equal(flow[0]?.severity, 'info');
  const choice = expectOnly(
    scorm2004([leaf('L1', { seq: '<imsss:controlMode choice="false"/>' })]),
    'seq.flow_without_children',
  );
  assert.equal(choice[0]?.severity, 'warning');
  // choiceExit does act on a leaf.
  assert.deepEqual(lint(scorm2004([leaf('L1', { seq: '<imsss:controlMode choiceExit="false"/>' })])), []);
});

test('seq.choice_exit_trap: choiceExit="false" cluster without flow', () => {
  const xml = scorm2004([
    cluster('C', [leaf('L1'), leaf('L2')], { seq: '<imsss:controlMode choiceExit="false"/>' }),
    leaf('L3'),
  ]);
  assert.equal(expectOnly(xml, 'seq.choice_exit_trap')[0]?.severity, 'warning');
  const withFlow = scorm2004(
    [
      cluster('C', [leaf('L1'), leaf('L2')], { seq: '<imsss:controlMode flow="true" choiceExit="false"/>' }),
      leaf('L3'),
    ],
    { orgSeq: FLOW },
  );
  assert.deepEqual(lint(withFlow), []);
});

test('seq.rollup_inconsistent: rollup that can never produce a value', () => {
  const excluded = '<imsss:rollupRules rollupObjectiveSatisfied="false"/>';
  const satisfiedRule =
    '<imsss:rollupRules><imsss:rollupRule><imsss:rollupConditions><imsss:rollupCondition condition="satisfied"/></imsss:rollupConditions><imsss:rollupAction action="satisfied"/></imsss:rollupRule></imsss:rollupRules>';
  expectOnly(
    scorm2004([
      cluster('C', [leaf('L1', { seq: excluded }), leaf('L2', { seq: excluded })], { seq: satisfiedRule }),
    ]),
    'seq.rollup_inconsistent',
  );
  const untracked = '<imsss:deliveryControls tracked="false"/>';
  expectOnly(
    scorm2004([cluster('C', [leaf('L1', { seq: untracked }), leaf('L2', { seq: untracked })]), leaf('L3')]),
    'seq.rollup_inconsistent',
  );
  const weight0 = '<imsss:rollupRules objectiveMeasureWeight="0"/>';
  const [f] = expectOnly(
    scorm2004([
      cluster('C', [leaf('L1', { seq: weight0 }), leaf('L2', { seq: weight0 })], {
        seq: '<imsss:objectives><imsss:primaryObjective satisfiedByMeasure="true"/></imsss:objectives>',
      }),
    ]),
    'seq.rollup_inconsistent',
  );
  assert.match(f?.message ?? '', /objectiveMeasureWeight="0"/);
});

test('seq.randomization_select_exceeds_children and seq.randomization_without_timing', () => {
  const exceeds = expectOnly(
    scorm2004([
      cluster('C', [leaf('L1'), leaf('L2')], {
        seq: '<imsss:randomizationControls selectCount="3" selectionTiming="once"/>',
      }),
    ]),
    'seq.randomization_select_exceeds_children',
  );
  assert.equal(exceeds[0]?.severity, 'warning');
  expectOnly(
    scorm2004([
      cluster('C', [leaf('L1'), leaf('L2')], { seq: '<imsss:randomizationControls selectCount="1"/>' }),
    ]),
    'seq.randomization_without_timing',
  );
  expectOnly(
    scorm2004([
      cluster('C', [leaf('L1'), leaf('L2')], {
        seq: '<imsss:randomizationControls reorderChildren="true"/>',
      }),
    ]),
    'seq.randomization_without_timing',
  );
});

test('levels: basic runs only the basic rules', () => {
  const xml = scorm2004([leaf('L1', { seq: FLOW }), leaf('EMPTY', { ref: null })]);
  assert.deepEqual(ruleIds(lint(xml, 'basic')), ['seq.leaf_missing_identifierref']);
  assert.deepEqual(ruleIds(lint(xml, 'pedantic')), [
    'seq.flow_without_children',
    'seq.leaf_missing_identifierref',
  ]);
});
