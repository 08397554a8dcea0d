/**
 * The accessibility audit (scorm_accessibility_audit's engine) on the automation sample course's first
 * slide, WCAG AA: median of repeated audits of one open runtime. Issue 8's target: at most 1.5 s.
 */
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../src/core/version.js';
import { auditAccessibility, AUDIT_DEFAULTS } from '../src/dom/a11y/audit.js';
import { buildRteInit } from '../src/rte/adapter/index.js';
import { openCourseRuntime } from '../src/runtime/open-course-runtime.js';
import { median, timeIt, type BenchRow } from './stats.js';

const SAMPLE = join(PACKAGE_ROOT, 'samples/automation-course');
const RUNS = 9;

export async function benchA11y(): Promise<BenchRow[]> {
  const runtime = await openCourseRuntime({
    packageRoot: SAMPLE,
    launchPath: 'index.html',
    scormVersion: '2004',
    scoId: 'item_water_cycle',
    rte: buildRteInit({ version: '2004', scoId: 'item_water_cycle' }),
    viewport: { width: 1366, height: 768 },
  });
  try {
    await runtime.settle();
    // The first audit also reads axe-core from disk and attaches the DevTools session.
    const first = await timeIt(1, () => auditAccessibility(runtime, AUDIT_DEFAULTS));
    const times = await timeIt(RUNS, () => auditAccessibility(runtime, AUDIT_DEFAULTS));
    return [
      {
        name: 'axe audit, automation sample course, WCAG AA',
        median_ms: median(times),
        runs: RUNS,
        target: '<= 1500 ms',
        note: `first audit ${first[0]!.toFixed(0)} ms`,
      },
    ];
  } finally {
    await runtime.close();
  }
}
