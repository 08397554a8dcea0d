/** Small activity trees for the sequencing engine's unit tests: manifests in code, sessions, outcomes. */
import type { CourseTexts } from '../../../src/core/course-text.js';
import assert from 'node:assert/strict';
import { parseManifest } from '../../../src/manifest/parse-manifest.js';
import { createSequencingSession, type SessionOutcome } from '../../../src/sequencing/index.js';

export { cluster, leaf, scorm2004 } from '../../fixtures/seqlint/build-manifest.js';

export const FLOW = '<imsss:controlMode flow="true"/>';

export function session(xml: string, options: Parameters<typeof createSequencingSession>[1] = {}) {
  return createSequencingSession(parseManifest(xml).manifest, options);
}

/** The delivered activity's id (fails the test when the outcome is not a delivery). */
export function delivered(o: SessionOutcome): string {
  assert.equal(o.kind, 'deliver', JSON.stringify(o));
  return o.kind === 'deliver' ? o.activityId : '';
}

/** The denial of an outcome (fails the test when it is not one). */
/** A denial's code and reason; the reason names the course's ids through `course_text`, kept with it. */
export function denial(o: SessionOutcome): { code: string; reason: string; course_text?: CourseTexts } {
  assert.equal(o.kind, 'denied', JSON.stringify(o));
  return o.kind === 'denied'
    ? { code: o.code, reason: o.reason, ...(o.course_text ? { course_text: o.course_text } : {}) }
    : { code: '', reason: '' };
}

/** One `<imsss:sequencingRules>` rule: `kind` pre/exit/post, conditions as `condition` or `not condition` (with optional attrs). */
export function rule(
  kind: 'pre' | 'exit' | 'post',
  action: string,
  conditions: string[],
  combination = 'all',
): string {
  const tag = `${kind}ConditionRule`;
  const conds = conditions
    .map((c) => {
      const [first, ...rest] = c.split(' ');
      const negated = first === 'not';
      const [condition, ...attrs] = negated ? rest : [first, ...rest];
      return `<imsss:ruleCondition${negated ? ' operator="not"' : ''} condition="${condition}"${attrs.length ? ` ${attrs.join(' ')}` : ''}/>`;
    })
    .join('');
  return `<imsss:${tag}><imsss:ruleConditions conditionCombination="${combination}">${conds}</imsss:ruleConditions><imsss:ruleAction action="${action}"/></imsss:${tag}>`;
}

export function rules(...list: string[]): string {
  return `<imsss:sequencingRules>${list.join('')}</imsss:sequencingRules>`;
}
