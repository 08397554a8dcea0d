// Bundles the two entry points (MCP server, CLI) from tsc's output into dist/bundle: a few chunks load far
// faster than hundreds of small modules (MCP start-up ~450 ms -> ~200 ms). Heavy or asset-bearing packages
// stay external and are loaded on first use (playwright-core, libxml2-wasm).
// Also bundles the player page's script (src/runtime/player/page/player.ts) into one classic script,
// written next to the module that inlines it (player-page.js) and next to the bundled chunks.
import { build } from 'esbuild';
import { copyFileSync, rmSync } from 'node:fs';

const PLAYER_SCRIPT = 'dist/src/runtime/player/player.iife.js';

rmSync('dist/bundle', { recursive: true, force: true });
await build({
  entryPoints: ['src/runtime/player/page/player.ts'],
  outfile: PLAYER_SCRIPT,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'chrome120',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
await build({
  entryPoints: { 'mcp-main': 'dist/src/mcp/main.js', 'cli-main': 'dist/src/cli/main.js' },
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
copyFileSync(PLAYER_SCRIPT, 'dist/bundle/player.iife.js');
