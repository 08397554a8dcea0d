/**
 * The one-way flow of src/: faces (src/mcp, src/cli, src/inspector) -> the application layer (src/app)
 * -> engines and services -> src/core. Every relative import (static, dynamic, type-only, re-export) of
 * every file under src/ is read with TypeScript's own pre-processor and checked against these rules:
 * - core imports nothing of ours outside core;
 * - an engine imports engines and core, never the application layer or a face;
 * - the application layer imports engines and core, never a face;
 * - a face imports the application layer, engines and core, and another face only where EXCEPTIONS says.
 * A folder under src/ that is in no layer fails too, so a new folder is placed on purpose.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { REPO_ROOT } from '../../helpers/paths.js';

type Layer = 'face' | 'app' | 'engine' | 'core';

const LAYERS: Record<string, Layer> = {
  mcp: 'face',
  cli: 'face',
  inspector: 'face',
  app: 'app',
  session: 'engine',
  runtime: 'engine',
  dom: 'engine',
  lint: 'engine',
  validate: 'engine',
  sequencing: 'engine',
  rte: 'engine',
  manifest: 'engine',
  package: 'engine',
  report: 'engine',
  output: 'engine',
  conformance: 'engine',
  core: 'core',
};

/** What each layer may import besides itself (a face: its own folder only; see EXCEPTIONS). */
const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  face: ['app', 'engine', 'core'],
  app: ['engine', 'core'],
  engine: ['core'],
  core: [],
};

const NAME: Record<Layer, string> = {
  face: 'a face',
  app: 'the application layer',
  engine: 'an engine',
  core: 'core',
};

const MAY_TEXT: Record<Layer, string> = {
  face: 'src/app, engines and src/core',
  app: 'engines and src/core',
  engine: 'engines and src/core',
  core: 'src/core only',
};

/** The only imports from one face into another: the commands and the tool that start the other face. */
const EXCEPTIONS: ReadonlyArray<{ from: string; to: string; reason: string }> = [
  {
    from: 'src/cli/main.ts',
    to: 'src/mcp/run-server.ts',
    reason: '`scorm-tester mcp` starts the MCP server',
  },
  {
    from: 'src/cli/commands/inspect.ts',
    to: 'src/mcp/toolsets.ts',
    reason:
      'the inspector acts through the tools the MCP server declares, built once by `scorm-tester inspect`',
  },
  {
    from: 'src/cli/commands/inspect.ts',
    to: 'src/inspector/',
    reason: '`scorm-tester inspect` starts the inspector',
  },
  {
    from: 'src/mcp/tools/inspector/scorm-interactive-develop.ts',
    to: 'src/inspector/server/',
    reason: 'the MCP tool scorm_interactive_develop starts the inspector',
  },
];

interface ImportEdge {
  /** Repository-relative path of the importing file. */
  file: string;
  /** The specifier as written. */
  specifier: string;
  /** Repository-relative path of the imported file. */
  target: string;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Every relative import of every file under src/. */
function importEdges(): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const path of sourceFiles(resolve(REPO_ROOT, 'src'))) {
    const info = ts.preProcessFile(readFileSync(path, 'utf8'), true, true);
    for (const ref of info.importedFiles) {
      if (!ref.fileName.startsWith('.')) continue;
      const target = resolve(dirname(path), ref.fileName).replace(/\.js$/, '.ts');
      edges.push({
        file: relative(REPO_ROOT, path).split('\\').join('/'),
        specifier: ref.fileName,
        target: relative(REPO_ROOT, target).split('\\').join('/'),
      });
    }
  }
  return edges;
}

function folderOf(path: string): string {
  return path.split('/')[1] ?? '';
}

/** Why `edge` runs against the flow, or null when it is allowed. */
function violation(edge: ImportEdge): string | null {
  const fromFolder = folderOf(edge.file);
  const toFolder = folderOf(edge.target);
  const from = LAYERS[fromFolder];
  const to = LAYERS[toFolder];
  if (!edge.target.startsWith('src/')) return 'files under src/ import only files under src/';
  if (!from) return `src/${fromFolder}/ is in no layer: add it to LAYERS in this test`;
  if (!to) return `src/${toFolder}/ is in no layer: add it to LAYERS in this test`;
  if (fromFolder === toFolder || (from === to && from !== 'face')) return null;
  if (MAY_IMPORT[from].includes(to)) return null;
  if (from === 'face' && to === 'face') {
    const allowed = EXCEPTIONS.some((e) => edge.file === e.from && edge.target.startsWith(e.to));
    return allowed ? null : `a face (src/${fromFolder}) does not import another face (src/${toFolder})`;
  }
  return `${NAME[from]} (src/${fromFolder}) may import ${MAY_TEXT[from]}, not ${NAME[to]} (src/${toFolder})`;
}

function describe(edge: ImportEdge, why: string): string {
  return `${edge.file}: import '${edge.specifier}' (${edge.target}): ${why}`;
}

test('every import under src/ runs down the layers: faces -> app -> engines -> core', () => {
  const edges = importEdges();
  assert.ok(edges.length > 1000, `read the imports of src/ (found ${edges.length})`);
  const wrong = edges.flatMap((edge) => {
    const why = violation(edge);
    return why ? [describe(edge, why)] : [];
  });
  assert.deepEqual(wrong, [], `imports that run back up the layers:\n${wrong.join('\n')}`);
});

test('every allowed exception is still used, so the list stays as short as the code needs', () => {
  const edges = importEdges();
  const unused = EXCEPTIONS.filter((e) => !edges.some((x) => x.file === e.from && x.target.startsWith(e.to)));
  assert.deepEqual(unused, []);
});

test('a back-import is reported with the file, the import and the rule', () => {
  const engineToApp = {
    file: 'src/dom/scenario/trace.ts',
    specifier: '../../app/replay.js',
    target: 'src/app/replay.ts',
  };
  assert.equal(
    describe(engineToApp, violation(engineToApp)!),
    "src/dom/scenario/trace.ts: import '../../app/replay.js' (src/app/replay.ts): an engine (src/dom) may import engines and src/core, not the application layer (src/app)",
  );
  assert.equal(
    violation({
      file: 'src/inspector/server/actions.ts',
      specifier: '../../mcp/tool.js',
      target: 'src/mcp/tool.ts',
    }),
    'a face (src/inspector) does not import another face (src/mcp)',
  );
  assert.equal(
    violation({ file: 'src/core/errors.ts', specifier: '../session/x.js', target: 'src/session/x.ts' }),
    'core (src/core) may import src/core only, not an engine (src/session)',
  );
  assert.equal(
    violation({ file: 'src/app/tool.ts', specifier: '../mcp/server.js', target: 'src/mcp/server.ts' }),
    'the application layer (src/app) may import engines and src/core, not a face (src/mcp)',
  );
  assert.equal(
    violation({
      file: 'src/cli/main.ts',
      specifier: '../mcp/run-server.js',
      target: 'src/mcp/run-server.ts',
    }),
    null,
  );
});
