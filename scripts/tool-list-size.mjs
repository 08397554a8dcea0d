// Prints what tools/list costs a model, per tool group (bytes/4 of name + description + input schema),
// so users can pick SCORM_TESTER_TOOLSETS knowingly. Needs `npm run build` first.
// It also prints the bytes of the whole listing and of its output schemas (which the token table leaves out).
// Usage: node scripts/tool-list-size.mjs [--tools]   (--tools adds one line per tool, largest first)
import { formatSizeTable, listBytes, measureToolList, sizesByGroup } from '../dist/bench/tool-list-size.js';

const tools = await measureToolList();
console.log(formatSizeTable(sizesByGroup(tools)));
const bytes = listBytes(tools);
console.log(
  `\ntools/list: ${bytes.total_bytes} bytes, of which output schemas ${bytes.output_schema_bytes} bytes`,
);
if (process.argv.includes('--tools')) {
  console.log('');
  for (const t of [...tools].sort((a, b) => b.tokens - a.tokens)) {
    console.log(`${String(Math.round(t.tokens)).padStart(5)}  ${t.group.padEnd(10)} ${t.name}`);
  }
}
