/**
 * <organizations>: the default organization, empty organizations, titles.
 */
import { leafItems, resolveLaunch } from '../../manifest/index.js';
import { idIndex, KIND_ELEMENT } from './ids.js';
import { ADL } from './refs.js';
import { defineRule } from './rule.js';
import { allItems, allManifests, attrPosition, collapse, quote } from './walk.js';

export const requiredElementRule = defineRule(
  {
    id: 'cp.required_element_missing',
    severity: 'error',
    category: 'structure',
    level: 'basic',
    title: '<manifest> has <organizations> and <resources>',
    adl: [ADL.manifest],
  },
  ({ parsed }, report) => {
    for (const manifest of allManifests(parsed.manifest)) {
      for (const [name, part] of [
        ['organizations', manifest.organizations],
        ['resources', manifest.resources],
      ] as const) {
        if (!part.absent) continue;
        report(
          manifest.pos,
          `<manifest ${quote(manifest.identifier ?? '')}> has no <${name}> element; the content-packaging schema requires it and LMSs reject the package.`,
          name === 'organizations'
            ? 'Add <organizations default="org_1"><organization identifier="org_1">…</organization></organizations> before <resources> (or an empty <organizations/> for a resource package).'
            : 'Add <resources> after <organizations>, with a <resource> for each SCO or asset.',
        );
      }
    }
  },
);

export const defaultOrgMissingRule = defineRule(
  {
    id: 'cp.default_org_missing',
    severity: 'error',
    category: 'structure',
    level: 'basic',
    title: '<organizations> names its default organization',
    adl: [ADL.organizations],
  },
  ({ parsed }, report) => {
    for (const manifest of allManifests(parsed.manifest)) {
      const orgs = manifest.organizations;
      if (orgs.list.length === 0 || (orgs.default !== null && collapse(orgs.default) !== '')) continue;
      const first = orgs.list[0]?.identifier;
      report(
        orgs.pos,
        `<organizations> has ${orgs.list.length} organization(s) but no default attribute; the LMS cannot tell which one to launch.`,
        first
          ? `Add default=${quote(collapse(first))} to <organizations>.`
          : 'Add default="<identifier of the organization to launch>" to <organizations>.',
      );
    }
  },
);

export const defaultOrgUnresolvedRule = defineRule(
  {
    id: 'cp.default_org_unresolved',
    severity: 'error',
    category: 'structure',
    level: 'basic',
    title: 'The default organization exists',
    adl: [ADL.organizations],
  },
  ({ parsed }, report) => {
    const index = idIndex(parsed);
    for (const manifest of allManifests(parsed.manifest)) {
      const orgs = manifest.organizations;
      if (orgs.default === null || collapse(orgs.default) === '') continue;
      const wanted = collapse(orgs.default);
      if (orgs.list.some((o) => o.identifier !== null && collapse(o.identifier) === wanted)) continue;
      const other = index.byId.get(wanted);
      const ids = orgs.list
        .map((o) => o.identifier)
        .filter((id): id is string => id !== null)
        .map(collapse);
      report(
        attrPosition(orgs, 'default'),
        other
          ? `<organizations default=${quote(wanted)}> points to a ${KIND_ELEMENT[other.kind]}, not to one of its organizations.`
          : `<organizations default=${quote(wanted)}> names no organization${ids.length ? ` (organizations: ${ids.map((i) => quote(i)).join(', ')})` : ''}.`,
        ids[0]
          ? `Set default=${quote(ids[0])} (or to the identifier of the organization to launch).`
          : 'Remove the default attribute or add the organization it names.',
      );
    }
  },
);

export const organizationsEmptyRule = defineRule(
  {
    id: 'cp.organizations_empty',
    severity: 'warning',
    category: 'structure',
    level: 'basic',
    title: 'An empty <organizations> makes a resource package, which an LMS does not launch as a course',
    adl: [ADL.profiles],
  },
  ({ parsed }, report) => {
    const orgs = parsed.manifest.organizations;
    if (orgs.list.length > 0 || orgs.absent) return;
    report(
      orgs.pos,
      '<organizations> is empty: this is a resource package (a set of assets/SCOs without a structure); an LMS imports nothing it can launch.',
      'If this package is a course, add <organization identifier="org_1"><title>…</title><item identifier="item_1" identifierref="<resource id>"><title>…</title></item></organization> and default="org_1".',
    );
  },
);

export const nothingToLaunchRule = defineRule(
  {
    id: 'cp.nothing_to_launch',
    severity: 'error',
    category: 'structure',
    level: 'basic',
    title: 'At least one item launches a resource (the package is unusable otherwise)',
    adl: [ADL.organizations],
  },
  ({ parsed }, report) => {
    const m = parsed.manifest;
    if (m.organizations.list.length === 0) return; // a resource package: cp.organizations_empty
    for (const org of m.organizations.list) {
      for (const item of leafItems(org)) {
        if (item.identifier === null) continue;
        try {
          resolveLaunch(m, item.identifier);
          return;
        } catch {
          // not launchable; the item rules say why
        }
      }
    }
    report(
      m.organizations.pos,
      'No item of any organization launches a resource with an href: an LMS imports this package but has nothing to open (see the findings on the items for each cause).',
      'Give at least one leaf <item> an identifierref to a <resource adlcp:scormType="sco" href="<start page>"> that exists in the package.',
    );
  },
);

export const organizationEmptyRule = defineRule(
  {
    id: 'cp.organization_empty',
    severity: 'error',
    category: 'structure',
    level: 'basic',
    title: 'Every organization has at least one item',
    adl: [ADL.organizations],
  },
  ({ parsed }, report) => {
    for (const manifest of allManifests(parsed.manifest)) {
      for (const org of manifest.organizations.list) {
        if (org.items.length > 0) continue;
        report(
          org.pos,
          `Organization ${quote(org.identifier ?? '(no identifier)')} has no <item>; there is nothing to launch.`,
          'Add at least one <item identifier="…" identifierref="<resource id>"><title>…</title></item> to it, or remove the organization.',
        );
      }
    }
  },
);

export const titleMissingRule = defineRule(
  {
    id: 'cp.title_missing',
    severity: 'warning',
    category: 'structure',
    level: 'strict',
    title: 'Organizations and items have a non-empty <title>',
    adl: [ADL.item],
  },
  ({ parsed }, report) => {
    for (const manifest of allManifests(parsed.manifest)) {
      for (const org of manifest.organizations.list) {
        if (org.title === null || collapse(org.title) === '') {
          report(
            org.pos,
            `Organization ${quote(org.identifier ?? '')} has no <title>; learners see an unnamed course.`,
            'Add <title>Course name</title> as the first child of the <organization>.',
          );
        }
      }
    }
    for (const { item } of allItems(parsed.manifest)) {
      if (item.title === null || collapse(item.title) === '') {
        report(
          item.pos,
          `Item ${quote(item.identifier ?? '')} has no <title>; the LMS menu shows an unnamed entry.`,
          'Add <title>…</title> as the first child of the <item>.',
        );
      }
    }
  },
);
