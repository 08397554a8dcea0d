import type { ElementInfo } from './element-def.js';
import { checkFeedback12, describeFeedback12 } from './types/cmi-feedback.js';
import { checkResponse2004, describeResponse2004 } from './types/interaction-response.js';
import type { Rejection, ValueCheck } from './value-type.js';

export interface ValidateContext {
  /** cmi.interactions.n.type of the same interaction, to check pattern/response formats. */
  interactionType?: string;
}

/** What a SetValue argument becomes in the LMS: the ECMAScript binding converts primitives to strings. */
export function toCharacterString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return undefined;
}

/** Checks a value a SCO sets against the element's value space (vocabulary, format, range, length). */
export function validateValue(info: ElementInfo, value: unknown, context: ValidateContext = {}): ValueCheck {
  const text = toCharacterString(value);
  if (text === undefined) {
    const kind = value === null ? 'null' : typeof value;
    return {
      ok: false,
      kind: 'not_string',
      reason: `SetValue needs a string, got ${kind}`,
      expected: info.type.expected,
    };
  }
  let rejection: Rejection | undefined;
  let expected = info.type.expected;
  const type = context.interactionType;
  if (info.response && type !== undefined) {
    rejection =
      info.version === '1.2' ? checkFeedback12(type, text) : checkResponse2004(type, info.response, text);
    const format =
      info.version === '1.2' ? describeFeedback12(type) : describeResponse2004(type, info.response);
    if (format) expected = `a ${type} ${info.response === 'pattern' ? 'pattern' : 'response'}: ${format}`;
  } else {
    rejection = info.type.check(text);
  }
  return rejection ? { ok: false, kind: rejection.kind, reason: rejection.reason, expected } : { ok: true };
}
