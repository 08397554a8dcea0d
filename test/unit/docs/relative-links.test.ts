/**
 * Every relative link in the README, CONTRIBUTING.md, SECURITY.md and docs/ points at a file of the
 * repository, and a link to a heading (#anchor) at a heading that exists, so moving text between pages
 * cannot leave a dead link behind.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { REPO_ROOT } from '../../helpers/paths.js';
import { headingAnchors, markdownLinks } from '../../helpers/markdown-links.js';

function documentationFiles(): string[] {
  const docs = readdirSync(resolve(REPO_ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => resolve(REPO_ROOT, 'docs', name));
  return [...['README.md', 'CONTRIBUTING.md', 'SECURITY.md'].map((f) => resolve(REPO_ROOT, f)), ...docs];
}

function brokenLinks(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const where = (line: number) => `${relative(REPO_ROOT, file)}:${line}`;
  const broken: string[] = [];
  for (const { line, target } of markdownLinks(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: …: not a file of ours
    const [path, hash] = target.split('#', 2) as [string, string | undefined];
    const linked = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
    if (!linked.startsWith(REPO_ROOT)) broken.push(`${where(line)}: ${target} leaves the repository`);
    else if (!existsSync(linked)) broken.push(`${where(line)}: ${target}: no such file`);
    else if (hash && linked.endsWith('.md') && !headingAnchors(readFileSync(linked, 'utf8')).has(hash)) {
      broken.push(`${where(line)}: ${target}: no heading with that anchor`);
    }
  }
  return broken;
}

test('every relative link in the documentation resolves, anchors included', () => {
  const files = documentationFiles();
  for (const f of files) assert.ok(existsSync(f), `${relative(REPO_ROOT, f)} exists`);
  const broken = files.flatMap(brokenLinks);
  assert.deepEqual(broken, [], `dead links:\n${broken.join('\n')}`);
});

test('the link check sees links, images and anchors, and not links shown as code', () => {
  const text = [
    '# Top `code` heading',
    'See [rules](docs/rules.md#api-usage) and ![shot](docs/images/a.png "title").',
    '`[not a link](nowhere.md)`',
    '```',
    '[also not](nowhere.md)',
    '```',
    '## Top code heading',
  ].join('\n');
  assert.deepEqual(
    markdownLinks(text).map((l) => [l.line, l.target]),
    [
      [2, 'docs/rules.md#api-usage'],
      [2, 'docs/images/a.png'],
    ],
  );
  assert.deepEqual([...headingAnchors(text)], ['top-code-heading', 'top-code-heading-1']);
});
