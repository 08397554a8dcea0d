/**
 * <item>: what leaf and non-leaf items reference, launch parameters, visibility.
 */
import type { Resource } from '../../manifest/model.js';
import { idIndex, KIND_ELEMENT } from './ids.js';
import { ADL } from './refs.js';
import { defineRule } from './rule.js';
import { isXsBoolean } from './values.js';
import { allItems, allManifests, attrOf, attrPosition, collapse, quote, versionOf } from './walk.js';
import type { ParsedManifest } from '../../manifest/model.js';
import { didYouMean } from '../../core/did-you-mean.js';

/** Resources by collapsed identifier, across all (sub)manifests. */
export function resourcesById(parsed: ParsedManifest): Map<string, Resource> {
  const map = new Map<string, Resource>();
  for (const manifest of allManifests(parsed.manifest)) {
    for (const r of manifest.resources.list) {
      if (r.identifier !== null && !map.has(collapse(r.identifier))) map.set(collapse(r.identifier), r);
    }
  }
  return map;
}

export const leafWithoutResourceRule = defineRule(
  {
    id: 'cp.leaf_without_resource',
    severity: 'error',
    category: 'structure',
    level: 'basic',
    title: 'Leaf items reference a resource',
    adl: [ADL.item],
  },
  ({ parsed }, report) => {
    for (const { item } of allItems(parsed.manifest)) {
      if (item.items.length > 0) continue;
      if (item.identifierref !== null && collapse(item.identifierref) !== '') continue;
      report(
        item.pos,
        `Leaf item ${quote(item.identifier ?? '')} has no identifierref: the learner can select it but nothing is launched.`,
        'Add identifierref="<identifier of a SCO or asset resource>" to the item, or give it child items.',
      );
    }
  },
);

export const identifierrefUnresolvedRule = defineRule(
  {
    id: 'cp.identifierref_unresolved',
    severity: 'error',
    category: 'structure',
    level: 'basic',
    title: "An item's identifierref names a resource of the package",
    adl: [ADL.item],
  },
  ({ parsed }, report) => {
    const index = idIndex(parsed);
    const resources = resourcesById(parsed);
    const used = new Set(
      allItems(parsed.manifest).flatMap(({ item }) =>
        item.identifierref === null ? [] : [collapse(item.identifierref)],
      ),
    );
    const unused = new Set([...resources.keys()].filter((id) => !used.has(id)));
    for (const { item } of allItems(parsed.manifest)) {
      if (item.identifierref === null || collapse(item.identifierref) === '') continue;
      const ref = collapse(item.identifierref);
      const target = index.byId.get(ref);
      if (target && (target.kind === 'resource' || target.kind === 'manifest')) continue;
      const some = [...resources.keys()].slice(0, 3).map((k) => quote(k));
      const meant = didYouMean(ref, resources.keys(), { preferred: unused });
      report(
        attrPosition(item, 'identifierref'),
        target
          ? `Item ${quote(item.identifier ?? '')} has identifierref=${quote(ref)}, which is a ${KIND_ELEMENT[target.kind]}, not a <resource>.`
          : `Item ${quote(item.identifier ?? '')} has identifierref=${quote(ref)}, but no resource has that identifier.`,
        meant !== undefined
          ? `Did you mean ${quote(meant)}${unused.has(meant) ? ' (a resource no item uses yet)' : ''}? Write identifierref=${quote(meant)}, or add <resource identifier=${quote(ref)} …>.`
          : some.length
            ? `Point identifierref at an existing <resource> identifier (e.g. ${some.join(', ')}) or add <resource identifier=${quote(ref)} …>.`
            : `Add <resource identifier=${quote(ref)} type="webcontent" adlcp:scormType="sco" href="…"> to <resources>.`,
      );
    }
  },
);

