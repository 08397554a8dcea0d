import { test } from 'node:test';
import assert from 'node:assert/strict';
import { delivered, denial, leaf, rule, rules, scorm2004, session } from './small-trees.js';
import { spelledOut } from '../../helpers/course-text.js';

const CHOICE_FLOW = '<imsss:controlMode choice="true" flow="true"/>';

test('continue without flow names the control and the cluster by title and identifier', () => {
  const s = session(scorm2004([leaf('A'), leaf('B')]));
  delivered(s.navigate({ type: 'choice', target: 'A' }));
  const d = denial(s.navigate({ type: 'continue' }));
  assert.equal(d.code, 'NB.2.1-4');
  assert.equal(
    spelledOut(d, d.reason),
    'continue is not allowed: flow is off in "Course" ("ORG") (controlMode flow="false")',
  );
});

test('a disabled activity names the precondition rule that disables it, with its conditions', () => {
  const disabled = rules(rule('pre', 'disabled', ['not attempted', 'satisfied'], 'any'));
  const s = session(scorm2004([leaf('A'), leaf('B', { seq: disabled })], { orgSeq: CHOICE_FLOW }));
  delivered(s.navigate({ type: 'start' }));
  const d = denial(s.terminate('A', { navRequest: 'continue' }));
  assert.equal(d.code, 'SB.2.2-2');
  assert.match(d.reason, /^`course_text\.quoted\[0\]` is disabled/, 'the id only in course_text');
  assert.match(
    spelledOut(d, d.reason),
    /"B" is disabled by its precondition rule "disabled" if not attempted or satisfied/,
  );
  assert.match(
    s.navigationState().toc.find((e) => e.id === 'B')?.whyNot ?? '',
    /disabled by its precondition rule/,
  );
});

test('a used-up attempt limit and a hidden-from-choice rule are named in the verdict and the TOC', () => {
  const s = session(
    scorm2004(
      [
        leaf('A', { seq: '<imsss:limitConditions attemptLimit="1"/>' }),
        leaf('B'),
        leaf('C', { seq: rules(rule('pre', 'hiddenFromChoice', ['always'])) }),
      ],
      { orgSeq: CHOICE_FLOW },
    ),
  );
  delivered(s.navigate({ type: 'start' }));
  delivered(s.terminate('A', { navRequest: 'continue' }));
  const toc = s.navigationState().toc;
  const whyNot = (id: string) => {
    const e = toc.find((t) => t.id === id);
    return spelledOut(e ?? {}, e?.whyNot ?? '');
  };
  assert.match(whyNot('A'), /"A" has used up its attemptLimit of 1 \(1 attempt\(s\)\)/);
  assert.match(
    whyNot('C'),
    /"C" is hidden from choice by its precondition rule "hiddenFromChoice" if always \(SB\.2\.9-3\)/,
  );
  assert.match(s.isValid({ type: 'previous' }).reason ?? '', /attemptLimit of 1/);
});

test('suspendAll says the session was suspended; requests after it say suspended or ended, not "not started"', () => {
  const s = session(scorm2004([leaf('A'), leaf('B')], { orgSeq: CHOICE_FLOW }));
  assert.match(denial(s.navigate({ type: 'continue' })).reason, /has not started \(use start or resumeAll\)/);
  delivered(s.navigate({ type: 'start' }));
  const suspended = s.navigate({ type: 'suspendAll' });
  assert.equal(suspended.kind, 'ended');
  assert.equal(
    spelledOut(suspended, (suspended as { reason: string }).reason),
    'the sequencing session was suspended at "A" (resumeAll resumes it)',
  );
  assert.match(
    denial(s.navigate({ type: 'continue' })).reason,
    /the sequencing session is suspended \(use resumeAll\)/,
  );
  delivered(s.navigate({ type: 'resumeAll' }));
  const exited = s.navigate({ type: 'exitAll' });
  assert.equal((exited as { reason: string }).reason, 'the sequencing session ended (exitAll)');
  const d = denial(s.navigate({ type: 'continue' }));
  assert.equal(d.code, 'NB.2.1-2');
  assert.match(d.reason, /the sequencing session has ended \(use start to begin a new attempt\)/);
  assert.doesNotMatch(d.reason, /not started/);
  // The validity answer (scorm_nav_get_state, the inspector, the CLI) says the same.
  assert.match(s.isValid({ type: 'continue' }).reason ?? '', /the sequencing session has ended/);
});
