/**
 * Which tier a test file belongs in, read from what it imports (docs/testing.md states the rules):
 * - e2e: it starts the built CLI or MCP server: code it reaches names `dist/bundle/…`, or a script
 *   of ours (`scripts/….mjs`) that runs them;
 * - integration: it drives real Chromium (it reaches the browser pool, the course runtime or
 *   playwright-core) and starts neither;
 * - unit: neither. Unit and integration tests start no child process, except mkfifo through
 *   test/helpers/fifo.ts.
 * A test file's own imports are followed through the test helpers (files under test/ that are not
 * tests), not through src/: a src module that could start a browser does not, unless the test asks it to.
 * Type-only imports are not followed; they load nothing.
 */
import { dirname, join, normalize } from 'node:path';

export const TIERS = ['unit', 'integration', 'e2e'] as const;
export type Tier = (typeof TIERS)[number];

/** What makes a file e2e or integration, or what it must not do below e2e. */
interface Reach {
  /** The import chain from the test file to what it reaches, ending in the reason. */
  chain: string[];
}

export interface Reaches {
  serverOrCli?: Reach;
  browser?: Reach;
  process?: Reach;
}

const BROWSER_MODULES = ['src/runtime/browser-pool.ts', 'src/runtime/course-runtime.ts'];
const BROWSER_PACKAGES = ['playwright-core'];
const PROCESS_PACKAGES = ['node:child_process', 'child_process'];
/** Helpers that start a one-shot system command to make a fixture, allowed in every tier. */
const FIXTURE_COMMANDS = ['test/helpers/fifo.ts'];

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:([^;()'"]*?)\s+from\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Code without its comments, so a sentence that names a script does not count as running it. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/** The modules a source loads when it runs: its imports minus the type-only ones. */
export function valueImports(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(IMPORT)) {
    const [, typeKeyword, clause, specifier] = m;
    const braces = /^\{([^}]*)\}$/.exec(clause?.trim() ?? '');
    const allTypes =
      braces !== null &&
      braces[1]!
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .every((s) => s.startsWith('type '));
    if (typeKeyword === undefined && !allTypes) out.push(specifier!);
  }
  for (const m of source.matchAll(DYNAMIC_IMPORT)) out.push(m[1]!);
  return out;
}

/** A relative specifier as a repository path (`.js` written for a `.ts` source). */
function resolveSpecifier(from: string, specifier: string, exists: (path: string) => boolean): string {
  const path = normalize(join(dirname(from), specifier));
  for (const candidate of [path.replace(/\.js$/, '.ts'), path.replace(/\.js$/, '.tsx'), path])
    if (exists(candidate)) return candidate;
  return path;
}

/** What a test file reaches through its value imports and the test helpers it loads. */
export function reachesOf(file: string, read: (path: string) => string | undefined): Reaches {
  const found: Reaches = {};
  const seen = new Set<string>([file]);
  const queue: string[][] = [[file]];
  while (queue.length > 0) {
    const chain = queue.shift()!;
    const at = chain[chain.length - 1]!;
    const source = withoutComments(read(at) ?? '');
    const program = /\b(?:dist\/bundle\/[\w.-]+|scripts\/[\w.-]+\.mjs)/.exec(source);
    if (program && !found.serverOrCli) found.serverOrCli = { chain: [...chain, `names ${program[0]}`] };
    for (const specifier of valueImports(source)) {
      if (!specifier.startsWith('.')) {
        if (BROWSER_PACKAGES.includes(specifier) && !found.browser)
          found.browser = { chain: [...chain, specifier] };
        if (PROCESS_PACKAGES.includes(specifier) && !found.process && !FIXTURE_COMMANDS.includes(at))
          found.process = { chain: [...chain, specifier] };
        continue;
      }
      const target = resolveSpecifier(at, specifier, (p) => read(p) !== undefined);
      if (BROWSER_MODULES.includes(target) && !found.browser) found.browser = { chain: [...chain, target] };
      const isHelper = target.startsWith('test/') && !target.endsWith('.test.ts');
      if (isHelper && !seen.has(target)) {
        seen.add(target);
        queue.push([...chain, target]);
      }
    }
  }
  return found;
}

/** The tier folder a test file sits in (test/<tier>/…), or null. */
export function tierOf(file: string): Tier | null {
  const folder = file.split('/')[1];
  return (TIERS as readonly string[]).includes(folder ?? '') ? (folder as Tier) : null;
}

export function belongsIn(reaches: Reaches): Tier {
  if (reaches.serverOrCli) return 'e2e';
  if (reaches.browser) return 'integration';
  return 'unit';
}

const why = (reach: Reach): string => reach.chain.join(' → ');

/** Each way `file` breaks the tier rules, as a sentence saying where it belongs or what to change. */
export function tierProblems(file: string, read: (path: string) => string | undefined): string[] {
  const reaches = reachesOf(file, read);
  const tier = tierOf(file);
  const belongs = belongsIn(reaches);
  const problems: string[] = [];
  if (tier !== belongs) {
    const reason = reaches.serverOrCli
      ? `it starts the built CLI or MCP server (${why(reaches.serverOrCli)})`
      : reaches.browser
        ? `it drives real Chromium and starts neither the CLI nor the server (${why(reaches.browser)})`
        : 'it starts no browser, CLI or server';
    const target = `test/${belongs}/${file.split('/').pop()!}`;
    problems.push(
      `${file} belongs in test/${belongs}/: ${reason}. Move it: git mv ${file} ${target} ` +
        `(and point SECURITY.md's "Tested by:" lines at ${target}).`,
    );
  }
  if (reaches.process && belongs !== 'e2e')
    problems.push(
      `${file} starts a child process (${why(reaches.process)}) but runs neither the built CLI nor the ` +
        'server: unit and integration tests start none. Make a FIFO with test/helpers/fifo.ts; run the CLI ' +
        'with test/helpers/cli.ts or the server with test/helpers/mcp-client.ts (the file then belongs in test/e2e/).',
    );
  return problems;
}
