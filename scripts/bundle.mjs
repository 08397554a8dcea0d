// Bundles the two entry points (MCP server, CLI) from tsc's output into dist/bundle: a few chunks load far
// faster than hundreds of small modules (MCP start-up ~450 ms -> ~200 ms). Heavy or asset-bearing packages
// stay external and are loaded on first use (playwright-core, libxml2-wasm).
// Also bundles the scripts that run in the browser (src/runtime/player/page/player-*.ts and
// dialog-guard.ts, and the conformance test pages' driver src/conformance/driver/cts-driver.ts) into
// classic scripts, written next to the module that reads them (page-assets.js) and next to the bundled chunks.
// And the inspector's web UI (src/inspector/ui/, Preact) into dist/inspector/inspector.js and .css.
import { build } from 'esbuild';
import { copyFileSync, rmSync } from 'node:fs';

// One player script per SCORM version, each with its engine (src/rte/strict), so a page carries only
// the engine it runs.
const PAGE_SCRIPTS = {
  'src/runtime/player/page/player-2004.ts': 'player-2004.iife.js',
  'src/runtime/player/page/player-12.ts': 'player-12.iife.js',
  'src/runtime/player/page/dialog-guard.ts': 'dialog-guard.iife.js',
  'src/conformance/driver/cts-driver.ts': 'cts-driver.iife.js',
};
const ASSET_DIR = 'dist/src/runtime/player';
// Scripts Node evaluates in a SCO frame as a function body: their exports stay on a local var (globalName),
// never on the course's window (src/dom/players/probe-runner.ts).
const EVALUATED_SCRIPTS = {
  'src/dom/players/page/probe.ts': { file: 'page-context-probe.iife.js', globalName: 'pageContextProbe' },
  // The DOM tools' page read and element refs (src/dom/snapshot/control-world.ts evaluates it in an isolated world).
  'src/dom/snapshot/page/controls.ts': { file: 'dom-controls.iife.js', globalName: 'scormTesterControls' },
  // The player mirror's serialiser (src/inspector/mirror/page-world.ts evaluates it in an isolated world).
  'src/inspector/mirror/page/serialize.ts': {
    file: 'mirror-serializer.iife.js',
    globalName: 'scormTesterMirror',
  },
};

rmSync('dist/bundle', { recursive: true, force: true });
const pageBuilds = [
  ...Object.entries(PAGE_SCRIPTS).map(([entry, file]) => ({ entry, file, globalName: undefined })),
  ...Object.entries(EVALUATED_SCRIPTS).map(([entry, { file, globalName }]) => ({ entry, file, globalName })),
];
for (const { entry, file, globalName } of pageBuilds) {
  await build({
    entryPoints: [entry],
    outfile: `${ASSET_DIR}/${file}`,
    globalName,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
}
await build({
  // The validation worker is an entry of its own: the pool starts it as ./validation-worker.js beside
  // the chunk that holds the pool, which is dist/bundle/ here and dist/src/validate/worker/ for tsc's output.
  entryPoints: {
    'mcp-main': 'dist/src/mcp/main.js',
    'cli-main': 'dist/src/cli/main.js',
    'validation-worker': 'dist/src/validate/worker/validation-worker.js',
    'syntax-worker': 'dist/src/lint/api-usage/syntax-worker.js',
  },
  outdir: 'dist/bundle',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  external: ['playwright-core', 'libxml2-wasm'],
  // CommonJS dependencies (yauzl, ajv) call require(); give ESM chunks one.
  banner: {
    js: "import { createRequire as __scormTesterRequire } from 'node:module'; const require = __scormTesterRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
// The inspector's UI: one ES module and one stylesheet, served by the inspector from the package.
await build({
  entryPoints: { inspector: 'src/inspector/ui/main.tsx' },
  outdir: 'dist/inspector',
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'chrome120',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
copyFileSync('src/inspector/ui/inspector.css', 'dist/inspector/inspector.css');
for (const { file } of pageBuilds) copyFileSync(`${ASSET_DIR}/${file}`, `dist/bundle/${file}`);
