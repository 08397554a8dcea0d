/**
 * The conformance harness: the same 20 ADL cases (across the families) run in Node and through the real
 * player in Chromium (browser start and stop included, as `conformance --browser` does it). Needs
 * ../shared; skipped without it.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { BrowserDeliveryTarget } from '../src/conformance/browser-target.js';
import { openCorpus, type Corpus } from '../src/conformance/corpus.js';
import { orderCases, runSuite } from '../src/conformance/run-suite.js';
import { SequencingLms } from '../src/conformance/sequencing-lms.js';
import { median, timeIt, type BenchRow } from './stats.js';

export const BENCH_CASES = [
  'API',
  'DMB',
  'CM-01',
  'CM-05',
  'CM-07a',
  'CM-09ba',
  'CO-01',
  'CO-07a',
  'CO-07b',
  'CT-01',
  'CT-02',
  'MS-01',
  'MS-02',
  'OB-01a',
  'OB-08a',
  'RU-02a',
  'RU-14a',
  'SX-04b',
  'SX-09',
  'T-01a',
];

async function run(corpus: Corpus, ids: readonly string[], mode: 'node' | 'browser'): Promise<number> {
  const lms = new SequencingLms(corpus, mode === 'browser' ? new BrowserDeliveryTarget(corpus) : undefined);
  try {
    return (await runSuite(corpus, ids, lms, { mode })).passed;
  } finally {
    await lms.dispose();
  }
}

export async function benchConformance(ctsDir = resolve('../shared/corpus/adl-cts')): Promise<BenchRow[]> {
  if (!existsSync(ctsDir)) return [];
  const corpus = openCorpus(ctsDir);
  const ids = orderCases(BENCH_CASES.filter((id) => corpus.caseIds.includes(id)));
  const node = median(await timeIt(5, () => run(corpus, ids, 'node')));
  let passed = 0;
  const browser = median(
    await timeIt(3, async () => {
      passed = await run(corpus, ids, 'browser');
    }),
  );
  return [
    { name: `conformance, ${ids.length} cases in Node`, median_ms: node, runs: 5 },
    {
      name: `conformance, ${ids.length} cases in the browser`,
      median_ms: browser,
      runs: 3,
      target: '≤ 180000 ms',
      ratio: browser / node,
      note: `${passed}/${ids.length} passed; ratio = browser / Node`,
    },
  ];
}
