/**
 * SCORM 2004 item extensions: adlcp:timeLimitAction, adlcp:dataFromLMS, adlcp:completionThreshold,
 * adlcp:data/adlcp:map, adlnav:hideLMSUI, and the adlcp boolean attributes.
 */
import { NS } from '../../manifest/namespaces.js';
import type { ParsedManifest } from '../../manifest/model.js';
import type { XmlElement } from '../../manifest/xml-tree.js';
import { ADL } from './refs.js';
import { defineRule } from './rule.js';
import { TIME_LIMIT_ACTIONS } from './scorm12.js';
import { closestTerm, isDecimalIn, isXsBoolean, listTerms } from './values.js';
import { allElements, attrOf, childrenOf, collapse, quote, versionOf } from './walk.js';

export const HIDE_LMS_UI = [
  'abandon',
  'continue',
  'exit',
  'previous',
  'suspendAll',
  'exitAll',
  'abandonAll',
] as const;

/** cmi.launch_data is a characterstring with a smallest permitted maximum of 4000. */
const LAUNCH_DATA_SPM = 4000;

function* elementsIn(parsed: ParsedManifest, uri: string, local: string): Generator<XmlElement> {
  for (const el of allElements(parsed.root)) if (el.uri === uri && el.local === local) yield el;
}

/** The identifier of the nearest enclosing item, for messages. */
function ownerItem(el: XmlElement): string {
  for (let p = el.parent; p; p = p.parent) {
    if (p.local === 'item' || p.local === 'organization') {
      const id = attrOf(p, 'identifier');
      return `${p.local} ${quote(id ? collapse(id.value) : '')}`;
    }
  }
  return 'the manifest';
}

export const timeLimitActionRule = defineRule(
  {
    id: 'cp.timelimitaction_invalid',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'adlcp:timeLimitAction is one of the four SCORM values',
    adl: [ADL.adlcpItem],
  },
  ({ parsed }, report) => {
    for (const el of elementsIn(parsed, NS.adlcp, 'timeLimitAction')) {
      const value = el.text.trim();
      if ((TIME_LIMIT_ACTIONS as readonly string[]).includes(value)) continue;
      const better = closestTerm(value.replace(/\s*,\s*/, ','), TIME_LIMIT_ACTIONS);
      report(
        el.pos,
        `<adlcp:timeLimitAction> of ${ownerItem(el)} is ${quote(value)}; allowed: ${listTerms(TIME_LIMIT_ACTIONS)}.`,
        `Write <adlcp:timeLimitAction>${better ?? 'continue,no message'}</adlcp:timeLimitAction>.`,
      );
    }
  },
);

export const dataFromLmsRule = defineRule(
  {
    id: 'cp.datafromlms_length',
    severity: 'warning',
    category: 'manifest',
    level: 'basic',
    title: 'adlcp:dataFromLMS fits in cmi.launch_data (4000 characters)',
    adl: [ADL.adlcpItem],
  },
  ({ parsed }, report) => {
    for (const el of elementsIn(parsed, NS.adlcp, 'dataFromLMS')) {
      if (el.text.length <= LAUNCH_DATA_SPM) continue;
      report(
        el.pos,
        `<adlcp:dataFromLMS> of ${ownerItem(el)} has ${el.text.length} characters; LMSs only guarantee ${LAUNCH_DATA_SPM} for cmi.launch_data and may truncate it.`,
        `Shorten it to at most ${LAUNCH_DATA_SPM} characters (e.g. pass a key and load the rest from a file in the package).`,
      );
    }
  },
);

export const completionThresholdRule = defineRule(
  {
    id: 'cp.completion_threshold_invalid',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'adlcp:completionThreshold values are decimals from 0 to 1',
    adl: [ADL.adlcpItem],
  },
  ({ parsed }, report) => {
    const edition4 = collapse(parsed.manifest.metadata?.schemaversion ?? '') === '2004 4th Edition';
    for (const el of elementsIn(parsed, NS.adlcp, 'completionThreshold')) {
      for (const name of ['minProgressMeasure', 'progressWeight']) {
        const a = attrOf(el, name);
        if (!a || isDecimalIn(a.value, 0, 1)) continue;
        report(
          a.pos,
          `${name}=${quote(a.value)} on the completionThreshold of ${ownerItem(el)} is not a decimal from 0.0 to 1.0.`,
          `Write ${name}="0.8" style values between 0 and 1 (a fraction, not a percentage).`,
        );
      }
      const text = el.text.trim();
      if (text !== '' && !edition4 && !isDecimalIn(text, 0, 1)) {
        report(
          el.pos,
          `<adlcp:completionThreshold>${text}</adlcp:completionThreshold> of ${ownerItem(el)} is not a decimal from 0.0 to 1.0.`,
          'Write a fraction between 0 and 1, e.g. <adlcp:completionThreshold>0.8</adlcp:completionThreshold>.',
        );
      }
    }
  },
);

