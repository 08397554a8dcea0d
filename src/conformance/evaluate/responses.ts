/** Interaction learner_response / correct_responses pattern comparison by interaction type (README §4.3). */
import { delimitersAgree, splitDelimiters } from './delimiters.js';
import { sameReal, sameUri } from './scalars.js';

const list = (value: string) => (value === '' ? [] : value.split('[,]'));

function sameSet(a: string[], b: string[], equal: (x: string, y: string) => boolean): boolean {
  if (a.length !== b.length) return false;
  const left = [...b];
  for (const x of a) {
    const i = left.findIndex((y) => equal(x, y));
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
}

const samePositions = (a: string[], b: string[], equal: (x: string, y: string) => boolean) =>
  a.length === b.length && a.every((x, i) => equal(x, b[i] ?? ''));

function fillIn(returned: string, expected: string, longForm: boolean): boolean {
  const r = splitDelimiters(returned);
  const e = splitDelimiters(expected);
  if (!delimitersAgree(r, e)) return false;
  const caseMatters = (r.delimiters['case_matters'] ?? e.delimiters['case_matters']) === 'true';
  const norm = (s: string) => (caseMatters ? s : s.toLowerCase());
  if (longForm) return norm(r.text) === norm(e.text);
  const orderMatters = (r.delimiters['order_matters'] ?? e.delimiters['order_matters'] ?? 'true') !== 'false';
  const item = (x: string, y: string) => {
    const dx = splitDelimiters(x);
    const dy = splitDelimiters(y);
    return delimitersAgree(dx, dy) && norm(dx.text) === norm(dy.text);
  };
  const a = list(r.text);
  const b = list(e.text);
  return orderMatters ? samePositions(a, b, item) : sameSet(a, b, item);
}

function numericPattern(returned: string, expected: string, kind: 'pattern' | 'learner_response'): boolean {
  if (kind === 'learner_response') return sameReal(returned, expected);
  const [rmin = '', rmax = ''] = returned.split('[:]');
  const [emin = '', emax = ''] = expected.split('[:]');
  const bound = (x: string, y: string) => (x === '' || y === '' ? x === y : sameReal(x, y));
  return bound(rmin, emin) && bound(rmax, emax);
}

export function sameResponse(
  type: string,
  kind: 'pattern' | 'learner_response',
  returned: string,
  expected: string,
): boolean {
  switch (type) {
    case 'choice':
      return sameSet(list(returned), list(expected), (x, y) => x === y);
    case 'fill-in':
      return fillIn(returned, expected, false);
    case 'long-fill-in':
      return fillIn(returned, expected, true);
    case 'likert':
      return sameUri(returned, expected);
    case 'matching':
      // ADL's inner loop reads the pair at the outer index: pairs are compared position by position.
      return samePositions(list(returned), list(expected), (x, y) => x === y);
    case 'performance': {
      const r = splitDelimiters(returned);
      const e = splitDelimiters(expected);
      if (!delimitersAgree(r, e)) return false;
      const orderMatters = (r.delimiters['order_matters'] ?? 'true') !== 'false';
      return orderMatters
        ? samePositions(list(r.text), list(e.text), (x, y) => x === y)
        : sameSet(list(r.text), list(e.text), (x, y) => x === y);
    }
    case 'sequencing':
      return samePositions(list(returned), list(expected), (x, y) => x === y);
    case 'numeric':
      return numericPattern(returned, expected, kind);
    default:
      // true-false and other: ADL's comparison has no case; any value that passed validation is equal.
      return true;
  }
}
