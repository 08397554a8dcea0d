/**
 * scorm_dom_find_interactive_elements on a generated page of 2,000 controls (buttons, links, radio and
 * checkbox questions in fieldsets, text fields, in forms): the tool's whole work (snapshot, in-page pass,
 * matching, grouping), in-process on a real runtime. Target: median at most 300 ms.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildRteInit } from '../src/rte/adapter/index.js';
import { openCourseRuntime } from '../src/runtime/course-runtime.js';
import { buildInteractiveElements } from '../src/dom/snapshot/interactive.js';
import { readPage } from '../src/dom/snapshot/read-page.js';
import { median, timeIt, type BenchRow } from './stats.js';
import { tempDir } from '../test/helpers/temp.js';

const RUNS = 11;
const CONTROLS = 2_000;

/** 2,000 controls: per block of 10, four radios of a question, two checkboxes, a text field, two buttons, a link. */
function generatedCourse(): string {
  const dir = tempDir('scorm-tester-bench-dom-');
  const blocks: string[] = [];
  for (let b = 0; b < CONTROLS / 10; b++) {
    const radios = [0, 1, 2, 3]
      .map(
        (i) => `<label><input type="radio" name="q${b}" value="${i}"> Option ${i} of question ${b}</label>`,
      )
      .join('');
    blocks.push(
      `<form id="form${b}"><fieldset><legend>Question ${b}: pick one</legend>${radios}</fieldset>` +
        `<label><input type="checkbox" name="c${b}a"> Agree ${b}</label><label><input type="checkbox" name="c${b}b"> Confirm ${b}</label>` +
        `<label>Comment ${b} <input type="text" name="t${b}"></label>` +
        `<button type="submit">Submit ${b}</button><button type="button" class="icon-next">Next ${b}</button>` +
        `<a href="#s${b}">Section ${b}</a></form>`,
    );
  }
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><title>2000 controls</title></head><body>${blocks.join('\n')}</body></html>`,
  );
  return dir;
}

export async function benchDomRead(): Promise<BenchRow[]> {
  const runtime = await openCourseRuntime({
    packageRoot: generatedCourse(),
    launchPath: 'index.html',
    scormVersion: '2004',
    scoId: 'item_1',
    rte: buildRteInit({ version: '2004', scoId: 'item_1' }),
    viewport: { width: 1366, height: 768 },
    recordCalls: true,
    warmSpare: false,
  });
  try {
    let found = 0;
    const find = async (): Promise<void> => {
      const read = await readPage(runtime);
      found = buildInteractiveElements(read, { includeHidden: false, maxElements: 5_000 }).counts
        .interactive_elements as number;
    };
    await find(); // warm-up: Playwright injects its script into the frame on first use
    const times = await timeIt(RUNS, find);
    const ms = median(times);
    return [
      {
        name: `scorm_dom_find_interactive_elements, ${CONTROLS}-control page`,
        median_ms: ms,
        runs: RUNS,
        target: '<= 300 ms',
        note: `${found} controls found; ${ms <= 300 ? 'OK' : 'OVER TARGET'}`,
      },
    ];
  } finally {
    await runtime.close();
  }
}
