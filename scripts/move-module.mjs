#!/usr/bin/env node
/**
 * Moves one TypeScript module (git mv) and rewrites every relative import of it in src/, test/ and
 * bench/, and the moved file's own relative imports, so a move is one mechanical, re-runnable command:
 *   node scripts/move-module.mjs src/mcp/tool.ts src/app/tool.ts
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve } from 'node:path';

const [from, to] = process.argv.slice(2);
if (!from || !to) {
  console.error('usage: node scripts/move-module.mjs <from.ts> <to.ts>');
  process.exit(2);
}
const root = process.cwd();
const fromAbs = resolve(root, from);
const toAbs = resolve(root, to);
if (!existsSync(fromAbs)) {
  console.error(`${from} does not exist`);
  process.exit(1);
}

// import … from '…', export … from '…', import('…'), import '…'
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\2/g;

function sourceFiles(dir) {
  const out = [];
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx|mts)$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** The source file a specifier names: './x.js' is './x.ts' (or .tsx) on disk. */
function target(fileDir, spec) {
  return resolve(fileDir, spec).replace(/\.js$/, '');
}

function specifier(fromDir, targetNoExt) {
  const rel = relative(fromDir, targetNoExt).split('\\').join('/');
  return `${rel.startsWith('.') ? rel : `./${rel}`}.js`;
}

const fromNoExt = fromAbs.replace(/\.tsx?$/, '');
const toNoExt = toAbs.replace(/\.tsx?$/, '');

function rewrite(file, oldDir, newDir) {
  const text = readFileSync(file, 'utf8');
  const next = text.replace(SPECIFIER, (whole, lead, quote, spec) => {
    let aimed = target(oldDir, spec);
    if (aimed === fromNoExt) aimed = toNoExt;
    else if (oldDir === newDir) return whole;
    return `${lead}${quote}${specifier(newDir, aimed)}${quote}`;
  });
  if (next !== text) writeFileSync(file, next);
}

mkdirSync(dirname(toAbs), { recursive: true });
execFileSync('git', ['mv', from, to], { stdio: 'inherit' });
rewrite(toAbs, dirname(fromAbs), dirname(toAbs));
for (const dir of ['src', 'test', 'bench']) {
  for (const file of sourceFiles(join(root, dir))) {
    if (normalize(file) === toAbs) continue;
    rewrite(file, dirname(file), dirname(file));
  }
}
