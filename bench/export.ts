import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../src/core/version.js';
import { validatePackage } from '../src/validate/validate-package.js';
import { generateExportPackage } from './export-package.js';
import { median, timeIt, type BenchRow } from './stats.js';

const CLI = join(PACKAGE_ROOT, 'dist/bundle/cli-main.js');
const SAMPLE = join(PACKAGE_ROOT, 'samples/sample-course');
const RUNS = 7;

// Loaded into the CLI process: prints its peak resident set size when it exits.
const REPORT_MAX_RSS = `data:text/javascript,process.on("exit",()=>process.stderr.write("\\nmaxrss_kb="+process.resourceUsage().maxRSS+"\\n"))`;

function cliValidate(path: string): { maxRssMb: number } {
  const child = spawnSync(
    process.execPath,
    ['--import', REPORT_MAX_RSS, CLI, 'validate', path, '--format', 'json'],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const kb = /maxrss_kb=(\d+)/.exec(child.stderr)?.[1];
  if (!kb) throw new Error(`CLI validate ${path} gave no RSS figure: ${child.stderr.slice(0, 500)}`);
  return { maxRssMb: Number(kb) / 1024 };
}

/** Issue 9: a package shaped like a real authoring-tool export, against our own sample, in the same run. */
export async function benchExport(): Promise<BenchRow[]> {
  const pkg = generateExportPackage();
  const shape = `${pkg.files} files, ${(pkg.bytes / 1024 / 1024).toFixed(1)} MB of JavaScript and HTML`;
  cliValidate(SAMPLE); // warm the page cache for both packages before timing
  cliValidate(pkg.dir);
  // Interleaved, so a busy machine slows both sides alike.
  const sampleMs: number[] = [];
  const exportMs: number[] = [];
  const rss: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    sampleMs.push(...(await timeIt(1, () => cliValidate(SAMPLE))));
    exportMs.push(
      ...(await timeIt(1, () => {
        rss.push(cliValidate(pkg.dir).maxRssMb);
      })),
    );
  }
  const sample = median(sampleMs);
  const exported = median(exportMs);

  await (await validatePackage(pkg.dir, { level: 'strict' })).cleanup();
  const warm = await timeIt(5, async () => (await validatePackage(pkg.dir, { level: 'strict' })).cleanup());

  return [
    {
      name: 'CLI validate bundled sample course',
      median_ms: sample,
      runs: RUNS,
      note: 'process spawn included',
    },
    {
      name: 'CLI validate export-shaped package',
      median_ms: exported,
      runs: RUNS,
      target: '<= 1.5x sample',
      ratio: exported / sample,
      note: shape,
    },
    {
      name: 'CLI validate export-shaped package: peak RSS',
      median_ms: median(rss),
      runs: RUNS,
      target: '<= 150 MB',
      note: `MB, not ms (max ${Math.max(...rss).toFixed(0)} MB)`,
    },
    {
      name: 'validate export-shaped package (in-process, warm)',
      median_ms: median(warm),
      runs: warm.length,
      note: 'second and later runs in one process',
    },
  ];
}
