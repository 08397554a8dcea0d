// Bundles the two entry points (MCP server, CLI) from tsc's output into dist/bundle: a few chunks load far
// faster than hundreds of small modules (MCP start-up ~450 ms -> ~200 ms). Heavy or asset-bearing packages
// stay external and are loaded on first use (playwright-core, libxml2-wasm).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

rmSync('dist/bundle', { recursive: true, force: true });
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
