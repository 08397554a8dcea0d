/**
 * Speed and memory limits that the tests used to assert (issue 21). The tests keep asserting what
 * happens (the refusal, the cancellation, the answer); how fast or how small it is, is measured here
 * with the target each test had. A row over its target says so in its note.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { sleepUnlessCancelled, throwIfCancelled, untilCancelled } from '../src/core/progress.js';
import { isScormTesterError } from '../src/core/errors.js';
import { PACKAGE_ROOT } from '../src/core/version.js';
import { lintApiUsage } from '../src/lint/api-usage/lint-api-usage.js';
import { compilesInV8 } from '../src/lint/api-usage/syntax-check.js';
import { clearSchemaCache, validateManifestAgainstSchemas } from '../src/lint/xsd/validate-xsd.js';
import { parseXmlTree } from '../src/manifest/index.js';
import { writeOutput, type OutputRequest } from '../src/output/write-output.js';
import { queryHistory } from '../src/runtime/data-model/index.js';
import type { DataChange } from '../src/runtime/records.js';
import { extractZip } from '../src/package/zip-extract.js';
import { removeTempPackages, tempPackage } from '../test/fixtures/xsd/temp-package.js';
import { bigScriptsCourse, BIG_SCRIPT_BYTES } from '../test/helpers/big-scripts-course.js';
import { makeFifo } from '../test/helpers/fifo.js';
import { libraryCode } from '../test/helpers/library-code.js';
import { minifiedBundle } from '../test/helpers/minified-bundle.js';
import { ADL_CTS_DIR } from '../test/helpers/paths.js';
import { tempDir } from '../test/helpers/temp.js';
import { buildZip } from '../test/helpers/zip-writer.js';
import { HUNG_CLOSE_ITEMS, hungCloseTimes } from './close-under-load.js';
import { median, timeIt, type BenchRow } from './stats.js';

const MB = 1024 * 1024;

/** A row with its target checked: `within` says whether the measured value meets it. */
function row(
  name: string,
  values: number[],
  target: string,
  within: boolean,
  note = '',
  unit?: string,
): BenchRow {
  const verdict = within ? '' : 'OVER TARGET';
  return {
    name,
    median_ms: median(values),
    runs: values.length,
    target,
    unit,
    note: [verdict, note].filter(Boolean).join('; '),
  };
}

/** Awaits `promise`, which must be refused with a code `expected` accepts: else the case measured something else. */
async function refused(promise: Promise<unknown>, expected: (code: string) => boolean): Promise<void> {
  try {
    await promise;
  } catch (error) {
    const code = isScormTesterError(error) ? error.code : String(error);
    if (expected(code)) return;
    throw new Error(`refused for another reason: ${code}`);
  }
  throw new Error('expected a refusal');
}
const is =
  (...codes: string[]) =>
  (code: string): boolean =>
    codes.includes(code);

async function xsdColdWarm(): Promise<BenchRow[]> {
  const manifest = join(ADL_CTS_DIR, 'packages/LMSTestPackage_CM-01/imsmanifest.xml');
  if (!existsSync(manifest)) return [];
  const manifestText = readFileSync(manifest, 'utf8');
  const packageRoot = tempPackage({ schemas: 'scorm2004-4th' });
  clearSchemaCache();
  const cold = await timeIt(1, () => validateManifestAgainstSchemas({ packageRoot, manifestText }));
  const warm = await timeIt(5, () => validateManifestAgainstSchemas({ packageRoot, manifestText }));
  clearSchemaCache();
  removeTempPackages();
  return [
    row('XSD validation of ADL CM-01, cold (schema set compiled)', cold, '', true),
    row(
      'XSD validation of ADL CM-01, warm (schema set cached)',
      warm,
      '3 x warm < cold',
      median(warm) * 3 < cold[0]!,
      `cold/warm ${(cold[0]! / median(warm)).toFixed(1)}x`,
    ),
  ];
}

/** Heap growth (MB) while V8 checks 16 different 1 MB scripts in a row. */
function syntaxCheckHeapGrowth(): number {
  const sources = Array.from({ length: 16 }, (_, i) => libraryCode(MB, 100 + i));
  const before = process.memoryUsage().heapUsed;
  let growth = 0;
  for (const code of sources) {
    compilesInV8({ code, line: 1, column: 1, module: false, handler: false });
    growth = Math.max(growth, process.memoryUsage().heapUsed - before);
  }
  return growth / MB;
}

