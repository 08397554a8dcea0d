import { listHas, regexpExec } from '../../../core/intrinsics.js';
import { quote, reject, type ValueType } from '../value-type.js';
import { checkUriIdentifier } from './identifier-uri.js';

const SIMPLE = ['continue', 'previous', 'exit', 'exitAll', 'abandon', 'abandonAll', 'suspendAll', '_none_'];
const TARGETED = /^\{target=([^}]*)\}(choice|jump)$/;

/** SCORM 2004 adl.nav.request: a navigation keyword, or `{target=<id>}choice|jump`. */
export const NAV_REQUEST: ValueType = {
  id: 'adl.nav.request',
  expected: `one of ${SIMPLE.map((v) => JSON.stringify(v)).join(', ')}, "{target=<activity id>}choice" or "{target=<activity id>}jump"`,
  check(value) {
    if (listHas(SIMPLE, value)) return undefined;
    const m = regexpExec(TARGETED, value);
    if (!m) {
      const hint =
        value === 'choice' || value === 'jump' ? ` (${value} needs a target: "{target=<id>}${value}")` : '';
      return reject('vocabulary', `${quote(value)} is not a navigation request${hint}`);
    }
    const bad = checkUriIdentifier(m[1] ?? '', 4000);
    return bad ? reject('format', `the target of ${quote(value)} is invalid: ${bad.reason}`) : undefined;
  },
};
