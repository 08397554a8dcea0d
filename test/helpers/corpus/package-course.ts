/**
 * Packages a course folder with simple-scorm-packager (the manifest, metadata.xml and the schema
 * files it copies), then corrects the two places where its manifest breaks the IMS CP schema and, for
 * a multi-SCO course, turns its one item/resource into one per SCO (the packager knows only one).
 *
 * The packager's defects (both versions): it writes <metadata> inside <item> after the adlcp/imsss
 * extension elements, where itemType allows title, item*, metadata? and only then other namespaces;
 * and it writes <metadata> as a child of <resources>, whose type allows only resource* and other
 * namespaces. `validate` rightly reports both as xsd.invalid; `packagerManifestDefects` keeps them.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface PackagerOptions {
  version: '1.2' | '2004 3rd Edition' | '2004 4th Edition';
  organization: string;
  title: string;
  identifier: string;
  masteryScore: number;
  startingPage: string;
  source: string;
  package: Record<string, unknown>;
}
type Packager = (options: PackagerOptions, done: (message: string) => void) => void;

export type Edition = '1.2' | '2004 3rd Edition' | '2004 4th Edition';

/** Runs simple-scorm-packager on `source` (writes imsmanifest.xml, metadata.xml and XSDs there). */
export function runPackager(
  source: string,
  edition: Edition,
  identifier: string,
  title: string,
  start: string,
) {
  const packager = require('simple-scorm-packager') as Packager;
  // The packager logs each step with console.log; keep test and script output to our own lines.
  const log = console.log;
  console.log = () => {};
  return new Promise<void>((resolve, reject) => {
    try {
      packager(
        {
          version: edition,
          organization: 'Corpus',
          title,
          identifier,
          masteryScore: 80,
          startingPage: start,
          source,
          package: {
            version: '1.0.0',
            zip: false,
            date: '2026-11-27',
            author: 'scorm-tester corpus',
            size: 1,
          },
        },
        () => {
          console.log = log;
          resolve();
        },
      );
    } catch (error) {
      console.log = log;
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

const RESOURCES_METADATA = /(<resources>\s*)<metadata>[\s\S]*?<\/metadata>\s*/;
const ITEM_METADATA = /(<item [^>]*>(?:(?!<\/item>)[\s\S])*?)\s*<metadata>[\s\S]*?<\/metadata>(\s*<\/item>)/g;

/** The packager's manifest made schema-valid: only its two misplaced <metadata> blocks are dropped. */
export function fixPackagerManifest(xml: string): string {
  const fixed = xml.replace(RESOURCES_METADATA, '$1').replace(ITEM_METADATA, '$1$2');
  if (fixed === xml)
    throw new Error('simple-scorm-packager output changed: its known defects were not found');
  return fixed;
}

export interface ScoFiles {
  id: string;
  title: string;
  href: string;
  files: string[];
}

/** Replaces the packager's single item and resource with one per SCO, each listing its own files. */
export function splitIntoScos(xml: string, scos: ScoFiles[]): string {
  const item = /<item [^>]*>[\s\S]*?<\/item>/.exec(xml)?.[0];
  const resource = /<resource [^>]*>[\s\S]*?<\/resource>/.exec(xml)?.[0];
  if (!item || !resource) throw new Error('simple-scorm-packager manifest has no item or resource');
  const itemId = /identifier="([^"]*)"/.exec(item)![1]!;
  const resourceId = /identifierref="([^"]*)"/.exec(item)![1]!;
  const itemTitle = /<title>([^<]*)<\/title>/.exec(item)![1]!;
  const indent = /\n([ \t]*)<file /.exec(resource)?.[1] ?? '      ';
  const items = scos.map((s) =>
    item
      .replace(`identifier="${itemId}"`, `identifier="${itemId}_${s.id}"`)
      .replace(`identifierref="${resourceId}"`, `identifierref="${resourceId}_${s.id}"`)
      .replace(`<title>${itemTitle}</title>`, `<title>${s.title}</title>`),
  );
  const resources = scos.map((s) =>
    resource
      .replace(`identifier="${resourceId}"`, `identifier="${resourceId}_${s.id}"`)
      .replace(/href="[^"]*"/, `href="${s.href}"`)
      .replace(/(\s*<file [^>]*\/>)+/, s.files.map((f) => `\n${indent}<file href="${f}"/>`).join('')),
  );
  return xml.replace(item, items.join('\n      ')).replace(resource, resources.join('\n    '));
}
