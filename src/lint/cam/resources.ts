/**
 * <resource>: SCORM type, resource type, dependencies.
 */
import { NS } from '../../manifest/namespaces.js';
import { idIndex, KIND_ELEMENT } from './ids.js';
import { ADL } from './refs.js';
import { defineRule } from './rule.js';
import { closestTerm } from './values.js';
import { allResources, attrPosition, collapse, quote, versionOf } from './walk.js';
import type { XmlAttribute, XmlElement } from '../../manifest/xml-tree.js';
import type { ScormVersion } from '../../manifest/model.js';

const SCORM_TYPES = ['sco', 'asset'] as const;

/** The scormType attribute as the version expects it, or the misspelt one written instead. */
function scormTypeAttr(
  el: XmlElement,
  version: ScormVersion,
): { exact?: XmlAttribute; other?: XmlAttribute } {
  const uri = version === '2004' ? NS.adlcp : NS.adlcp12;
  const local = version === '2004' ? 'scormType' : 'scormtype';
  const exact = el.attributes.find((a) => a.uri === uri && a.local === local);
  if (exact) return { exact };
  return { other: el.attributes.find((a) => a.local.toLowerCase() === 'scormtype') };
}

function expectedName(version: ScormVersion): string {
  return version === '2004'
    ? `adlcp:scormType (xmlns:adlcp="${NS.adlcp}")`
    : `adlcp:scormtype (xmlns:adlcp="${NS.adlcp12}")`;
}

export const scormTypeMissingRule = defineRule(
  {
    id: 'cp.scormtype_missing',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'Every resource says whether it is a SCO or an asset',
    adl: [ADL.resources],
  },
  ({ parsed }, report) => {
    const version = versionOf(parsed.manifest);
    const attr = version === '2004' ? 'adlcp:scormType' : 'adlcp:scormtype';
    for (const { resource } of allResources(parsed.manifest)) {
      const { exact, other } = scormTypeAttr(resource.xml, version);
      if (exact) continue;
      const id = quote(resource.identifier ?? '');
      if (other) {
        report(
          other.pos,
          `Resource ${id} writes ${other.name}${other.uri ? ` in namespace ${quote(other.uri)}` : ' without a namespace'}; SCORM ${version} reads only ${expectedName(version)}, so the LMS treats it as an asset and never gives it the SCORM API.`,
          `Write ${attr}=${quote(collapse(other.value) || 'sco')} with the adlcp prefix bound to "${version === '2004' ? NS.adlcp : NS.adlcp12}".`,
        );
      } else {
        report(
          resource.pos,
          `Resource ${id} has no ${attr}; the LMS cannot tell whether it is a SCO (tracked, gets the API) or an asset.`,
          `Add ${attr}="sco" if it calls the SCORM API, otherwise ${attr}="asset".`,
        );
      }
    }
  },
);

export const scormTypeInvalidRule = defineRule(
  {
    id: 'cp.scormtype_invalid',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'scormType is "sco" or "asset"',
    adl: [ADL.resources],
  },
  ({ parsed }, report) => {
    const version = versionOf(parsed.manifest);
    for (const { resource } of allResources(parsed.manifest)) {
      const { exact } = scormTypeAttr(resource.xml, version);
      if (!exact || (SCORM_TYPES as readonly string[]).includes(exact.value)) continue;
      const better = closestTerm(exact.value, SCORM_TYPES);
      report(
        exact.pos,
        `Resource ${quote(resource.identifier ?? '')} has ${exact.name}=${quote(exact.value)}; only "sco" and "asset" (lower case) are allowed.`,
        `Write ${exact.name}="${better ?? 'sco'}".`,
      );
    }
  },
);

export const resourceTypeRule = defineRule(
  {
    id: 'cp.resource_type',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'Resources have type="webcontent"',
    adl: [ADL.resources],
  },
  ({ parsed }, report) => {
    for (const { resource } of allResources(parsed.manifest)) {
      if (resource.type === 'webcontent') continue;
      report(
        resource.type === null ? resource.pos : attrPosition(resource, 'type'),
        resource.type === null
          ? `Resource ${quote(resource.identifier ?? '')} has no type attribute; SCORM requires type="webcontent".`
          : `Resource ${quote(resource.identifier ?? '')} has type=${quote(resource.type)}; SCORM requires type="webcontent".`,
        'Write type="webcontent" on the <resource>.',
      );
    }
  },
);

export const dependencyUnresolvedRule = defineRule(
  {
    id: 'cp.dependency_unresolved',
    severity: 'error',
    category: 'structure',
    level: 'basic',
    title: '<dependency identifierref> names a resource',
    adl: [ADL.resources],
  },
  ({ parsed }, report) => {
    const index = idIndex(parsed);
    for (const { resource } of allResources(parsed.manifest)) {
      for (const dep of resource.dependencies) {
        const ref = dep.identifierref === null ? '' : collapse(dep.identifierref);
        const target = ref === '' ? undefined : index.byId.get(ref);
        if (target?.kind === 'resource') continue;
        report(
          ref === '' ? dep.pos : attrPosition(dep, 'identifierref'),
          ref === ''
            ? `A <dependency> of resource ${quote(resource.identifier ?? '')} has no identifierref.`
            : target
              ? `<dependency identifierref=${quote(ref)}> of resource ${quote(resource.identifier ?? '')} points to a ${KIND_ELEMENT[target.kind]}, not a <resource>.`
              : `<dependency identifierref=${quote(ref)}> of resource ${quote(resource.identifier ?? '')} names no resource; the files it stands for are not part of the package as far as the LMS knows.`,
          `Point identifierref at an existing <resource> identifier, or remove the <dependency>.`,
        );
      }
    }
  },
);
