/**
 * The CLI synopsis in README.md and docs/cli.md names the same commands and, per command, the same flags
 * as `scorm-tester --help`, so the front door cannot drift from the command it documents.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cli } from '../helpers/cli.js';
import { REPO_ROOT } from '../helpers/paths.js';

/** Command -> its flags, from lines that start a command (`scorm-tester run …`) and their continuations. */
function flagsByCommand(lines: readonly string[]): Map<string, Set<string>> {
  const byCommand = new Map<string, Set<string>>();
  let current: Set<string> | null = null;
  for (const line of lines) {
    const start = /^\s*scorm-tester ([a-z][a-z-]*)\b(.*)$/.exec(line);
    if (/^\s*scorm-tester -/.test(line)) {
      current = null; // --version | --help: no command
      continue;
    }
    if (start) {
      current = new Set();
      byCommand.set(start[1]!, current);
    } else if (!/^\s/.test(line) || line.trim() === '') {
      current = null;
    }
    for (const flag of (start ? start[2]! : line).match(/--[a-z0-9][a-z0-9-]*/g) ?? []) current?.add(flag);
  }
  return byCommand;
}

/** The fenced block of a Markdown file that holds the synopsis. */
function synopsisBlock(file: string): string[] {
  const text = readFileSync(resolve(REPO_ROOT, file), 'utf8');
  const block = /^```\n(scorm-tester validate[\s\S]*?)^```$/m.exec(text);
  assert.ok(block, `${file} has a fenced synopsis starting with "scorm-tester validate"`);
  return block[1]!.split('\n');
}

const asObject = (m: Map<string, Set<string>>) =>
  Object.fromEntries([...m].map(([command, flags]) => [command, [...flags].sort()]));

test('the synopsis in README.md and docs/cli.md has the commands and flags of scorm-tester --help', async () => {
  const help = await cli('--help');
  assert.equal(help.status, 0, help.stderr);
  const usage = help.stdout.slice(
    help.stdout.indexOf('Usage:'),
    help.stdout.indexOf('\n\n', help.stdout.indexOf('Usage:')),
  );
  const expected = asObject(flagsByCommand(usage.split('\n')));
  assert.deepEqual(Object.keys(expected).sort(), [
    'batch',
    'conformance',
    'inspect',
    'mcp',
    'merge-reports',
    'run',
    'validate',
  ]);
  for (const file of ['README.md', 'docs/cli.md']) {
    assert.deepEqual(asObject(flagsByCommand(synopsisBlock(file))), expected, `${file} synopsis`);
  }
});
