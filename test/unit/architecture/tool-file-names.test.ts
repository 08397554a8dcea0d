/**
 * A tool is one hop from its name: scorm_session_open is declared in src/mcp/tools/<group>/scorm-session-open.ts.
 * FAMILIES names the files that declare a small family of tools from one table; NOT_YET_SPLIT the grouped
 * files still waiting for their split (issue 21), which may only shrink.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { measureToolList } from '../../../bench/tool-list-size.js';
import { REPO_ROOT } from '../../helpers/paths.js';

const TOOLS_DIR = join(REPO_ROOT, 'src/mcp/tools');

const FAMILIES: readonly string[] = [];

const NOT_YET_SPLIT: readonly string[] = [];

function declares(file: string, name: string): boolean {
  return readFileSync(join(TOOLS_DIR, file), 'utf8').includes(`name: '${name}'`);
}

/** A family file may declare its tools from a table, so its names appear quoted, not as `name:`. */
function namesInTable(file: string, name: string): boolean {
  return readFileSync(join(TOOLS_DIR, file), 'utf8').includes(`'${name}'`);
}

function ownFile(name: string): string | undefined {
  const fileName = `${name.replaceAll('_', '-')}.ts`;
  return readdirSync(TOOLS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((dir) => `${dir.name}/${fileName}`)
    .find((file) => existsSync(join(TOOLS_DIR, file)) && declares(file, name));
}

test('every registered tool is declared in src/mcp/tools/<group>/<its-name>.ts (or a declared family file)', async () => {
  const tools = await measureToolList();
  assert.ok(tools.length > 0);
  for (const { name } of tools) {
    const home = ownFile(name) ?? [...FAMILIES, ...NOT_YET_SPLIT].find((file) => namesInTable(file, name));
    assert.ok(home, `${name}: no src/mcp/tools/<group>/${name.replaceAll('_', '-')}.ts declares it`);
  }
});

test('the family and not-yet-split lists name existing files that still declare a tool', () => {
  for (const file of [...FAMILIES, ...NOT_YET_SPLIT]) {
    assert.ok(existsSync(join(TOOLS_DIR, file)), `${file} is listed but does not exist`);
    const text = readFileSync(join(TOOLS_DIR, file), 'utf8');
    assert.match(text, /'(scorm|system)_\w+'/, `${file} is listed but declares no tool`);
  }
});
