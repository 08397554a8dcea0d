/**
 * `node dist/bench/run.js --only validate-exports --exports <dir>` (issue 24): CLI `validate` on every
 * export folder under <dir> (a manifest at its root; `--courses a,b` picks some), each measured in the
 * same run as the bundled sample course, interleaved so a busy machine slows both alike. Per export:
 * median wall time and CPU time of `--runs` runs (5), the ratios to the sample's, and the peak RSS.
 * `--cli <path>` measures another build's dist/bundle/cli-main.js (e.g. a copy of the one before a change).
 * Targets: at most 1.5x the sample's wall time and at most 150 MB peak RSS.
 */
import { cliValidate, BUILT_CLI, SAMPLE_COURSE, type CliUsage } from './cli-usage.js';
import { argValue, exportFolders } from './export-folders.js';
import { median, type BenchRow } from './stats.js';

const MAX_RATIO = 1.5;
const MAX_RSS_MB = 150;

export async function benchValidateExports(): Promise<BenchRow[]> {
  const dir = argValue('--exports');
  if (!dir) throw new Error('validate-exports needs --exports <folder of exports>');
  const runs = Number(argValue('--runs') ?? 5);
  const cli = argValue('--cli') ?? BUILT_CLI;
  const rows: BenchRow[] = [];
  for (const { name, path } of exportFolders(dir, argValue('--courses')?.split(','))) {
    process.stderr.write(`validate-exports: ${name}\n`);
    cliValidate(SAMPLE_COURSE, cli); // warm the page cache for both before timing
    cliValidate(path, cli);
    const sample: CliUsage[] = [];
    const exported: CliUsage[] = [];
    for (let i = 0; i < runs; i++) {
      sample.push(cliValidate(SAMPLE_COURSE, cli));
      exported.push(cliValidate(path, cli));
    }
    const wall = median(exported.map((u) => u.wallMs));
    const ratio = wall / median(sample.map((u) => u.wallMs));
    const cpu = median(exported.map((u) => u.cpuMs));
    const cpuRatio = cpu / median(sample.map((u) => u.cpuMs));
    const rss = Math.max(...exported.map((u) => u.maxRssMb));
    const missed = [ratio > MAX_RATIO ? 'time' : '', rss > MAX_RSS_MB ? 'RSS' : ''].filter(Boolean);
    rows.push({
      name,
      median_ms: wall,
      runs,
      target: `<= ${MAX_RATIO}x, <= ${MAX_RSS_MB} MB`,
      ratio,
      note: `CPU ${cpu.toFixed(0)} ms (${cpuRatio.toFixed(2)}x), peak RSS ${rss.toFixed(0)} MB${missed.length ? `; over: ${missed.join(', ')}` : ''}`,
    });
  }
  return rows;
}
