import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { realPathInside } from '../../src/core/real-path-inside.js';

test('realPathInside: files inside the root, never a path or link that leaves it', async () => {
  const base = await mkdtemp(join(tmpdir(), 'inside-'));
  try {
    const root = join(base, 'package');
    await mkdir(join(root, 'js'), { recursive: true });
    await writeFile(join(root, 'js', 'a.js'), 'a');
    await writeFile(join(base, 'secret.txt'), 'secret');
    await symlink(join(base, 'secret.txt'), join(root, 'js', 'out.js'));
    await symlink(join(root, 'js', 'a.js'), join(root, 'alias.js'));

    assert.equal(await realPathInside(root, 'js/a.js'), await realpath(join(root, 'js', 'a.js')));
    assert.equal(await realPathInside(root, 'alias.js'), await realpath(join(root, 'js', 'a.js')));
    assert.equal(
      await realPathInside(root, join(root, 'js', 'a.js')),
      await realpath(join(root, 'js', 'a.js')),
    );
    assert.equal(await realPathInside(root, '../secret.txt'), null, 'a written path that climbs out');
    assert.equal(await realPathInside(root, 'js/out.js'), null, 'a link that leads out');
    assert.equal(await realPathInside(root, 'missing.js'), null);
    assert.equal(await realPathInside(root, '.'), null, 'the root itself is not a file inside it');
  } finally {
    await rm(base, { recursive: true, force: true });
  }
});
