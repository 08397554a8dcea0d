/**
 * Objectives of one activity: one primary objective, ids present and unique, ADL objective
 * extensions that name an objective of the same activity.
 */
import { NS } from '../../manifest/namespaces.js';
import type { ParsedManifest } from '../../manifest/model.js';
import type { XmlAttribute, XmlElement } from '../../manifest/xml-tree.js';
import { ADL } from './refs.js';
import { defineRule } from './rule.js';
import { allElements, attrOf, childrenOf, collapse, quote } from './walk.js';

function* sequencingElements(parsed: ParsedManifest): Generator<XmlElement> {
  for (const el of allElements(parsed.root)) if (el.uri === NS.imsss && el.local === 'sequencing') yield el;
}

function owner(sequencing: XmlElement): string {
  const p = sequencing.parent;
  if (p && (p.local === 'item' || p.local === 'organization')) {
    const id = attrOf(p, 'identifier');
    return `${p.local} ${quote(id ? collapse(id.value) : '')}`;
  }
  const id = attrOf(sequencing, 'ID');
  return id ? `sequencing ${quote(collapse(id.value))}` : 'a sequencing definition';
}

export const primaryObjectiveCountRule = defineRule(
  {
    id: 'seq.primary_objective_count',
    severity: 'error',
    category: 'sequencing',
    level: 'basic',
    title: 'Each <imsss:objectives> has exactly one primaryObjective',
    adl: [ADL.sequencing],
  },
  ({ parsed }, report) => {
    for (const seq of sequencingElements(parsed)) {
      for (const objectives of childrenOf(seq, NS.imsss, 'objectives')) {
        const primaries = childrenOf(objectives, NS.imsss, 'primaryObjective');
        if (primaries.length === 1) continue;
        report(
          primaries[1]?.pos ?? objectives.pos,
          primaries.length === 0
            ? `<imsss:objectives> of ${owner(seq)} has no <imsss:primaryObjective>; the activity's own status has nothing to be kept in.`
            : `<imsss:objectives> of ${owner(seq)} has ${primaries.length} <imsss:primaryObjective> elements; exactly one is allowed.`,
          primaries.length === 0
            ? 'Make the first objective <imsss:primaryObjective> (it contributes to rollup), keeping the others as <imsss:objective>.'
            : 'Keep one <imsss:primaryObjective> and turn the others into <imsss:objective objectiveID="…">.',
        );
      }
    }
  },
);

/** The objective ids of one sequencing element, with where they were written. */
function objectiveIds(
  seq: XmlElement,
): Array<{ el: XmlElement; id: XmlAttribute | undefined; primary: boolean }> {
  const out: Array<{ el: XmlElement; id: XmlAttribute | undefined; primary: boolean }> = [];
  for (const objectives of childrenOf(seq, NS.imsss, 'objectives')) {
    for (const el of objectives.children) {
      if (el.uri !== NS.imsss || (el.local !== 'primaryObjective' && el.local !== 'objective')) continue;
      out.push({ el, id: attrOf(el, 'objectiveID'), primary: el.local === 'primaryObjective' });
    }
  }
  return out;
}

export const objectiveIdMissingRule = defineRule(
  {
    id: 'seq.objective_id_missing',
    severity: 'error',
    category: 'sequencing',
    level: 'basic',
    title: 'Non-primary objectives, mapped primary objectives and ADL objectives have an objectiveID',
    adl: [ADL.sequencing],
  },
  ({ parsed }, report) => {
    for (const seq of sequencingElements(parsed)) {
      for (const { el, id, primary } of objectiveIds(seq)) {
        if (id && collapse(id.value) !== '') continue;
        const mapped = childrenOf(el, NS.imsss, 'mapInfo').length > 0;
        if (primary && !mapped) continue;
        report(
          id?.pos ?? el.pos,
          primary
            ? `The primaryObjective of ${owner(seq)} has <imsss:mapInfo> but no objectiveID; the mapping has no local objective to read into or write from.`
            : `An <imsss:objective> of ${owner(seq)} has no objectiveID, which is required.`,
          'Add objectiveID="<id unique within this activity>" (e.g. objectiveID="obj_1").',
        );
      }
      for (const adlObjectives of childrenOf(seq, NS.adlseq, 'objectives')) {
        for (const el of childrenOf(adlObjectives, NS.adlseq, 'objective')) {
          const id = attrOf(el, 'objectiveID');
          if (id && collapse(id.value) !== '') continue;
          report(
            id?.pos ?? el.pos,
            `An <adlseq:objective> of ${owner(seq)} has no objectiveID; it must name the imsss objective it extends.`,
            'Add objectiveID="<objectiveID of an imsss objective of the same activity>".',
          );
        }
      }
    }
  },
);

export const objectiveIdDuplicateRule = defineRule(
  {
    id: 'seq.objective_id_duplicate',
    severity: 'error',
    category: 'sequencing',
    level: 'basic',
    title: 'Objective ids are unique within an activity',
    adl: [ADL.sequencing],
  },
  ({ parsed }, report) => {
    for (const seq of sequencingElements(parsed)) {
      const seen = new Map<string, number>();
      for (const { id } of objectiveIds(seq)) {
        if (!id || collapse(id.value) === '') continue;
        const value = collapse(id.value);
        const line = seen.get(value);
        if (line === undefined) {
          seen.set(value, id.pos.line);
          continue;
        }
        report(
          id.pos,
          `objectiveID ${quote(value)} is used twice in ${owner(seq)} (first at line ${line}); the run-time cmi.objectives entries collide.`,
          `Give this objective its own id (e.g. ${quote(`${value}_2`)}) and update referencedObjective values that mean it.`,
        );
      }
    }
  },
);

export const adlObjectiveUnmatchedRule = defineRule(
  {
    id: 'seq.adl_objective_unmatched',
    severity: 'error',
    category: 'sequencing',
    level: 'basic',
    title: 'Each adlseq:objective extends an imsss objective of the same activity',
    adl: [ADL.sequencing],
  },
  ({ parsed }, report) => {
    const all = [...sequencingElements(parsed)];
    const idsOf = (seq: XmlElement) =>
      objectiveIds(seq).flatMap(({ id }) => (id ? [collapse(id.value)] : []));
    const value = (seq: XmlElement, name: string) => {
      const a = attrOf(seq, name);
      return a ? collapse(a.value) : null;
    };
    for (const seq of all) {
      // A definition and the sequencingCollection member it references (IDRef) are merged at run time.
      const ids = new Set(idsOf(seq));
      const idRef = value(seq, 'IDRef');
      const ownId = value(seq, 'ID');
      for (const other of all) {
        if (
          (idRef !== null && value(other, 'ID') === idRef) ||
          (ownId !== null && value(other, 'IDRef') === ownId)
        ) {
          for (const id of idsOf(other)) ids.add(id);
        }
      }
      for (const adlObjectives of childrenOf(seq, NS.adlseq, 'objectives')) {
        for (const el of childrenOf(adlObjectives, NS.adlseq, 'objective')) {
          const id = attrOf(el, 'objectiveID');
          if (!id || collapse(id.value) === '' || ids.has(collapse(id.value))) continue;
          report(
            id.pos,
            `<adlseq:objective objectiveID=${quote(collapse(id.value))}> of ${owner(seq)} names no imsss objective of the same activity${ids.size ? ` (its objectives: ${[...ids].map((i) => quote(i)).join(', ')})` : ''}; its extended maps are ignored.`,
            'Use the objectiveID of an <imsss:primaryObjective> or <imsss:objective> of the same <imsss:sequencing>.',
          );
        }
      }
    }
  },
);
