/**
 * A family of correct SCORM courses built the way real ones are: a course script bundled with a SCORM
 * wrapper from npm, packaged with simple-scorm-packager. SCORM 1.2, 2004 3rd and 4th Edition; one or
 * several SCOs; interactions of every type, objectives, score, completion and success, bookmarks,
 * suspend and resume, session time and commit. `generateCorpus` writes them into a folder.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { REPO_ROOT } from '../paths.js';
import { wrapperAdapter, type WrapperName } from './wrappers.js';
import { limitValues } from './learner-records.js';
import { scoPage, scoProgram, type ScoBehaviour } from './sco-program.js';
import { fixPackagerManifest, runPackager, splitIntoScos, type Edition } from './package-course.js';

export interface CorpusCourse {
  name: string;
  edition: Edition;
  wrapper: WrapperName;
  scos: number;
  records: boolean;
  bookmark: ScoBehaviour['bookmark'];
  /** The first SCO suspends on its first visit and finishes when resumed. */
  suspendFirst: boolean;
  /** The SCO also sets values at the books' limits (limitValues). */
  limits?: boolean;
  /** SCORM 2004: every SCO but the last ends with adl.nav.request "continue". */
  navRequests?: boolean;
}

const EDITIONS: Array<{ edition: Edition; tag: string }> = [
  { edition: '1.2', tag: '12' },
  { edition: '2004 3rd Edition', tag: '2004v3' },
  { edition: '2004 4th Edition', tag: '2004v4' },
];

/** Every course of the family. */
export function corpusFamily(): CorpusCourse[] {
  const out: CorpusCourse[] = [];
  for (const { edition, tag } of EDITIONS) {
    const wrappers: WrapperName[] =
      edition === '1.2' ? ['pipwerks', 'gamestdio', 'saw'] : ['pipwerks', 'gamestdio'];
    for (const wrapper of wrappers) {
      out.push(course(`${tag}-${wrapper}-complete`, edition, wrapper, 1, true, 'both', false));
    }
    out.push(course(`${tag}-pipwerks-suspend`, edition, 'pipwerks', 1, true, 'both', true));
    out.push(
      course(`${tag}-gamestdio-suspend-data-only`, edition, 'gamestdio', 1, true, 'suspend_data', true),
    );
    out.push(
      course(
        `${tag}-${edition === '1.2' ? 'saw' : 'pipwerks'}-location-only`,
        edition,
        edition === '1.2' ? 'saw' : 'pipwerks',
        1,
        false,
        'location',
        false,
      ),
    );
    out.push(
      course(
        `${tag}-${edition === '1.2' ? 'saw' : 'gamestdio'}-multi-sco`,
        edition,
        edition === '1.2' ? 'saw' : 'gamestdio',
        3,
        true,
        'both',
        false,
      ),
    );
    const limits = course(
      `${tag}-${edition === '1.2' ? 'saw' : 'pipwerks'}-limits`,
      edition,
      edition === '1.2' ? 'saw' : 'pipwerks',
      1,
      false,
      'location',
      false,
    );
    out.push({ ...limits, limits: true });
    if (edition !== '1.2')
      out.push({
        ...course(`${tag}-pipwerks-next-buttons`, edition, 'pipwerks', 3, false, 'location', false),
        navRequests: true,
      });
  }
  return out;
}

function course(
  name: string,
  edition: Edition,
  wrapper: WrapperName,
  scos: number,
  records: boolean,
  bookmark: ScoBehaviour['bookmark'],
  suspendFirst: boolean,
): CorpusCourse {
  return { name, edition, wrapper, scos, records, bookmark, suspendFirst };
}

/** The course's bundled script: the wrapper adapter and the SCO program, as one browser IIFE. */
async function bundle(wrapper: WrapperName, behaviour: ScoBehaviour): Promise<string> {
  const result = await build({
    stdin: {
      contents: `${wrapperAdapter(wrapper, behaviour.api)}\n${scoProgram(behaviour)}`,
      resolveDir: REPO_ROOT,
      loader: 'js',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2017',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** Writes one course into `<root>/<name>` and returns that folder. */
export async function writeCourse(root: string, c: CorpusCourse): Promise<string> {
  const dir = join(root, c.name);
  const api = c.edition === '1.2' ? '1.2' : '2004';
  const scos = Array.from({ length: c.scos }, (_, i) => ({
    id: `sco${i + 1}`,
    title: c.scos === 1 ? c.name : `${c.name} part ${i + 1}`,
    href: `sco${i + 1}/index.html`,
    files: [`sco${i + 1}/index.html`, `sco${i + 1}/course.js`],
  }));
  for (const [i, sco] of scos.entries()) {
    mkdirSync(join(dir, sco.id), { recursive: true });
    const behaviour: ScoBehaviour = {
      api,
      title: sco.title,
      records: c.records,
      bookmark: c.bookmark,
      suspendFirst: c.suspendFirst && i === 0,
      limits: c.limits ? limitValues(c.edition) : [],
      ...(c.navRequests && i < scos.length - 1 ? { navRequest: 'continue' } : {}),
    };
    writeFileSync(join(dir, sco.href), scoPage(sco.title));
    writeFileSync(join(dir, sco.id, 'course.js'), await bundle(c.wrapper, behaviour));
  }
  await runPackager(dir, c.edition, `com.corpus.${c.name}`, c.name, scos[0]!.href);
  const manifestPath = join(dir, 'imsmanifest.xml');
  let manifest = fixPackagerManifest(readFileSync(manifestPath, 'utf8'));
  if (c.scos > 1) manifest = splitIntoScos(manifest, scos);
  writeFileSync(manifestPath, manifest);
  return dir;
}

/** Writes the whole family (or `only` these courses) under `root`; returns name -> folder. */
export async function generateCorpus(root: string, only?: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const c of corpusFamily()) {
    if (only && !only.includes(c.name)) continue;
    out.set(c.name, await writeCourse(root, c));
  }
  return out;
}