export const completionThresholdTextRule = defineRule(
  {
    id: 'cp.completion_threshold_text',
    severity: 'warning',
    category: 'manifest',
    level: 'basic',
    title: '4th Edition completion thresholds use the minProgressMeasure attribute, not element text',
    adl: [ADL.adlcpItem],
  },
  ({ parsed }, report) => {
    if (collapse(parsed.manifest.metadata?.schemaversion ?? '') !== '2004 4th Edition') return;
    for (const el of elementsIn(parsed, NS.adlcp, 'completionThreshold')) {
      const text = el.text.trim();
      if (text === '') continue;
      report(
        el.pos,
        `<adlcp:completionThreshold> of ${ownerItem(el)} has the 3rd-Edition text value ${quote(text)}; a 4th-Edition LMS reads minProgressMeasure (default 1.0) and ignores the text.`,
        `Write <adlcp:completionThreshold completedByMeasure="true" minProgressMeasure=${quote(text)}/>.`,
      );
    }
  },
);

export const hideLmsUiRule = defineRule(
  {
    id: 'cp.hidelmsui_invalid',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'adlnav:hideLMSUI names a navigation control',
    adl: [ADL.presentation],
  },
  ({ parsed }, report) => {
    for (const el of elementsIn(parsed, NS.adlnav, 'hideLMSUI')) {
      const value = collapse(el.text);
      if ((HIDE_LMS_UI as readonly string[]).includes(value)) continue;
      const better = closestTerm(value, HIDE_LMS_UI);
      report(
        el.pos,
        `<adlnav:hideLMSUI> of ${ownerItem(el)} is ${quote(value)}; allowed (case-sensitive): ${listTerms(HIDE_LMS_UI)}.`,
        better
          ? `Write <adlnav:hideLMSUI>${better}</adlnav:hideLMSUI>.`
          : `Use one of ${listTerms(HIDE_LMS_UI)}, one per element.`,
      );
    }
  },
);

export const dataTargetMissingRule = defineRule(
  {
    id: 'cp.data_targetid_missing',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'adlcp:data has adlcp:map children with a targetID',
    adl: [ADL.adlcpItem],
  },
  ({ parsed }, report) => {
    for (const data of elementsIn(parsed, NS.adlcp, 'data')) {
      const maps = childrenOf(data, NS.adlcp, 'map');
      if (maps.length === 0) {
        report(
          data.pos,
          `<adlcp:data> of ${ownerItem(data)} has no <adlcp:map>; it declares no shared data.`,
          'Add <adlcp:map targetID="…"/> children, or remove the <adlcp:data>.',
        );
      }
      for (const map of maps) {
        const target = attrOf(map, 'targetID');
        if (target && collapse(target.value) !== '') continue;
        report(
          target?.pos ?? map.pos,
          `An <adlcp:map> of ${ownerItem(map)} has no targetID; the SCO cannot address the shared data store (adl.data).`,
          'Add targetID="<shared data id>" (the same id in every item that shares the store).',
        );
      }
    }
  },
);

export const dataTargetDuplicateRule = defineRule(
  {
    id: 'cp.data_targetid_duplicate',
    severity: 'warning',
    category: 'manifest',
    level: 'basic',
    title: 'An item maps each shared-data targetID once',
    adl: [ADL.adlcpItem],
  },
  ({ parsed }, report) => {
    for (const data of elementsIn(parsed, NS.adlcp, 'data')) {
      const seen = new Set<string>();
      for (const map of childrenOf(data, NS.adlcp, 'map')) {
        const target = attrOf(map, 'targetID');
        if (!target) continue;
        const id = collapse(target.value);
        if (seen.has(id)) {
          report(
            target.pos,
            `targetID ${quote(id)} is mapped twice in the <adlcp:data> of ${ownerItem(map)}; adl.data then holds two entries for one store.`,
            'Remove the duplicate <adlcp:map> (merge its read/write flags into the first one).',
          );
        }
        seen.add(id);
      }
    }
  },
);

const ADLCP_BOOLEANS: Record<string, readonly string[]> = {
  completionThreshold: ['completedByMeasure'],
  map: ['readSharedData', 'writeSharedData'],
};

export const adlcpBooleanRule = defineRule(
  {
    id: 'cp.boolean_invalid',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'ADL content-packaging flags are xs:boolean',
    adl: [ADL.adlcpItem],
  },
  ({ parsed }, report) => {
    if (versionOf(parsed.manifest) !== '2004') return;
    const bad = (name: string, value: string, pos: XmlElement['pos'], where: string) =>
      report(
        pos,
        `${name}=${quote(value)} on ${where} is not a boolean.`,
        `Write ${name}="true" or ${name}="false" (lower case).`,
      );
    for (const el of allElements(parsed.root)) {
      if (el.uri === NS.adlcp) {
        for (const name of ADLCP_BOOLEANS[el.local] ?? []) {
          const a = attrOf(el, name);
          if (a && !isXsBoolean(a.value)) bad(name, a.value, a.pos, `<${el.name}> of ${ownerItem(el)}`);
        }
      }
      const shared = attrOf(el, 'sharedDataGlobalToSystem', NS.adlcp);
      if (shared && !isXsBoolean(shared.value)) bad(shared.name, shared.value, shared.pos, `<${el.name}>`);
    }
  },
);