export const itemResourceNotLaunchableRule = defineRule(
  {
    id: 'cp.item_resource_not_launchable',
    severity: 'error',
    category: 'structure',
    level: 'basic',
    title: 'The resource of a leaf item has an href to launch',
    adl: [ADL.item],
  },
  ({ parsed }, report) => {
    const resources = resourcesById(parsed);
    for (const { item } of allItems(parsed.manifest)) {
      if (item.items.length > 0 || item.identifierref === null) continue;
      const resource = resources.get(collapse(item.identifierref));
      if (!resource) continue;
      if (resource.href !== null && resource.href.trim() !== '') continue;
      report(
        attrPosition(item, 'identifierref'),
        `Item ${quote(item.identifier ?? '')} launches resource ${quote(collapse(item.identifierref))} (line ${resource.pos.line}), which has no href: the LMS has no page to open.`,
        `Add href="<start page>" to <resource identifier=${quote(collapse(item.identifierref))}> (e.g. href="index.html"), and list that file in a <file> element.`,
      );
    }
  },
);

export const nonLeafWithIdentifierrefRule = defineRule(
  {
    id: 'cp.nonleaf_with_identifierref',
    severity: 'error',
    category: 'structure',
    level: 'basic',
    title: 'SCORM 2004 items with child items do not reference a resource',
    adl: [ADL.item],
  },
  ({ parsed }, report) => {
    if (versionOf(parsed.manifest) !== '2004') return;
    for (const { item } of allItems(parsed.manifest)) {
      if (item.items.length === 0 || item.identifierref === null || collapse(item.identifierref) === '')
        continue;
      report(
        attrPosition(item, 'identifierref'),
        `Item ${quote(item.identifier ?? '')} has ${item.items.length} child item(s) and also identifierref=${quote(collapse(item.identifierref))}; in SCORM 2004 only leaf items launch content, so the LMS ignores or rejects it.`,
        'Remove identifierref from this item and move the content into a new child <item identifierref="…">.',
      );
    }
  },
);

export const isvisibleRule = defineRule(
  {
    id: 'cp.isvisible_invalid',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'isvisible is an xs:boolean',
    adl: [ADL.item],
  },
  ({ parsed }, report) => {
    for (const { item } of allItems(parsed.manifest)) {
      const a = attrOf(item.xml, 'isvisible');
      if (!a || isXsBoolean(a.value)) continue;
      report(
        a.pos,
        `isvisible=${quote(a.value)} is not a boolean.`,
        'Write isvisible="true" or isvisible="false" (lower case), or remove it (the default is true).',
      );
    }
  },
);

export const parametersRule = defineRule(
  {
    id: 'cp.parameters_syntax',
    severity: 'warning',
    category: 'manifest',
    level: 'basic',
    title: 'Item parameters are a well-formed query string or fragment',
    adl: [ADL.item],
  },
  ({ parsed }, report) => {
    for (const { item } of allItems(parsed.manifest)) {
      const a = attrOf(item.xml, 'parameters');
      if (!a || a.value === '') continue;
      const value = a.value;
      const fix =
        'Write parameters as "?name=value&name2=value2" (or "#fragment"), percent-encoding spaces and special characters.';
      if (/[\s"<>\\^`{|}]/.test(value)) {
        report(
          a.pos,
          `parameters=${quote(value)} contains spaces or characters that are not allowed in a URL; LMSs append it to the launch URL as written.`,
          fix,
        );
        continue;
      }
      const query = value.replace(/^[?&]/, '').split('#')[0] as string;
      if (query.includes('?')) {
        report(
          a.pos,
          `parameters=${quote(value)} contains a second "?"; the SCO then reads a parameter value that includes the rest of the string.`,
          fix,
        );
        continue;
      }
      if (query !== '' && !value.startsWith('#') && query.split('&').some((pair) => pair.startsWith('='))) {
        report(a.pos, `parameters=${quote(value)} has a value without a name ("=…").`, fix);
      }
    }
  },
);
