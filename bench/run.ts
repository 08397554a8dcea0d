/** `npm run bench`: medians (and ratios against the raw baselines the issues name), in one run. */
import { benchRuntime } from './runtime.js';
import { benchSequencing } from './sequencing.js';
import { benchConformance } from './conformance.js';
import { benchValidation } from './validation.js';
import { benchExport } from './export.js';
import { benchLogs } from './logs.js';
import { benchNavigation } from './navigation.js';
import { benchDomActions } from './dom-actions.js';
import { benchDomRead } from './dom-read.js';
import { printRows } from './stats.js';
import { benchA11y } from './a11y.js';

console.log(`scorm-tester benchmarks — node ${process.version}, ${new Date().toISOString()}`);
printRows('Validation (issue: foundation)', await benchValidation());
printRows('Validation of an authoring-tool export (issue 9)', await benchExport());
printRows('Sequencing engine (issue 7)', await benchSequencing());
printRows('Logs (issue 6)', await benchLogs());
if (process.argv.includes('--no-browser')) {
  console.log('\n(runtime benchmarks skipped: --no-browser)');
} else {
  // Before the runtime benchmarks: they shut the shared browser and content server down at the end.
  printRows('Navigation in the player (issue 7)', await benchNavigation());
  printRows('Conformance harness (issue 7)', await benchConformance());
  printRows('DOM actions (issue 8)', await benchDomActions());
  printRows('DOM read (issue 8)', await benchDomRead());
  printRows('Accessibility audit (issue 8)', await benchA11y());
  printRows('Inspector web UI (issue 10)', await (await import('./inspector.js')).benchInspector());
  printRows('Runtime against raw playwright-core (issue: runtime)', await benchRuntime());
}
