/**
 * Small catalogues for `scorm-tester batch`: passing and failing single-SCO courses, a zipped course,
 * a broken zip, a folder that is not a package and a course that never stops (an endless loop).
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { singleScoPackage } from './single-sco.js';
import { tempDir } from './temp.js';
import { buildZip } from './zip-writer.js';
import { SAMPLES_DIR } from './paths.js';

const PASSING =
  "api.Initialize('');api.SetValue('cmi.completion_status','completed');api.SetValue('cmi.exit','normal');" +
  "api.Commit('');api.Terminate('');";
/** A refused SetValue the SCO checked: an error-severity anomaly, so a failed run. */
const FAILING =
  "api.Initialize('');api.SetValue('cmi.score.scaled','50');api.GetLastError();api.Terminate('');";

function zipOf(dir: string): Buffer {
  return buildZip(readdirSync(dir).map((name) => ({ name, data: readFileSync(join(dir, name)) })));
}

/** Into a new catalogue folder: name -> a folder copied from `from`, or the bytes of a file. */
function catalogue(entries: Record<string, string | Buffer>): string {
  const root = tempDir('scorm-tester-catalogue-');
  for (const [name, entry] of Object.entries(entries)) {
    if (typeof entry === 'string') cpSync(entry, join(root, name), { recursive: true });
    else writeFileSync(join(root, name), entry);
  }
  return root;
}

/** `tag` makes the content (and so its hash) differ from another passing course. */
export const passingCourse = (tag = ''): string =>
  singleScoPackage({ version: '2004', script: `${PASSING}/*${tag}*/` });
export const failingCourse = (): string => singleScoPackage({ version: '2004', script: FAILING });
export const hangingCourse = (): string =>
  singleScoPackage({ version: '2004', script: "api.Initialize('');for(;;){}" });

function notAPackage(): string {
  const dir = tempDir('scorm-tester-not-a-package-');
  mkdirSync(join(dir, 'docs'));
  writeFileSync(join(dir, 'docs', 'readme.txt'), 'not a course');
  return dir;
}

/** The quick part: a pass (the bundled sample), a pass (zipped), a fail, a broken zip, a non-package. */
export function quickCatalogue(): string {
  return catalogue({
    'a-sample': join(SAMPLES_DIR, 'sample-course'),
    'b-passing.zip': zipOf(passingCourse()),
    'c-failing': failingCourse(),
    'd-broken.zip': Buffer.from('PK\u0003\u0004 this zip ends here'),
    'e-not-a-package': notAPackage(),
  });
}

/** The quick catalogue and a course that hangs. */
export function catalogueWithHang(): string {
  const root = quickCatalogue();
  cpSync(hangingCourse(), join(root, 'f-hanging'), { recursive: true });
  return root;
}

/** `n` passing single-SCO courses. */
export function passingCatalogue(n: number): string {
  const entries: Record<string, string> = {};
  for (let i = 0; i < n; i++) entries[`course-${String(i).padStart(2, '0')}`] = passingCourse(String(i));
  return catalogue(entries);
}
