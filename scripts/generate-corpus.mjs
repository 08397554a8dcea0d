// Writes the generated family of correct SCORM courses (test/helpers/corpus/family.ts: npm SCORM
// wrappers, packaged with simple-scorm-packager) into a folder, one sub-folder per course.
// Usage: npm run build && node scripts/generate-corpus.mjs <out-dir> [course-name ...]
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateCorpus } from '../dist/test/helpers/corpus/family.js';

const [out, ...only] = process.argv.slice(2);
if (!out) {
  console.error('Usage: node scripts/generate-corpus.mjs <out-dir> [course-name ...]');
  process.exit(2);
}
const root = resolve(out);
mkdirSync(root, { recursive: true });
const written = await generateCorpus(root, only.length > 0 ? only : undefined);
for (const [name, dir] of written) console.log(`${name}\t${dir}`);
