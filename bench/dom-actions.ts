/**
 * A learner click with its report (the API calls and data-model changes it caused) through our action
 * function, against a raw playwright-core `frame.click` followed by one `frame.evaluate`, on the same
 * page in the same run, alternating so both see the same machine load.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clickElement } from '../src/dom/actions/click.js';
import { buildRteInit } from '../src/rte/adapter/index.js';
import { openCourseRuntime } from '../src/runtime/open-course-runtime.js';
import { tempDir } from '../test/helpers/temp.js';
import { median, type BenchRow } from './stats.js';

const RUNS = 41;
const WARMUP = 5;

function clickCourse(): string {
  const dir = tempDir('scorm-tester-bench-click-');
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><title>click</title><body>
<button id="save">Save</button>
<script>
var w = window, hops = 0;
while (w && !w.API_1484_11 && w.parent && w.parent !== w && hops++ < 10) w = w.parent;
var api = w.API_1484_11, n = 0;
api.Initialize('');
document.getElementById('save').onclick = function () {
  n++;
  api.SetValue('cmi.location', 'p' + n);
  api.Commit('');
};
</script></body>`,
  );
  return dir;
}

export async function benchDomActions(): Promise<BenchRow[]> {
  const runtime = await openCourseRuntime({
    packageRoot: clickCourse(),
    launchPath: 'index.html',
    scormVersion: '2004',
    scoId: 'item',
    rte: buildRteInit({ version: '2004', scoId: 'item' }),
    viewport: { width: 1366, height: 768 },
  });
  const raw: number[] = [];
  const ours: number[] = [];
  try {
    const frame = await runtime.scoFrame();
    let reported = 0;
    const rawClick = async (): Promise<number> => {
      const t = performance.now();
      await frame.click('#save');
      await frame.evaluate(() => document.title);
      return performance.now() - t;
    };
    const ourClick = async (): Promise<number> => {
      const t = performance.now();
      const res = await clickElement(runtime, { selector: '#save' });
      reported = res.changes.api_calls.length + res.changes.data_model_changes.length;
      return performance.now() - t;
    };
    for (let i = 0; i < WARMUP + RUNS; i++) {
      // Alternating which goes first, so neither always runs right after the other's page work.
      let rawMs: number;
      let oursMs: number;
      if (i % 2 === 0) {
        rawMs = await rawClick();
        oursMs = await ourClick();
      } else {
        oursMs = await ourClick();
        rawMs = await rawClick();
      }
      if (i >= WARMUP) {
        raw.push(rawMs);
        ours.push(oursMs);
      }
    }
    if (reported !== 3) throw new Error(`the click reported ${reported} calls and changes, expected 3`);
  } finally {
    await runtime.close();
  }
  return [
    { name: 'click (raw frame.click + evaluate)', median_ms: median(raw), runs: raw.length },
    {
      name: 'click with API calls + data-model changes (scorm-tester)',
      median_ms: median(ours),
      runs: ours.length,
      target: '<= 1.3x',
      ratio: median(ours) / median(raw),
    },
  ];
}
