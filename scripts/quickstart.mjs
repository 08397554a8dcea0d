// `npm run quickstart` (after scripts/setup.sh): validate and run the bundled demo course (with an
// accessibility audit), save a screenshot, and print MCP client configuration.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist/bundle/cli-main.js');
const sample = join(root, 'samples/automation-course');

function step(title, args) {
  console.log(`\n=== ${title}\n$ scorm-tester ${args.join(' ')}\n`);
  const r = spawnSync(process.execPath, [cli, ...args], { stdio: 'inherit' });
  return r.status ?? 1;
}

const screenshot = join(root, 'sample-course.png');
let failed = false;
if (step('Validate the bundled demo course', ['validate', sample]) !== 0) failed = true;
if (
  step('Run it in headless Chromium inside the LMS-like player', [
    'run',
    sample,
    '--a11y',
    '--screenshot',
    screenshot,
    // Our own file: a screenshot left by an earlier version carries no scorm-tester stamp yet.
    '--force',
  ]) !== 0
)
  failed = true;
else console.log(`\nScreenshot saved: ${screenshot}`);

const server = join(root, 'dist/bundle/mcp-main.js');
const entry = { command: 'node', args: [server] };
console.log(`\n=== Next: complete the course through MCP as the README's agent walkthrough shows (scorm_open_course,
scorm_dom_find_interactive_elements, scorm_dom_click, scorm_dom_fill, ...)`);
console.log(`\n=== MCP client configuration

Claude Code:
  claude mcp add scorm-tester -- node ${server}

Cursor (~/.cursor/mcp.json or .cursor/mcp.json):
${JSON.stringify({ mcpServers: { 'scorm-tester': entry } }, null, 2)}

VS Code (.vscode/mcp.json):
${JSON.stringify({ servers: { 'scorm-tester': { type: 'stdio', ...entry } } }, null, 2)}
`);
process.exit(failed ? 1 : 0);
