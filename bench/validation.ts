import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PACKAGE_ROOT } from '../src/core/version.js';
import { validatePackage } from '../src/validate/validate-package.js';
import { ValidationPool } from '../src/validate/worker/validation-pool.js';
import { assembleAdlPackage } from '../test/helpers/adl-package.js';
import { generateLargePackage } from './generate.js';
import { median, timeIt, type BenchRow } from './stats.js';
import { tempDir } from '../test/helpers/temp.js';

const SHARED = resolve(PACKAGE_ROOT, '../shared/corpus');

async function validateOnce(path: string): Promise<void> {
  const v = await validatePackage(path, { level: 'strict' });
  await v.cleanup();
}

/** A typical multi-SCO package with its schema set: ADL's CM-07d (18 items, sequencing, full XSD set) when ../shared is present, else our sample. */
async function typicalPackage(): Promise<{ path: string; note: string }> {
  if (!existsSync(join(SHARED, 'adl-cts/packages/LMSTestPackage_CM-07d'))) {
    return { path: join(PACKAGE_ROOT, 'samples/sample-course'), note: 'bundled sample (../shared absent)' };
  }
  return { path: await assembleAdlPackage('CM-07d'), note: 'ADL CM-07d: 18 items, sequencing, 2004 XSD set' };
}

export async function benchValidation(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const typical = await typicalPackage();
  await validateOnce(typical.path); // warm-up: schema compile, JIT
  const warm = await timeIt(30, () => validateOnce(typical.path));
  rows.push({
    name: 'validate typical package (in-process, warm)',
    median_ms: median(warm),
    runs: warm.length,
    target: '<= 30 ms',
    note: typical.note,
  });

  // What the MCP tools do: validate in the warm worker, get plain data back, remove the extracted copy.
  const pool = new ValidationPool();
  const viaPool = async (): Promise<void> =>
    (await pool.validate(typical.path, { level: 'strict' })).release();
  await viaPool();
  const pooled = await timeIt(30, viaPool);
  await pool.close();
  rows.push({
    name: 'validate typical package (worker pool, warm)',
    median_ms: median(pooled),
    runs: pooled.length,
    target: '<= 30 ms',
    note: 'as the MCP validation tools run it',
  });

  const sizes = [1000, 2000, 5000];
  const perSize: number[] = [];
  for (const n of sizes) {
    const dir = generateLargePackage(n);
    await validateOnce(dir);
    const t = await timeIt(3, () => validateOnce(dir));
    perSize.push(median(t));
    rows.push({
      name: `generated manifest ${n} items + ${n} resources`,
      median_ms: median(t),
      runs: t.length,
      target: n === 5000 ? '<= 1000 ms' : undefined,
    });
  }
  const perItem = perSize.map((ms, i) => ms / sizes[i]!);
  rows.push({
    name: 'linearity: cost per item 1k / 2k / 5k',
    median_ms: perItem[2]! * 1000,
    runs: 3,
    note:
      perItem.map((x) => `${(x * 1000).toFixed(1)} µs`).join(' / ') +
      ` (5k/1k per-item ratio ${(perItem[2]! / perItem[0]!).toFixed(2)})`,
  });

  const cli = join(PACKAGE_ROOT, 'dist/bundle/cli-main.js');
  const cliRuns = await timeIt(7, () =>
    spawnSync(process.execPath, [cli, 'validate', typical.path, '--format', 'json']),
  );
  rows.push({
    name: 'CLI validate end to end',
    median_ms: median(cliRuns),
    runs: cliRuns.length,
    target: '<= 500 ms',
    note: 'process spawn included',
  });

  const startRuns = await timeIt(7, () => mcpStartToInitialize());
  rows.push({
    name: 'MCP server start -> initialize reply',
    median_ms: median(startRuns),
    runs: startRuns.length,
    target: '<= 300 ms',
    note: 'no browser started',
  });
  return rows;
}

function mcpStartToInitialize(): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [join(PACKAGE_ROOT, 'dist/bundle/mcp-main.js')], {
      env: { ...process.env, SCORM_TESTER_LOG_DIR: tempDir('scorm-tester-bench-logs-') },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    child.stdout.once('data', () => {
      child.kill();
      resolvePromise();
    });
    child.once('error', reject);
    child.stdin.write(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'bench', version: '0' },
        },
      }) + '\n',
    );
  });
}
