// Prints what tools/list costs a model, per tool group (bytes/4 of name + description + input schema),
// so users can pick SCORM_TESTER_TOOLSETS knowingly. Needs `npm run build` first.
// Usage: node scripts/tool-list-size.mjs [--tools]   (--tools adds one line per tool, largest first)
import { formatSizeTable, measureToolList, sizesByGroup } from '../dist/bench/tool-list-size.js';

const tools = await measureToolList();
console.log(formatSizeTable(sizesByGroup(tools)));
if (process.argv.includes('--tools')) {
  console.log('');
  for (const t of [...tools].sort((a, b) => b.tokens - a.tokens)) {
    console.log(`${String(Math.round(t.tokens)).padStart(5)}  ${t.group.padEnd(10)} ${t.name}`);
  }
}
