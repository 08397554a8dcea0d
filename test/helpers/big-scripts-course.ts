import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copySample } from './course-builder.js';
import { libraryCode } from './library-code.js';

const MB = 1024 * 1024;
/** The size of each large script of bigScriptsCourse. */
export const BIG_SCRIPT_BYTES = 2 * MB;

/**
 * A course whose launch page loads `count` distinct large scripts, each with a long literal URL (kept
 * as a reference), and two smaller ones that call the API (their calls are kept for the package rules).
 */
export function bigScriptsCourse(count: number): string {
  const files: Record<string, string> = {};
  const tags: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = `intro/lib/big-${i}.js`;
    files[name] =
      `${libraryCode(BIG_SCRIPT_BYTES, i)}\nfetch("https://cdn.example.com/course-data/very/long/path/${i}.json");`;
    tags.push(`<script src="${name.slice('intro/'.length)}"></script>`);
  }
  for (const name of ['intro/lib/driver-a.js', 'intro/lib/driver-b.js']) {
    files[name] =
      `${libraryCode(BIG_SCRIPT_BYTES / 8, name.length)}\nvar api = window.parent.API_1484_11; api.Initialize(""); api.SetValue("cmi.location", "page-one-of-the-course"); api.Terminate("");`;
    tags.push(`<script src="${name.slice('intro/'.length)}"></script>`);
  }
  const dir = copySample('sample-course', files);
  // The first SCO's launch page loads them all, so every one is on a launch chain.
  const launch = join(dir, 'intro/index.html');
  writeFileSync(launch, readFileSync(launch, 'utf8').replace('</head>', `${tags.join('\n')}\n</head>`));
  return dir;
}
