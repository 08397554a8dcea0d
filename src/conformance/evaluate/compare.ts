/**
 * ADL's type-aware comparison (README §4.3): the returned value must be valid for the element's
 * type, then equal to the expected value by that type's own comparison, or equal to the expected
 * value truncated to the element's SPM. Element types come from our data-model catalogue.
 */
import { lookupElement, validateValue, type ElementInfo } from '../../rte/datamodel/index.js';
import { delimitersAgree, splitDelimiters } from './delimiters.js';
import { sameResponse } from './responses.js';
import { sameDuration, sameInstant, sameLanguage, sameReal, sameUri } from './scalars.js';

export type Comparison = { equal: true } | { equal: false; why: string };

const NAV_VALIDITY = new Set(['true', 'false', 'unknown']);

function sameChildren(info: ElementInfo, returned: string): boolean {
  const names = returned.split(',');
  const expected = info.children ?? [];
  return (
    names.length === expected.length &&
    new Set(names).size === names.length &&
    names.every((n) => expected.includes(n))
  );
}

function sameByType(
  info: ElementInfo,
  returned: string,
  expected: string,
  interactionType?: string,
): boolean {
  if (info.response && interactionType !== undefined)
    return sameResponse(interactionType, info.response, returned, expected);
  if (info.response) return returned === expected;
  if (info.name.endsWith('.result')) {
    return returned === expected || (Number.isFinite(Number(returned)) && sameReal(returned, expected));
  }
  switch (info.type.id) {
    case 'real(10,7)':
      return sameReal(returned, expected);
    case 'timeinterval (second,10,2)':
      return sameDuration(returned, expected);
    case 'time (second,10,0)':
      return sameInstant(returned, expected);
    case 'long_identifier_type':
    case 'short_identifier_type':
      return sameUri(returned, expected);
    case 'language_type':
      return returned === '' || expected === '' ? returned === expected : sameLanguage(returned, expected);
    case 'localized_string_type': {
      const r = splitDelimiters(returned);
      const e = splitDelimiters(expected);
      return delimitersAgree(r, e) && r.text === e.text;
    }
    default:
      return returned === expected;
  }
}

/** Expected value cut to the element's SPM, keeping a leading `{lang=}` delimiter out of the count. */
function truncateToSpm(info: ElementInfo, expected: string): string | undefined {
  const spm = info.type.spm;
  if (spm === undefined) return undefined;
  if (info.type.id === 'localized_string_type') {
    const m = /^\{lang=[^}]*\}/.exec(expected);
    const head = m ? m[0] : '';
    return head + expected.slice(head.length, head.length + spm);
  }
  return expected.slice(0, spm);
}

export function compareTyped(
  element: string,
  returned: string,
  expected: string,
  interactionType?: string,
): Comparison {
  if (element.includes('request_valid')) {
    return NAV_VALIDITY.has(returned)
      ? { equal: true }
      : { equal: false, why: `${JSON.stringify(returned)} is not true, false or unknown` };
  }
  const info = lookupElement('2004', element);
  if (!info) return { equal: false, why: `unable to find data model element ${element}` };
  if (info.keyword === '_children') {
    return sameChildren(info, returned)
      ? { equal: true }
      : { equal: false, why: `_children should list ${(info.children ?? []).join(',')}` };
  }
  if (info.keyword) return returned === expected ? { equal: true } : { equal: false, why: 'values differ' };
  const valid = validateValue(info, returned, interactionType === undefined ? {} : { interactionType });
  if (!valid.ok && valid.kind !== 'spm')
    return { equal: false, why: `returned value is not valid: ${valid.reason}` };
  if (sameByType(info, returned, expected, interactionType)) return { equal: true };
  const cut = truncateToSpm(info, expected);
  if (cut !== undefined && cut !== expected && sameByType(info, returned, cut, interactionType))
    return { equal: true };
  return { equal: false, why: `not equal as ${info.type.id}` };
}
