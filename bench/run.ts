/** `npm run bench`: medians (and ratios against the raw baselines the issues name), in one run. */
import { benchValidation } from './validation.js';
import { printRows } from './stats.js';

console.log(`scorm-tester benchmarks — node ${process.version}, ${new Date().toISOString()}`);
printRows('Validation (issue: foundation)', await benchValidation());
