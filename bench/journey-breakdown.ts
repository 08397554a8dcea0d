/**
 * `--breakdown` and `--dump <dir>` of the journey benchmark: which fields of each result cost the most, so
 * that the biggest repeated or low-value parts can be cut first, and the raw answers to read them whole.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JourneyResult } from './journey-run.js';

const SHOWN_FIELDS = 5;

const bytesOf = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? '');

/** Sub-field bytes of an object, or summed over an array's items (`[].name`). */
function subSizes(value: unknown): Map<string, number> {
  const sizes = new Map<string, number>();
  const add = (prefix: string, item: unknown): void => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return;
    for (const [key, v] of Object.entries(item as Record<string, unknown>))
      sizes.set(prefix + key, (sizes.get(prefix + key) ?? 0) + bytesOf(v));
  };
  if (Array.isArray(value)) for (const item of value) add('[].', item);
  else add('', value);
  return sizes;
}

/** Each top-level field's bytes with its costliest sub-field, largest first. */
export function fieldSizes(answer: unknown): Array<{ path: string; bytes: number; inner?: string }> {
  if (!answer || typeof answer !== 'object') return [];
  return Object.entries(answer as Record<string, unknown>)
    .map(([path, value]) => {
      const biggest = [...subSizes(value)].sort((a, b) => b[1] - a[1])[0];
      const bytes = bytesOf(value);
      return biggest
        ? { path, bytes, inner: `${biggest[0]} ${Math.round(biggest[1] / 4)}` }
        : { path, bytes };
    })
    .sort((a, b) => b.bytes - a.bytes);
}

/** Per call: the tool, its tokens and its costliest fields (tokens each). */
export function printBreakdown(label: string, journeys: JourneyResult[]): void {
  console.log(`\n### Breakdown (${label}): tokens per call and its costliest fields`);
  for (const j of journeys) {
    console.log(`\n#### ${j.course}`);
    j.results.forEach((r, i) => {
      const fields = fieldSizes(r.answer)
        .slice(0, SHOWN_FIELDS)
        .map((f) => `${f.path} ${Math.round(f.bytes / 4)}${f.inner ? ` (${f.inner})` : ''}`)
        .join(', ');
      console.log(`${i + 1}. ${r.tool} ${Math.round(r.tokens)}: ${fields}`);
    });
  }
}

/** Writes each answer to `<dir>/<label>/<course>/<nn>-<tool>.json`. */
export function dumpAnswers(dir: string, label: string, journeys: JourneyResult[]): void {
  for (const j of journeys) {
    const folder = join(dir, label, j.course);
    mkdirSync(folder, { recursive: true });
    j.results.forEach((r, i) => {
      const name = `${String(i + 1).padStart(2, '0')}-${r.tool}.json`;
      writeFileSync(join(folder, name), JSON.stringify(r.answer ?? null, null, 1));
    });
  }
}
