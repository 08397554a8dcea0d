/**
 * Builds a runnable test package from a conformance folder (README §9.1): the manifest as shipped,
 * our own driver page under every SCO page name the package launches, stub files for the other
 * files the manifest lists, and the XSD sets the ADL build would ship. Manifests are untrusted
 * input: every path is resolved inside the output folder.
 */
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import {
  launchOfItem,
  parseManifestFile,
  resolveFileHref,
  walkItems,
  type ScormManifest,
} from '../manifest/index.js';
import { resolveInsideRoot } from '../package/paths.js';
import { pageAsset } from '../runtime/player/page-assets.js';
import { manifestPath, type Corpus } from './corpus.js';

const CORE_XSDS = ['ims_xml.xsd', 'imscp_v1p1.xsd', 'adlcp_v1p3.xsd', 'adlnav_v1p3.xsd'];
const SEQUENCING_XSDS = [
  'adlseq_v1p3.xsd',
  'imsss_v1p0.xsd',
  ...['auxresource', 'control', 'delivery', 'limit', 'objective', 'random', 'rollup', 'seqrule', 'util'].map(
    (part) => `imsss_v1p0${part}.xsd`,
  ),
];

/** Where the driver script (driver/cts-driver.ts, bundled) lives in every built package. */
export const DRIVER_SCRIPT = 'common/cts-driver.js';

export interface BuiltPackage {
  packageId: string;
  dir: string;
  /** Driver pages written, package-relative. */
  pages: string[];
  /** Empty stand-ins for the other files the manifest lists. */
  stubs: string[];
  xsds: string[];
  /** Sequencing XSDs the package should ship but the XSD folder does not have. */
  missingXsds: string[];
}

/** Our driver page: it only loads the driver script, which reads tc/act and talks to the harness. */
function driverPage(variant: string, depth: number): string {
  const up = '../'.repeat(depth);
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>scorm-tester conformance driver: ${variant}</title></head>
<body data-variant="${variant}">
<p>scorm-tester conformance driver (${variant})</p>
<script src="${up}${DRIVER_SCRIPT}"></script>
</body>
</html>
`;
}

export interface FixtureOptions {
  /** The SCORM 2004 4th Edition XSD folder (default: `<cts-dir>/../xsd/scorm2004-4th`). */
  xsdDir?: string;
}

export async function buildTestPackage(
  corpus: Corpus,
  packageId: string,
  outDir: string,
  options: FixtureOptions = {},
): Promise<BuiltPackage> {
  const source = manifestPath(corpus, packageId);
  const { manifest } = await parseManifestFile(source);
  const dir = resolve(outDir);
  mkdirSync(dir, { recursive: true });
  copyFileSync(source, join(dir, 'imsmanifest.xml'));
  const variants = corpus.variants[packageId];
  const pageNames = new Set(variants?.scoPages ?? launchedPages(manifest));
  const built: BuiltPackage = { packageId, dir, pages: [], stubs: [], xsds: [], missingXsds: [] };
  const write = (relative: string, text: string) => {
    const target = resolveInsideRoot(dir, relative);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
  };
  for (const resource of manifest.resources.list) {
    for (const file of resource.files) {
      const href = resolveFileHref(manifest, resource, file)?.split(/[?#]/)[0];
      if (!href || built.pages.includes(href) || built.stubs.includes(href)) continue;
      const name = href.split('/').pop() ?? href;
      if (pageNames.has(name)) {
        write(href, driverPage(name.replace(/\.html?$/i, ''), href.split('/').length - 1));
        built.pages.push(href);
      } else if (!CORE_XSDS.includes(href) && !SEQUENCING_XSDS.includes(href)) {
        write(href, '');
        built.stubs.push(href);
      }
    }
  }
  write(DRIVER_SCRIPT, pageAsset('ctsDriver'));
  const xsdDir = options.xsdDir ?? resolve(corpus.dir, '..', 'xsd', 'scorm2004-4th');
  const wanted = [...CORE_XSDS, ...(variants?.shipsSequencingXsds === false ? [] : SEQUENCING_XSDS)];
  for (const xsd of wanted) {
    const from = join(xsdDir, xsd);
    if (existsSync(from)) {
      copyFileSync(from, join(dir, xsd));
      built.xsds.push(xsd);
    } else built.missingXsds.push(xsd);
  }
  return built;
}

/**
 * Without a sco-variants.json entry, every page an item launches is a test page (its file name says
 * the variant), so any folder laid out like the corpus runs.
 */
function launchedPages(manifest: ScormManifest): string[] {
  const names: string[] = [];
  for (const org of manifest.organizations.list) {
    for (const item of walkItems(org)) {
      if (!item.identifierref?.trim()) continue;
      try {
        const name = launchOfItem(manifest, item).path.split('/').pop();
        if (name) names.push(name);
      } catch {
        // an item that launches nothing has no page to write; its delivery fails with the reason
      }
    }
  }
  return names;
}
