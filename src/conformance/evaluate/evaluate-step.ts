/** README §4.2: the first matching rule judges a step. */
import type { Step } from '../script/types.js';
import { compareTyped } from './compare.js';
import type { StepOutcome, StepRecord } from './record.js';

export interface Learner {
  id: string;
  name: string;
}

interface Verdict {
  rule: string;
  valueOk: boolean;
  errorChecked: boolean;
  why?: string;
}

const LESS_255 = 'less255';
const EMPTY_CS = 'emptyCS';

function expectedOf(step: Step, learner: Learner): string {
  if (step.method !== 'GET') return 'expected' in step ? step.expected : '';
  if (step.element.includes('learner_id')) return learner.id;
  if (step.element.includes('learner_name')) return learner.name;
  return step.expected;
}

function judge(step: Step, outcome: StepOutcome, expected: string): Verdict {
  if (outcome.lookupFailed !== undefined) {
    return { rule: 'id-lookup', valueOk: false, errorChecked: false, why: outcome.lookupFailed };
  }
  if (step.method === 'COI') {
    const read = outcome.objectiveIds ?? [];
    const same = read.length === step.ids.length && read.every((id) => step.ids.includes(id));
    return { rule: 'objective-ids', valueOk: same, errorChecked: false, why: `read [${read.join(',')}]` };
  }
  const returned = outcome.returned;
  if (step.method === 'GET') {
    const element = step.element;
    if (element.includes('learner_name')) return { rule: 'learner-name', valueOk: true, errorChecked: true };
    if (element.includes('request_valid.choice') || element.includes('request_valid.jump')) {
      const valid = ['true', 'false', 'unknown'].includes(returned);
      return { rule: 'nav-validity', valueOk: valid, errorChecked: false };
    }
    if (element.includes('comments_from_lms') && !element.includes('_children')) {
      const code = Number.parseInt(outcome.error, 10);
      const allowed = [0, 301, 403].includes(code) || (code === 401 && element === 'cmi.comments_from_lms');
      return {
        rule: 'comments-from-lms',
        valueOk: allowed,
        errorChecked: false,
        why: `error ${outcome.error}`,
      };
    }
    const concrete = outcome.element ?? element;
    if (expected !== '' && !element.includes('_count')) {
      const c = compareTyped(concrete, returned, expected, step.interactionType);
      return { rule: 'typed', valueOk: c.equal, errorChecked: true, ...(c.equal ? {} : { why: c.why }) };
    }
    if (expected === '' && element.includes('&') && element.includes('.id')) {
      const id = element.split('&')[1] ?? '';
      return { rule: 'id-by-marker', valueOk: returned === id, errorChecked: true };
    }
    if (expected === '' && returned.startsWith('{') && !element.includes('_count')) {
      const c = compareTyped(concrete, returned, '', step.interactionType);
      return {
        rule: 'typed-empty',
        valueOk: c.equal,
        errorChecked: true,
        ...(c.equal ? {} : { why: c.why }),
      };
    }
  }
  if (step.method === 'GES') {
    const ok =
      step.expected === LESS_255
        ? returned.length < 255
        : step.expected === EMPTY_CS
          ? returned === ''
          : returned === step.expected;
    return { rule: 'error-string', valueOk: ok, errorChecked: true };
  }
  if (step.method === 'GeDi')
    return { rule: 'diagnostic', valueOk: returned.length < 255, errorChecked: true };
  return { rule: 'exact', valueOk: returned === expected, errorChecked: true };
}

export function evaluateStep(block: string, step: Step, outcome: StepOutcome, learner: Learner): StepRecord {
  const expected = expectedOf(step, learner);
  const expectedError = 'error' in step ? step.error : '';
  const v = judge(step, outcome, expected);
  const errorOk = !v.errorChecked || outcome.error === expectedError;
  const pass = v.valueOk && errorOk;
  const problems: string[] = [];
  if (!v.valueOk)
    problems.push(
      `value ${JSON.stringify(clip(outcome.returned))}, expected ${JSON.stringify(clip(expected))}${v.why ? ` (${v.why})` : ''}`,
    );
  if (!errorOk) problems.push(`error ${outcome.error}, expected ${expectedError}`);
  const element =
    step.method === 'GET' || step.method === 'SET' ? (outcome.element ?? step.element) : undefined;
  return {
    block,
    index: step.index,
    source: step.source,
    method: step.method,
    ...(element === undefined ? {} : { element }),
    ...(step.method === 'SET' ? { sent: step.value } : {}),
    expected,
    expectedError,
    returned: outcome.returned,
    error: outcome.error,
    rule: v.rule,
    pass,
    message: pass ? '' : problems.join('; '),
  };
}

function clip(value: string): string {
  return value.length > 80 ? `${value.slice(0, 77)}...` : value;
}
