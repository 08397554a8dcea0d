/**
 * Files named by the manifest exist in the package, exactly as spelled.
 */
import type { ParsedManifest } from '../../manifest/model.js';
import { describeUse, hrefUses, type HrefUse } from './hrefs.js';
import { ADL } from './refs.js';
import { defineRule } from './rule.js';
import { allItems, allManifests, attrPosition, collapse, quote } from './walk.js';

/** Identifiers (collapsed) of the resources some item launches. */
function launchedResources(parsed: ParsedManifest): Set<string> {
  const ids = new Set<string>();
  for (const { item } of allItems(parsed.manifest)) {
    if (item.identifierref !== null) ids.add(collapse(item.identifierref));
  }
  return ids;
}

function isLaunchHref(use: HrefUse, launched: Set<string>): boolean {
  return use.role === 'resource' && use.owner !== null && launched.has(collapse(use.owner));
}

/**
 * HTML and JavaScript files that a launched resource names (href or <file>) but the package lacks: the
 * files the API-usage lint should have read.
 */
export function missingLaunchedScripts(parsed: ParsedManifest, files: readonly string[]): HrefUse[] {
  const launched = launchedResources(parsed);
  return hrefUses(parsed, files).filter(
    (use) =>
      use.role !== 'metadata' &&
      use.owner !== null &&
      launched.has(collapse(use.owner)) &&
      use.resolution.kind === 'local' &&
      use.lookup?.status === 'missing' &&
      /\.(?:x?html?|m?js)$/i.test(use.resolution.path),
  );
}

function isMissingLaunch(use: HrefUse, launched: Set<string>): boolean {
  return (
    isLaunchHref(use, launched) &&
    use.resolution.kind === 'local' &&
    use.lookup?.status === 'missing' &&
    !use.resolution.folder
  );
}

function pathOf(use: HrefUse): string {
  return use.resolution.kind === 'local' ? use.resolution.path : '';
}

export const launchFileMissingRule = defineRule(
  {
    id: 'cp.launch_file_missing',
    severity: 'error',
    category: 'files',
    level: 'basic',
    title: 'The launch file of every item’s resource is in the package (the package is unusable otherwise)',
    adl: [ADL.files],
  },
  ({ parsed, files }, report) => {
    const launched = launchedResources(parsed);
    for (const use of hrefUses(parsed, files)) {
      if (!isMissingLaunch(use, launched) || use.resolution.kind !== 'local') continue;
      report(
        use.pos,
        `${describeUse(use)} resolves to ${quote(use.resolution.path)}, which is not in the package: the LMS opens a 404 page instead of the course.`,
        `Add ${quote(use.resolution.path)} to the package or correct the href (paths are relative to the folder of imsmanifest.xml, after xml:base).`,
      );
    }
  },
);

export const fileMissingRule = defineRule(
  {
    id: 'cp.file_missing',
    severity: 'error',
    category: 'files',
    level: 'basic',
    title: 'Every resource href and file href names a file of the package',
    adl: [ADL.files],
  },
  ({ parsed, files }, report) => {
    const launched = launchedResources(parsed);
    const uses = hrefUses(parsed, files);
    const missingLaunch = new Set(uses.filter((u) => isMissingLaunch(u, launched)).map(pathOf));
    for (const use of uses) {
      if (use.role === 'metadata') continue;
      // Reported once, by cp.launch_file_missing, also when a <file> lists the same path.
      if (
        isMissingLaunch(use, launched) ||
        (use.lookup?.status === 'missing' && missingLaunch.has(pathOf(use)))
      )
        continue;
      if (use.role === 'file' && use.resolution.kind === 'empty') {
        report(
          use.pos,
          `${describeUse(use)} names no file.`,
          'Set href to the path of the file, relative to the folder that holds imsmanifest.xml, or remove the <file>.',
        );
        continue;
      }
      if (use.resolution.kind !== 'local' || use.lookup?.status !== 'missing') continue;
      const { path, folder } = use.resolution;
      report(
        use.pos,
        folder
          ? `${describeUse(use)} names the folder ${quote(path)}, not a file.`
          : `${describeUse(use)} resolves to ${quote(path)}, which is not in the package; the LMS will serve a 404 there.`,
        folder
          ? 'Point href at a file inside the folder (e.g. "…/index.html").'
          : `Add ${quote(path)} to the package or correct the href (paths are relative to the folder of imsmanifest.xml, after xml:base).`,
      );
    }
  },
);

export const metadataLocationRule = defineRule(
  {
    id: 'cp.metadata_location_missing',
    severity: 'error',
    category: 'files',
    level: 'basic',
    title: 'adlcp:location metadata files exist',
    adl: [ADL.metadata],
  },
  ({ parsed, files }, report) => {
    for (const use of hrefUses(parsed, files)) {
      if (use.role !== 'metadata') continue;
      if (use.resolution.kind === 'empty') {
        report(
          use.pos,
          'An <adlcp:location> is empty.',
          'Write the path of the metadata XML file in it, or remove the element.',
        );
        continue;
      }
      if (use.resolution.kind !== 'local' || use.lookup?.status !== 'missing') continue;
      report(
        use.pos,
        `${describeUse(use)} names ${quote(use.resolution.path)}, which is not in the package; LMSs that import metadata reject the package.`,
        `Add the metadata file ${quote(use.resolution.path)} to the package or remove the <adlcp:location>.`,
      );
    }
  },
);

