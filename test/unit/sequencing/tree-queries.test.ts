import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { SeqActivity } from '../../../src/sequencing/activity-tree.js';
import type { SequencingContext } from '../../../src/sequencing/sequencing-context.js';
import { commonAncestor, pathFromRoot, preorderCompare } from '../../../src/sequencing/tree-queries.js';
import { cluster, leaf, scorm2004, session } from './small-trees.js';

/** An uneven tree: leaves at depths 1 to 4, so the climbs start from different depths. */
const s = session(
  scorm2004([
    leaf('A'),
    cluster('M', [cluster('N', [leaf('B'), cluster('P', [leaf('C'), leaf('D')])]), leaf('E')]),
    cluster('Q', [leaf('F')]),
  ]),
);
const tree = s.tree;
const ctx = {
  tree,
  state: {
    activities: Object.fromEntries(
      tree.activities.map((a) => [a.id, { availableChildren: a.children.map((c) => c.id) }]),
    ),
  },
} as unknown as SequencingContext;

function pathCommonAncestor(a: SeqActivity, b: SeqActivity): SeqActivity {
  const pa = pathFromRoot(a);
  const pb = pathFromRoot(b);
  let i = 0;
  while (i < pa.length && i < pb.length && pa[i] === pb[i]) i++;
  return pa[i - 1] as SeqActivity;
}

test('commonAncestor is the deepest activity on both paths from the root, for every pair', () => {
  for (const a of tree.activities)
    for (const b of tree.activities)
      assert.equal(commonAncestor(a, b).id, pathCommonAncestor(a, b).id, `${a.id} ${b.id}`);
});

test('preorderCompare orders every pair as the document preorder does (ancestors first)', () => {
  const order = tree.activities;
  for (const [i, a] of order.entries())
    for (const [j, b] of order.entries())
      assert.equal(Math.sign(preorderCompare(ctx, a, b)), Math.sign(i - j), `${a.id} ${b.id}`);
});
