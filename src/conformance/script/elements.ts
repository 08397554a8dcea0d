/** Element paths from `~`-separated abbreviations (README §3.5). */
import type { Dictionary } from './dictionary.js';
import { javaSplit } from './split.js';

const NAV_REQUEST_TOKEN = 'a~n~r';

export interface GetTarget {
  element: string;
  interactionType?: string;
}

export function expandGetElement(token: string, dict: Dictionary): GetTarget {
  if (!token.includes('~')) return { element: token };
  const segments = javaSplit(token, '~');
  let interactionType: string | undefined;
  if (segments[1] === 'INTR') {
    for (let i = 0; i < segments.length; i++) {
      const seg = segments[i] ?? '';
      const bang = seg.indexOf('!');
      if (bang < 0) continue;
      interactionType = dict.lookup(seg.slice(bang + 1));
      segments[i] = seg.slice(0, bang);
    }
  }
  if (segments.length === 6 && token.includes(NAV_REQUEST_TOKEN)) {
    const head = segments.slice(0, 4).map((s) => dict.lookup(s));
    const element = [...head, dict.lookup(segments[4] ?? '', segments[5] ?? '')].join('.');
    return { element };
  }
  const element = segments.map((s) => dict.lookup(s)).join('.');
  return interactionType === undefined ? { element } : { element, interactionType };
}

export interface SetTarget {
  element: string;
  value: string;
}

/** The element and value of a SET token, by segment count, split at the first `!`. */
export function expandSetTarget(token: string, dict: Dictionary): SetTarget {
  const segments = javaSplit(token, '~');
  const last = segments[segments.length - 1] ?? '';
  const bang = last.indexOf('!');
  const lastName = bang < 0 ? last : last.slice(0, bang);
  const value = bang < 0 ? undefined : dict.lookup(last.slice(bang + 1));
  const withValue = (names: string[]) => `${names.join('.')}${value === undefined ? '' : `!${value}`}`;
  let combined: string;
  const n = segments.length;
  if (n <= 1) {
    combined = dict.lookup(token);
  } else if (n === 4) {
    const [a = '', b = '', c = ''] = segments;
    combined = withValue([dict.lookup(a), dict.lookup(b), c, dict.lookup(lastName)]);
  } else if (n === 5 && token.includes(NAV_REQUEST_TOKEN)) {
    // a~n~r!tar~<target>~TY.c -> adl.nav.request = {target=<target>}choice
    const [a = '', nav = '', third = '', target = '', kind = ''] = segments;
    const at = third.indexOf('!');
    const request = dict.lookup(third.slice(0, at < 0 ? undefined : at));
    const targetKey = at < 0 ? '' : third.slice(at + 1);
    combined = `${dict.lookup(a)}.${dict.lookup(nav)}.${request}!${dict.lookup(targetKey, target)}${dict.lookup(kind)}`;
  } else {
    combined = withValue([...segments.slice(0, -1).map((s) => dict.lookup(s)), dict.lookup(lastName)]);
  }
  const split = combined.indexOf('!');
  return split < 0
    ? { element: combined, value: '' }
    : { element: combined.slice(0, split), value: combined.slice(split + 1) };
}