/** Heap (MB) still alive after validating a course with 6 x 2 MB scripts, in a child with --expose-gc. */
function retainedAfterValidation(): Promise<{ mb: number; referencesRead: boolean }> {
  const course = bigScriptsCourse(6);
  const child = join(PACKAGE_ROOT, 'dist/test/helpers/validation-retention.js');
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      ['--expose-gc', child, join(PACKAGE_ROOT, 'samples/sample-course'), course],
      { maxBuffer: 64 * MB },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`${error.message}\n${stderr}`));
        const { retainedBytes, rules } = JSON.parse(stdout) as { retainedBytes: number; rules: string[] };
        resolve({
          mb: retainedBytes / MB,
          referencesRead: rules.includes('deps.external_request intro/lib/big-0.js'),
        });
      },
    ),
  );
}

async function zipBomb(): Promise<number[]> {
  const dir = tempDir('bench-zip-bomb-');
  const zeros = Buffer.alloc(50 * MB);
  const zip = join(dir, 'bomb.zip');
  writeFileSync(
    zip,
    buildZip([
      { name: 'imsmanifest.xml', data: '<manifest identifier="m"/>' },
      {
        name: 'bomb.bin',
        method: 8,
        payload: deflateRawSync(zeros, { level: 9 }),
        uncompressedSize: zeros.length,
        crc32: 0,
      },
    ]),
  );
  let n = 0;
  return timeIt(5, () => refused(extractZip(zip, join(dir, `out${++n}`), {}), is('ZIP_COMPRESSION_RATIO')));
}

function billionLaughs(): Promise<number[]> {
  const lol = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE lolz [',
    '  <!ENTITY lol "lol">',
    ...Array.from({ length: 9 }, (_, i) => `  <!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`),
    ']>',
    '<lolz>&lol9;</lolz>',
  ].join('\n');
  return timeIt(5, () =>
    refused((async () => parseXmlTree(lol, 'pkg/imsmanifest.xml'))(), is('SECURITY_VIOLATION')),
  );
}

async function minifiedBundleLint(): Promise<number[]> {
  const dir = tempDir('bench-minified-');
  writeFileSync(join(dir, 'course.min.js'), minifiedBundle(MB, true));
  return timeIt(3, () => lintApiUsage({ packageRoot: dir, scormVersion: '1.2', files: ['course.min.js'] }));
}

async function outputRefusals(): Promise<{ targets: number[]; proc: number[] }> {
  const root = tempDir('bench-output-');
  mkdirSync(join(root, 'dir.html'));
  makeFifo(join(root, 'fifo.html'));
  const html =
    '<!doctype html><html><head><meta name="generator" content="scorm-tester 0.1.0"></head></html>\n';
  const confined = (base: string, path: string): OutputRequest => ({
    path,
    kind: 'html',
    base,
    policy: { confinedTo: [{ dir: base, label: 'bench root' }] },
    param: 'output_path',
  });
  const targets = await timeIt(3, async () => {
    for (const name of ['r.txt', 'dir.html', 'fifo.html'])
      await refused(writeOutput(confined(root, name), html), (code) => code.startsWith('OUTPUT_'));
  });
  const proc = await timeIt(3, async () => {
    await refused(
      writeOutput(
        {
          path: '/proc/self/nope/r.html',
          kind: 'html',
          base: '/',
          policy: { force: false },
          param: '--report',
        },
        html,
      ),
      is('OUTPUT_WRITE_FAILED'),
    );
    await refused(writeOutput(confined('/proc/self/reports', 'r.html'), html), is('OUTPUT_WRITE_FAILED'));
  });
  return { targets, proc };
}

