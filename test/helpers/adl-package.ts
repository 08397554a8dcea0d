/**
 * Builds runnable-on-disk copies of the ADL SCORM 2004 4th Edition conformance packages for tests:
 * the ADL manifest, a small stand-in for every file it references, and the SCORM 2004 4th Edition
 * schema set. Conformant by construction, so any error a validator reports on one is the
 * validator's fault; tests then break the manifest on purpose with `mutate`.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { copyFile, cp, link, mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { SaxesParser } from 'saxes';
import { ADL_CTS_DIR, XSD_DIR } from './paths.js';

const PREFIX = 'LMSTestPackage_';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** The ids of the packages in the corpus (e.g. "CM-01"), sorted; empty when the corpus is absent. */
export function listAdlPackageIds(): string[] {
  const dir = join(ADL_CTS_DIR, 'packages');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.startsWith(PREFIX))
    .map((name) => name.slice(PREFIX.length))
    .sort();
}

export function adlManifestPath(id: string): string {
  return join(ADL_CTS_DIR, 'packages', `${PREFIX}${id}`, 'imsmanifest.xml');
}

/** The ADL manifest text, as shipped. */
export function readAdlManifest(id: string): string {
  const file = adlManifestPath(id);
  if (!existsSync(file)) throw new Error(`No ADL package "${id}" at ${file}; see listAdlPackageIds().`);
  return readFileSync(file, 'utf8');
}

function decode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Package-relative paths of every file a manifest references: resource and file hrefs under their
 * xml:base chain, and adlcp:location metadata. External URLs are skipped.
 */
export function referencedPaths(manifestText: string): string[] {
  const parser = new SaxesParser({ xmlns: true });
  const bases: string[] = [];
  const found = new Set<string>();
  let inLocation = false;
  let locationText = '';
  const add = (href: string) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('/')) return;
    const joined = [...bases, href].join('').split(/[?#]/)[0] as string;
    const segments: string[] = [];
    for (const s of joined.split('/')) {
      if (s === '' || s === '.') continue;
      if (s === '..') segments.pop();
      else segments.push(decode(s));
    }
    if (segments.length > 0) found.add(segments.join('/'));
  };
  parser.on('opentag', (tag) => {
    const base = Object.values(tag.attributes).find((a) => a.uri === XML_NS && a.local === 'base');
    bases.push(base ? base.value.trim() : '');
    const href = tag.attributes['href'];
    if ((tag.local === 'resource' || tag.local === 'file') && href && href.value.trim() !== '')
      add(href.value.trim());
    inLocation = tag.local === 'location';
    locationText = '';
  });
  parser.on('text', (t) => {
    if (inLocation) locationText += t;
  });
  parser.on('closetag', () => {
    if (inLocation && locationText.trim() !== '') add(locationText.trim());
    inLocation = false;
    bases.pop();
  });
  parser.write(manifestText).close();
  return [...found].sort();
}

/**
 * Writing thousands of small files is slow on the disks tests run on, so every package gets hard links
 * to one copy per process of the schema set and of the stand-ins (falling back to copies across devices).
 * Do not modify files of an assembled package in place: replace them (write to a new name, rename).
 */
let template: Promise<{ dir: string; schemas: string[] }> | undefined;

const STAND_INS = {
  html: 'stand-in.html',
  js: 'stand-in.js',
  css: 'stand-in.css',
  other: 'stand-in.txt',
} as const;

function standInName(path: string): string {
  if (/\.html?$/i.test(path)) return STAND_INS.html;
  if (/\.js$/i.test(path)) return STAND_INS.js;
  if (/\.css$/i.test(path)) return STAND_INS.css;
  return STAND_INS.other;
}

function templateDir(): Promise<{ dir: string; schemas: string[] }> {
  template ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'adl-template-'));
    const root = join(XSD_DIR, 'scorm2004-4th');
    await cp(root, join(dir, 'xsd'), { recursive: true });
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    const schemas = entries.filter((e) => e.isFile()).map((e) => relative(root, join(e.parentPath, e.name)));
    await mkdir(join(dir, 'stand-ins'));
    await writeFile(
      join(dir, 'stand-ins', STAND_INS.html),
      // A working SCO (finds the API, initializes, terminates), so pages are conformant by construction.
      '<!doctype html><html><head><title>stand-in</title><script>var w = window, n = 0;' +
        ' while (!w.API_1484_11 && w.parent && w.parent !== w && n < 500) { n++; w = w.parent; }' +
        " var api = w.API_1484_11; if (api) { api.Initialize(''); api.Terminate(''); }</script>" +
        '</head><body>stand-in</body></html>\n',
    );
    await writeFile(join(dir, 'stand-ins', STAND_INS.js), '/* stand-in */\n');
    await writeFile(join(dir, 'stand-ins', STAND_INS.css), '/* stand-in */\n');
    await writeFile(join(dir, 'stand-ins', STAND_INS.other), 'stand-in\n');
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return { dir, schemas };
  })();
  return template;
}

async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV' && (err as NodeJS.ErrnoException).code !== 'EPERM')
      throw err;
    await copyFile(from, to);
  }
}

export interface AssembleOptions {
  /** Rewrites the manifest text before it is written. Stand-in files still follow the ADL original. */
  mutate?: (manifestText: string) => string;
  /** Folder to write into (created if needed); default: a new folder under os.tmpdir(). */
  dir?: string;
}

/** Writes package `id` (see listAdlPackageIds) into a folder and returns the folder. */
export async function assembleAdlPackage(id: string, opts: AssembleOptions = {}): Promise<string> {
  const original = readAdlManifest(id);
  const dir = opts.dir ?? (await mkdtemp(join(tmpdir(), `adl-${id}-`)));
  const { dir: tpl, schemas } = await templateDir();
  // Later entries win: a referenced path that is also a schema file gets its stand-in.
  const sources = new Map<string, string>();
  for (const path of schemas) sources.set(path, join(tpl, 'xsd', path));
  for (const path of referencedPaths(original)) sources.set(path, join(tpl, 'stand-ins', standInName(path)));
  sources.delete('imsmanifest.xml');
  const folders = new Set([...sources.keys()].map((path) => dirname(join(dir, path))));
  await Promise.all([...folders].map((folder) => mkdir(folder, { recursive: true })));
  await Promise.all([...sources].map(([path, from]) => linkOrCopy(from, join(dir, path))));
  await writeFile(join(dir, 'imsmanifest.xml'), opts.mutate ? opts.mutate(original) : original);
  return dir;
}
