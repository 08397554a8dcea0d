export type { Access, ElementDef, ElementInfo, Keyword } from './element-def.js';
export type { RejectionKind, ScormVersion, ValueCheck, ValueType } from './value-type.js';
export { SCORM12_ELEMENTS, INTERACTION_TYPES_12 } from './elements-12.js';
export { SCORM2004_ELEMENTS } from './elements-2004.js';
export { INTERACTION_TYPES_2004 } from './types/interaction-response.js';
export { listElements, lookupElement } from './lookup.js';
export { toCharacterString, validateValue, type ValidateContext } from './validate.js';