export const hrefCaseRule = defineRule(
  {
    id: 'cp.href_case_mismatch',
    severity: 'error',
    category: 'files',
    level: 'basic',
    title: 'Hrefs match file names exactly, including letter case',
    adl: [ADL.files],
  },
  ({ parsed, files }, report) => {
    for (const use of hrefUses(parsed, files)) {
      if (use.lookup?.status !== 'case' || use.resolution.kind !== 'local') continue;
      report(
        use.pos,
        `${describeUse(use)} resolves to ${quote(use.resolution.path)} but the file is ${quote(use.lookup.actual)}: this works on Windows and macOS but gives a 404 on the Linux servers most LMSs run on.`,
        `Change the href to match the file name exactly (${quote(use.lookup.actual)}), or rename the file.`,
      );
    }
  },
);

export const hrefBackslashRule = defineRule(
  {
    id: 'cp.href_backslash',
    severity: 'warning',
    category: 'files',
    level: 'basic',
    title: 'Hrefs use "/" as the path separator',
    adl: [ADL.files],
  },
  ({ parsed, files }, report) => {
    for (const use of hrefUses(parsed, files)) {
      if (use.resolution.kind !== 'local' || !use.resolution.backslash) continue;
      report(
        use.pos,
        `${describeUse(use)} uses "\\" as a path separator (or an xml:base above it does); URLs use "/", and LMSs that look files up in the zip by name will not find it.`,
        `Write the path with forward slashes: ${quote(use.href.replace(/\\/g, '/'))}.`,
      );
    }
  },
);

export const hrefOutsideRule = defineRule(
  {
    id: 'cp.href_outside_package',
    severity: 'error',
    category: 'files',
    level: 'basic',
    title: 'Hrefs stay inside the package',
    adl: [ADL.files],
  },
  ({ parsed, files }, report) => {
    for (const use of hrefUses(parsed, files)) {
      if (use.resolution.kind !== 'outside') continue;
      report(
        use.pos,
        `${describeUse(use)} climbs out of the package (${quote(use.resolution.path)}); the LMS only serves files inside it.`,
        'Copy the file into the package and reference it with a path relative to the folder of imsmanifest.xml, without "..".',
      );
    }
  },
);

export const externalUrlRule = defineRule(
  {
    id: 'cp.external_url',
    severity: 'info',
    category: 'files',
    level: 'basic',
    title: 'External URLs are not checked',
    adl: [ADL.files],
  },
  ({ parsed, files }, report) => {
    for (const use of hrefUses(parsed, files)) {
      if (use.resolution.kind !== 'external') continue;
      report(
        use.pos,
        `${describeUse(use)} is an external URL (${quote(use.resolution.url)}); it is not part of the package and was not checked. It fails offline and when the host blocks framing or mixed content.`,
        'Package the content itself if learners may be offline or the host may change; otherwise nothing to do.',
      );
    }
  },
);

export const absoluteLinkRule = defineRule(
  {
    id: 'bp.absolute_link',
    severity: 'error',
    category: 'best_practice',
    level: 'basic',
    title: 'Hrefs are relative: no file:, drive-letter, UNC or root-relative paths',
    adl: [ADL.files],
  },
  ({ parsed, files }, report) => {
    for (const use of hrefUses(parsed, files)) {
      if (use.resolution.kind !== 'absolute') continue;
      report(
        use.pos,
        `${describeUse(use)} is an absolute link (${quote(use.resolution.written)}): it points at the author's disk or the LMS server root, not into the package.`,
        'Make it relative to the folder that holds imsmanifest.xml (e.g. "content/index.html").',
      );
    }
  },
);

export const xmlBaseSlashRule = defineRule(
  {
    id: 'cp.xml_base_trailing_slash',
    severity: 'error',
    category: 'files',
    level: 'basic',
    title: 'xml:base values end with "/"',
    adl: [ADL.files],
  },
  ({ parsed }, report) => {
    const check = (base: string | null, node: Parameters<typeof attrPosition>[0]) => {
      if (base === null || base === '' || base.endsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(base)) return;
      report(
        attrPosition(node, 'xml:base'),
        `xml:base=${quote(base)} does not end with "/": by XML Base (URL) rules its last segment is then replaced, so ${quote(base)} + "a.html" is "a.html" (our player and many LMSs), while other LMSs append it as a folder.`,
        `Write xml:base="${base}/".`,
      );
    };
    for (const manifest of allManifests(parsed.manifest)) {
      check(manifest.base, manifest);
      check(manifest.resources.base, manifest.resources);
      for (const resource of manifest.resources.list) check(resource.base, resource);
    }
  },
);
