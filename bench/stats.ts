export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export async function timeIt(runs: number, fn: () => Promise<unknown> | unknown): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

export interface BenchRow {
  name: string;
  /** The median, in ms unless `unit` says otherwise. */
  median_ms: number;
  /** What median_ms counts when it is not milliseconds (e.g. "MB"). */
  unit?: string;
  runs: number;
  target?: string;
  ratio?: number;
  note?: string;
}

export function printRows(title: string, rows: BenchRow[]): void {
  console.log(`\n## ${title}`);
  const header = ['benchmark', 'median', 'runs', 'target', 'ratio', 'note'];
  const lines = rows.map((r) => [
    r.name,
    `${r.median_ms.toFixed(1)} ${r.unit ?? 'ms'}`,
    String(r.runs),
    r.target ?? '',
    r.ratio !== undefined ? `${r.ratio.toFixed(2)}x` : '',
    r.note ?? '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]): string =>
    '| ' + cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ') + ' |';
  console.log(fmt(header));
  console.log('|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|');
  for (const l of lines) console.log(fmt(l));
}
