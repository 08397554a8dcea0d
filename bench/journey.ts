/**
 * `npm run bench -- --only journey` (issue 22, Performance): what a fixed agent-like journey costs a
 * model, on our demo course and on each course folder under `--exports <dir>` (none by default; only the
 * folders named by `--courses a,b` when given). `--server <entry>` measures another build's
 * dist/bundle/mcp-main.js; `--before <entry>` also runs a frozen earlier build and prints both side by side.
 * `--breakdown` prints each call's costliest fields; `--dump <dir>` writes every answer as JSON.
 * Targets: no result over 8,000 tokens, median per tool at most 1,500, total per journey at least halved.
 */
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../src/core/version.js';
import { argValue, exportFolders } from './export-folders.js';
import { ownServerEntry, runJourney, type JourneyResult } from './journey-run.js';
import { dumpAnswers, printBreakdown } from './journey-breakdown.js';
import { median, type BenchRow } from './stats.js';

const MAX_RESULT_TOKENS = 8000;
const MAX_TOOL_MEDIAN_TOKENS = 1500;

/** The demo course, then each export folder that has a manifest at its root. */
export function courses(): Array<{ name: string; path: string }> {
  const list = [{ name: 'demo', path: join(PACKAGE_ROOT, 'samples/automation-course') }];
  const exportsDir = argValue('--exports');
  if (!exportsDir) return list;
  return [...list, ...exportFolders(exportsDir, argValue('--courses')?.split(','))];
}

async function runAll(serverEntry: string, label: string): Promise<JourneyResult[]> {
  const out: JourneyResult[] = [];
  for (const c of courses()) {
    process.stderr.write(`journey (${label}): ${c.name}\n`);
    out.push(await runJourney(serverEntry, c.name, c.path));
  }
  return out;
}

interface ToolSizes {
  median: number;
  largest: number;
  largestOn: string;
}

function sizesByTool(journeys: JourneyResult[]): Map<string, ToolSizes> {
  const byTool = new Map<string, Array<{ tokens: number; course: string }>>();
  for (const j of journeys)
    for (const r of j.results) {
      const list = byTool.get(r.tool) ?? [];
      list.push({ tokens: r.tokens, course: j.course });
      byTool.set(r.tool, list);
    }
  const out = new Map<string, ToolSizes>();
  for (const [tool, list] of byTool) {
    const largest = list.reduce((a, b) => (b.tokens > a.tokens ? b : a));
    out.set(tool, {
      median: median(list.map((l) => l.tokens)),
      largest: largest.tokens,
      largestOn: largest.course,
    });
  }
  return out;
}

const total = (j: JourneyResult): number => j.results.reduce((sum, r) => sum + r.tokens, 0);
const images = (j: JourneyResult): number => j.results.reduce((sum, r) => sum + r.image_bytes, 0);
const failures = (j: JourneyResult): string[] =>
  j.results.filter((r) => r.failed).map((r) => (r.error_code ? `${r.tool} (${r.error_code})` : r.tool));
const round = (n: number): string => String(Math.round(n));

/** The before/after tables as Markdown: per journey, then per tool. */
function printComparison(before: JourneyResult[] | null, after: JourneyResult[]): void {
  console.log('\n### Tokens per journey (bytes/4 of the text, structured content once; images apart)');
  console.log(
    '| course | before | after | after/before | image kB before | image kB after | failed calls after |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const a of after) {
    const b = before?.find((j) => j.course === a.course);
    const ratio = b ? (total(a) / total(b)).toFixed(2) : '';
    console.log(
      `| ${a.course} | ${b ? round(total(b)) : ''} | ${round(total(a))} | ${ratio} | ${b ? round(images(b) / 1024) : ''} | ${round(images(a) / 1024)} | ${failures(a).join(', ')} |`,
    );
  }
  const beforeTools = before ? sizesByTool(before) : null;
  console.log('\n### Tokens per tool result, over every journey');
  console.log('| tool | median before | median after | largest before | largest after (course) |');
  console.log('| --- | ---: | ---: | ---: | --- |');
  for (const [tool, a] of sizesByTool(after)) {
    const b = beforeTools?.get(tool);
    console.log(
      `| ${tool} | ${b ? round(b.median) : ''} | ${round(a.median)} | ${b ? `${round(b.largest)} (${b.largestOn})` : ''} | ${round(a.largest)} (${a.largestOn}) |`,
    );
  }
}

export async function benchJourney(): Promise<BenchRow[]> {
  const serverEntry = argValue('--server') ?? ownServerEntry(PACKAGE_ROOT);
  const beforeEntry = argValue('--before');
  const before = beforeEntry ? await runAll(beforeEntry, 'before') : null;
  const after = await runAll(serverEntry, 'after');
  printComparison(before, after);
  const dumpDir = argValue('--dump');
  for (const [label, journeys] of [
    ['before', before],
    ['after', after],
  ] as const) {
    if (!journeys) continue;
    if (process.argv.includes('--breakdown')) printBreakdown(label, journeys);
    if (dumpDir) dumpAnswers(dumpDir, label, journeys);
  }

  const rows: BenchRow[] = after.map((a) => {
    const b = before?.find((j) => j.course === a.course);
    return {
      name: `journey total: ${a.course}`,
      median_ms: total(a),
      unit: 'tokens',
      runs: 1,
      ...(b ? { target: '≤ before/2', ratio: total(a) / total(b), note: `before ${round(total(b))}` } : {}),
      ...(b && total(a) > total(b) / 2 ? { note: `before ${round(total(b))}; OVER target` } : {}),
    };
  });
  for (const [tool, a] of sizesByTool(after)) {
    const over = a.median > MAX_TOOL_MEDIAN_TOKENS || a.largest > MAX_RESULT_TOKENS;
    rows.push({
      name: `${tool} median`,
      median_ms: a.median,
      unit: 'tokens',
      runs: after.length,
      target: `≤ ${MAX_TOOL_MEDIAN_TOKENS}; largest ≤ ${MAX_RESULT_TOKENS}`,
      note: `largest ${round(a.largest)} (${a.largestOn})${over ? '; OVER target' : ''}`,
    });
  }
  return rows;
}
