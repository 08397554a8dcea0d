/**
 * SCORM 1.2 item extensions (adlcp_rootv1p2): masteryscore, maxtimeallowed, timelimitaction,
 * datafromlms, prerequisites.
 */
import { NS } from '../../manifest/namespaces.js';
import type { XmlElement } from '../../manifest/xml-tree.js';
import { ADL } from './refs.js';
import { defineRule } from './rule.js';
import { closestTerm, isCmiTimespan, listTerms, parseDecimal } from './values.js';
import { allElements, attrOf, collapse, quote } from './walk.js';
import type { ParsedManifest } from '../../manifest/model.js';
import {
  parsePrerequisites,
  prerequisiteItems,
  PREREQUISITES_SYNTAX,
} from '../../sequencing/scorm12-prerequisites.js';

export const TIME_LIMIT_ACTIONS = [
  'exit,message',
  'exit,no message',
  'continue,message',
  'continue,no message',
] as const;

function* adlcp12(parsed: ParsedManifest, local: string): Generator<XmlElement> {
  for (const el of allElements(parsed.root)) if (el.uri === NS.adlcp12 && el.local === local) yield el;
}

function itemId(el: XmlElement): string {
  const id = el.parent ? attrOf(el.parent, 'identifier') : undefined;
  return quote(id ? collapse(id.value) : '');
}

export const masteryScoreRule = defineRule(
  {
    id: 'cp12.masteryscore_invalid',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'adlcp:masteryscore is a number from 0 to 100',
    adl: [ADL.scorm12],
  },
  ({ parsed }, report) => {
    for (const el of adlcp12(parsed, 'masteryscore')) {
      const value = collapse(el.text);
      const n = parseDecimal(value);
      if (n !== null && n >= 0 && n <= 100) continue;
      report(
        el.pos,
        `<adlcp:masteryscore> of item ${itemId(el)} is ${quote(value)}; it must be a decimal from 0 to 100 (LMSs copy it into cmi.student_data.mastery_score and use it to decide passed/failed).`,
        n !== null && n > 0 && n <= 1
          ? `Write ${n * 100} (a percentage, not a fraction).`
          : 'Write a number from 0 to 100, e.g. <adlcp:masteryscore>80</adlcp:masteryscore>.',
      );
    }
  },
);

export const maxTimeAllowedRule = defineRule(
  {
    id: 'cp12.maxtimeallowed_invalid',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'adlcp:maxtimeallowed is a CMITimespan (HHHH:MM:SS.SS)',
    adl: [ADL.scorm12],
  },
  ({ parsed }, report) => {
    for (const el of adlcp12(parsed, 'maxtimeallowed')) {
      const value = collapse(el.text);
      if (isCmiTimespan(value)) continue;
      report(
        el.pos,
        `<adlcp:maxtimeallowed> of item ${itemId(el)} is ${quote(value)}; SCORM 1.2 needs a CMITimespan "HHHH:MM:SS.SS" (2–4 digit hours, optional 1–2 digit fraction).`,
        'Write e.g. <adlcp:maxtimeallowed>00:30:00</adlcp:maxtimeallowed> for 30 minutes.',
      );
    }
  },
);

export const timeLimitAction12Rule = defineRule(
  {
    id: 'cp12.timelimitaction_invalid',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'adlcp:timelimitaction is one of the four SCORM values',
    adl: [ADL.scorm12],
  },
  ({ parsed }, report) => {
    for (const el of adlcp12(parsed, 'timelimitaction')) {
      const value = collapse(el.text);
      if ((TIME_LIMIT_ACTIONS as readonly string[]).includes(value)) continue;
      const better = closestTerm(value.replace(/\s*,\s*/, ','), TIME_LIMIT_ACTIONS);
      report(
        el.pos,
        `<adlcp:timelimitaction> of item ${itemId(el)} is ${quote(value)}; allowed: ${listTerms(TIME_LIMIT_ACTIONS)}.`,
        `Write <adlcp:timelimitaction>${better ?? 'continue,no message'}</adlcp:timelimitaction>.`,
      );
    }
  },
);

export const dataFromLms12Rule = defineRule(
  {
    id: 'cp12.datafromlms_length',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'adlcp:datafromlms is at most 255 characters',
    adl: [ADL.scorm12],
  },
  ({ parsed }, report) => {
    for (const el of adlcp12(parsed, 'datafromlms')) {
      if (el.text.length <= 255) continue;
      report(
        el.pos,
        `<adlcp:datafromlms> of item ${itemId(el)} has ${el.text.length} characters; the SCORM 1.2 schema allows 255, and LMSs truncate or reject longer launch data.`,
        'Shorten it to 255 characters, e.g. by passing a key the SCO uses to load its configuration.',
      );
    }
  },
);

export const prerequisitesTypeRule = defineRule(
  {
    id: 'cp12.prerequisites_type',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'adlcp:prerequisites has type="aicc_script"',
    adl: [ADL.scorm12],
  },
  ({ parsed }, report) => {
    for (const el of adlcp12(parsed, 'prerequisites')) {
      const type = attrOf(el, 'type');
      if (type && type.value === 'aicc_script') continue;
      report(
        type?.pos ?? el.pos,
        type
          ? `<adlcp:prerequisites type=${quote(type.value)}> of item ${itemId(el)}: the only type SCORM 1.2 defines is "aicc_script".`
          : `<adlcp:prerequisites> of item ${itemId(el)} has no type attribute; SCORM 1.2 requires type="aicc_script".`,
        'Write <adlcp:prerequisites type="aicc_script">…</adlcp:prerequisites>.',
      );
    }
  },
);

export const prerequisitesUnresolvedRule = defineRule(
  {
    id: 'cp12.prerequisites_unresolved',
    severity: 'warning',
    category: 'structure',
    level: 'basic',
    title: 'adlcp:prerequisites names existing items',
    adl: [ADL.scorm12],
  },
  ({ parsed }, report) => {
    const items = new Set<string>();
    for (const el of allElements(parsed.root)) {
      if (el.local === 'item') {
        const id = attrOf(el, 'identifier');
        if (id) items.add(collapse(id.value));
      }
    }
    for (const el of adlcp12(parsed, 'prerequisites')) {
      const script = parsePrerequisites(el.text);
      if ('error' in script) {
        report(
          el.pos,
          `<adlcp:prerequisites> of item ${itemId(el)} (${quote(el.text.trim())}) cannot be read: ${script.error}; an LMS cannot evaluate it, and the item may stay locked.`,
          PREREQUISITES_SYNTAX,
        );
        continue;
      }
      const unknown = [...new Set(prerequisiteItems(script))].filter((t) => !items.has(t));
      if (unknown.length === 0) continue;
      report(
        el.pos,
        `<adlcp:prerequisites> of item ${itemId(el)} names ${unknown.map((u) => quote(u)).join(', ')}, which ${unknown.length > 1 ? 'are not item identifiers' : 'is not an item identifier'}; the LMS treats the prerequisite as never met and the item stays locked.`,
        'Use the identifier attribute values of <item> elements in the script (e.g. "item_1 & item_2").',
      );
    }
  },
);
