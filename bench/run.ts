/**
 * `npm run bench`: medians (and ratios against the raw baselines the issues name), in one run.
 * `--only <key>[,<key>…]` runs only the named sections (keys: validation, export, validate-exports, sequencing,
 * logs, limits, navigation, conformance, dom-actions, dom-read, a11y, inspector, journey, learner, screenshots, batch, batch-remote, runtime);
 * `--no-browser` skips the sections that start Chromium. bench/journey.ts lists the journey's own options (`--exports`, `--before`, …).
 */
import { sharedBrowserPool } from '../src/runtime/browser-pool.js';
import { benchRuntime } from './runtime.js';
import { benchSequencing } from './sequencing.js';
import { benchConformance } from './conformance.js';
import { benchValidation } from './validation.js';
import { benchExport } from './export.js';
import { benchValidateExports } from './validate-exports.js';
import { benchLogs } from './logs.js';
import { benchNavigation } from './navigation.js';
import { benchDomActions } from './dom-actions.js';
import { benchDomRead } from './dom-read.js';
import { printRows, type BenchRow } from './stats.js';
import { benchA11y } from './a11y.js';
import { benchLimits } from './limits.js';

const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? new Set((process.argv[onlyAt + 1] ?? '').split(',')) : null;
const selected = (key: string): boolean => only === null || only.has(key);
async function section(key: string, title: string, bench: () => Promise<BenchRow[]>): Promise<void> {
  if (selected(key)) printRows(title, await bench());
}

console.log(`scorm-tester benchmarks — node ${process.version}, ${new Date().toISOString()}`);
await section('validation', 'Validation (issue: foundation)', benchValidation);
await section('export', 'Validation of an authoring-tool export (issue 9)', benchExport);
if (only?.has('validate-exports')) {
  // Only on request: it needs a folder of real exports (`--exports <dir>`, see bench/validate-exports.ts).
  await section('validate-exports', 'CLI validate on real exports (issue 24)', benchValidateExports);
}
await section('sequencing', 'Sequencing engine (issue 7)', benchSequencing);
await section('logs', 'Logs (issue 6)', benchLogs);
const browser = !process.argv.includes('--no-browser');
await section('limits', 'Limits the tests used to assert (issue 21)', () => benchLimits({ browser }));
if (!browser) {
  console.log('\n(runtime benchmarks skipped: --no-browser)');
} else {
  // Before the runtime benchmarks: they shut the shared browser and content server down at the end.
  await section('navigation', 'Navigation in the player (issue 7)', benchNavigation);
  await section('conformance', 'Conformance harness (issue 7)', benchConformance);
  await section('dom-actions', 'DOM actions (issue 8)', benchDomActions);
  await section('dom-read', 'DOM read (issue 8)', benchDomRead);
  await section('a11y', 'Accessibility audit (issue 8)', benchA11y);
  await section('inspector', 'Inspector web UI (issue 10)', async () =>
    (await import('./inspector.js')).benchInspector(),
  );
  await section('journey', 'Tokens an agent-like journey returns (issue 22)', async () =>
    (await import('./journey.js')).benchJourney(),
  );
  await section('learner', 'How far a learner gets with our tools alone (issue 23)', async () =>
    (await import('./learner-journey.js')).benchLearnerJourney(),
  );
  await section('screenshots', 'Image bytes of screenshots (issues 22, 23)', async () =>
    (await import('./screenshots.js')).benchScreenshots(),
  );
  await section('batch', 'Catalogue runs: scorm-tester batch (issue 25)', async () =>
    (await import('./batch.js')).benchBatch(),
  );
  await section(
    'batch-remote',
    'Remote browser overhead: batch --browser-ws on loopback (issue 25)',
    async () => (await import('./batch-remote.js')).benchBatchRemote(),
  );
  await section('runtime', 'Runtime against raw playwright-core (issue: runtime)', benchRuntime);
}

// The browser sections before `runtime` leave the shared browser and content server running; without
// `runtime` (e.g. `--only dom-read`) nothing else ends them, and the process would never exit.
await sharedBrowserPool().shutdown();
process.exit(process.exitCode ?? 0);
