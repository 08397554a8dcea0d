import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SAMPLES_DIR } from './paths.js';
import { tempDir } from './temp.js';

/** A fresh temp copy of a bundled sample, optionally with files replaced; tests may break it freely. */
export function copySample(name = 'sample-course', overrides: Record<string, string> = {}): string {
  const dir = tempDir(`scorm-tester-${name}-`);
  cpSync(join(SAMPLES_DIR, name), dir, { recursive: true });
  for (const [file, text] of Object.entries(overrides)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

/** Writes a package from a map of relative path -> content into a new temp folder. */
export function writePackage(files: Record<string, string | Buffer>): string {
  const dir = tempDir('scorm-tester-pkg-');
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), content);
  }
  return dir;
}
