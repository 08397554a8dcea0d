/**
 * Identifiers: present, valid xs:ID, unique across the whole manifest.
 */
import { idIndex, KIND_ELEMENT } from './ids.js';
import { ADL } from './refs.js';
import { defineRule } from './rule.js';
import { isXsId } from './values.js';
import { quote } from './walk.js';

export const identifierMissingRule = defineRule(
  {
    id: 'cp.identifier_missing',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'Manifests, organizations, items and resources carry an identifier',
    adl: [ADL.manifest],
  },
  ({ parsed }, report) => {
    for (const { kind, element } of idIndex(parsed).missing) {
      report(
        element,
        `This ${KIND_ELEMENT[kind]} has no identifier attribute; the LMS cannot reference or track it.`,
        `Add identifier="…" with a value unique in the manifest that starts with a letter or "_" (e.g. identifier="${kind}_1").`,
      );
    }
  },
);

export const identifierInvalidRule = defineRule(
  {
    id: 'cp.identifier_invalid',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'Identifiers are valid xs:ID values',
    adl: [ADL.manifest],
  },
  ({ parsed }, report) => {
    for (const e of idIndex(parsed).entries) {
      if (isXsId(e.written)) continue;
      const better = e.id.replace(/[^\p{L}\p{N}_.-]/gu, '_').replace(/^([^\p{L}_])/u, '_$1');
      report(
        e.pos,
        `${KIND_ELEMENT[e.kind]} identifier ${quote(e.written)} is not a valid xs:ID: it must start with a letter or "_" and contain no spaces, colons or other punctuation besides ".", "-" and "_".`,
        `Rename it (e.g. to ${quote(better)}) and update every identifierref/IDRef that points to it.`,
      );
    }
  },
);

export const identifierDuplicateRule = defineRule(
  {
    id: 'cp.identifier_duplicate',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'Identifiers are unique across manifest, organizations, items, resources and sequencing IDs',
    adl: [ADL.manifest],
  },
  ({ parsed }, report) => {
    const index = idIndex(parsed);
    for (const e of index.entries) {
      const first = index.byId.get(e.id);
      if (!first || first === e) continue;
      report(
        e.pos,
        `Identifier ${quote(e.id)} of this ${KIND_ELEMENT[e.kind]} is already used by the ${KIND_ELEMENT[first.kind]} at line ${first.pos.line}; identifiers must be unique in the whole manifest.`,
        `Rename one of them (e.g. ${quote(`${e.id}_2`)}) and update the identifierref values that should point to it.`,
      );
    }
  },
);