/** From abort to both a pending wait and a 60 s sleep being rejected as cancelled. */
function cancellation(): Promise<number[]> {
  return timeIt(5, async () => {
    const controller = new AbortController();
    throwIfCancelled(controller.signal, 'x');
    const pending = untilCancelled(new Promise<never>(() => undefined), controller.signal, 'The wait');
    const sleeping = sleepUnlessCancelled(60_000, controller.signal, 'The sleep');
    controller.abort();
    await Promise.all([refused(pending, is('CANCELLED')), refused(sleeping, is('CANCELLED'))]);
  });
}

/** The target the close-under-load tests had: far above the close's bound (course limit + grace + context close). */
const HUNG_CLOSE_TARGET_MS = 60_000;

async function hungCloses(): Promise<BenchRow[]> {
  const times = await hungCloseTimes(3);
  return HUNG_CLOSE_ITEMS.map((item) =>
    row(
      `close of a hung SCO (${item}), saved from the record, 2 s course limit`,
      times[item]!,
      `< ${HUNG_CLOSE_TARGET_MS} ms`,
      median(times[item]!) < HUNG_CLOSE_TARGET_MS,
    ),
  );
}

/** `browser`: also the limits measured in Chromium (off with --no-browser). */
export async function benchLimits({ browser }: { browser: boolean }): Promise<BenchRow[]> {
  const rows: BenchRow[] = [...(await xsdColdWarm())];
  syntaxCheckHeapGrowth(); // warm-up: the checker's own code and caches
  const growth = [syntaxCheckHeapGrowth()];
  rows.push(
    row('heap growth: V8 syntax check of 16 x 1 MB scripts', growth, '< 12 MB', growth[0]! < 12, '', 'MB'),
  );
  const retained = await retainedAfterValidation();
  rows.push(
    row(
      `heap retained after validating 6 x ${BIG_SCRIPT_BYTES / MB} MB scripts`,
      [retained.mb],
      `< ${BIG_SCRIPT_BYTES / MB} MB`,
      retained.mb < BIG_SCRIPT_BYTES / MB && retained.referencesRead,
      retained.referencesRead
        ? 'references were read'
        : 'the references were not read: the case measured nothing',
      'MB',
    ),
  );
  const bomb = await zipBomb();
  rows.push(row('50 MB zip bomb refused (ratio limit)', bomb, '< 2000 ms', median(bomb) < 2000));
  const laughs = await billionLaughs();
  rows.push(row('billion laughs DOCTYPE refused', laughs, '< 1000 ms', median(laughs) < 1000));
  const lint = await minifiedBundleLint();
  rows.push(row('API-usage lint of a 1 MB minified bundle', lint, '< 30000 ms', median(lint) < 30_000));
  const output = await outputRefusals();
  rows.push(
    row(
      'output targets refused: wrong extension, folder, FIFO',
      output.targets,
      '< 3000 ms',
      median(output.targets) < 3000,
    ),
  );
  rows.push(
    row(
      'output folder inside /proc refused (CLI and MCP root)',
      output.proc,
      '< 3000 ms',
      median(output.proc) < 3000,
    ),
  );
  const history = await floodedHistoryPage();
  rows.push(
    row(
      'one page of a 1,500 x 64,000-char data-model history (scorm_get_data_model_history)',
      history,
      '< 50 ms',
      median(history) < 50,
    ),
  );
  const cancel = await cancellation();
  rows.push(
    row('cancellation: a wait and a 60 s sleep end after abort', cancel, '< 1000 ms', median(cancel) < 1000),
  );
  if (browser) rows.push(...(await hungCloses()));
  return rows;
}

/**
 * The history of review c43's flooding course (1,500 values of 64,000 characters): a page is built from
 * its cursor within the answer budget, where the whole history was once serialised (about 7 s, with
 * tools/list waiting behind it).
 */
async function floodedHistoryPage(): Promise<number[]> {
  const changes: DataChange[] = Array.from({ length: 1_500 }, (_, i) => ({
    element: 'cmi.suspend_data',
    previousValue: i === 0 ? null : `${i - 1}:${'Q'.repeat(63_990)}`,
    newValue: `${i}:${'Q'.repeat(63_990)}`,
    source: 'api:SetValue',
    timestamp: i,
    scoId: 'sco',
    attempt: 1,
    previousValueTruncated: false,
    newValueTruncated: false,
  }));
  return timeIt(5, () => queryHistory(changes, 's', { cursor: '700' }));
}
