/** Paths, ancestors and orders in the activity tree, as the SN pseudo-code uses them. */
import type { SeqActivity } from './activity-tree.js';
import { availableChildren, type SequencingContext } from './sequencing-context.js';

/** From `a` up to the root, inclusive. */
export function pathToRoot(a: SeqActivity): SeqActivity[] {
  const out: SeqActivity[] = [];
  for (let x: SeqActivity | null = a; x; x = x.parent) out.push(x);
  return out;
}

/** From the root down to `a`, inclusive. */
export function pathFromRoot(a: SeqActivity): SeqActivity[] {
  return pathToRoot(a).reverse();
}

/** Climbs from `a` to its ancestor at `depth` (or its root when the tree is shallower). */
function ancestorAt(a: SeqActivity, depth: number): SeqActivity {
  let x = a;
  while (x.depth > depth && x.parent) x = x.parent;
  return x;
}

/** Without allocating: the TOC asks this for every activity of the tree in one snapshot. */
export function commonAncestor(a: SeqActivity, b: SeqActivity): SeqActivity {
  let x = ancestorAt(a, b.depth);
  let y = ancestorAt(b, a.depth);
  while (x !== y && x.parent && y.parent) {
    x = x.parent;
    y = y.parent;
  }
  return x === y ? x : ancestorAt(a, 0);
}

/** True when `a` is `ancestor` or lies below it. */
export function isDescendantOrSelf(a: SeqActivity, ancestor: SeqActivity): boolean {
  for (let x: SeqActivity | null = a; x; x = x.parent) if (x === ancestor) return true;
  return false;
}

/** From `from` up to (and excluding) `stop`; `stop` must be an ancestor of `from`. */
export function pathUpTo(from: SeqActivity, stop: SeqActivity, includeStop: boolean): SeqActivity[] {
  const out: SeqActivity[] = [];
  for (let x: SeqActivity | null = from; x && x !== stop; x = x.parent) out.push(x);
  if (includeStop) out.push(stop);
  return out;
}

/** True when `a` is in its parent's available children (the root always is). */
export function isAvailable(ctx: SequencingContext, a: SeqActivity): boolean {
  if (!a.parent) return true;
  return availableChildren(ctx, a.parent).includes(a);
}

/** Last activity of a forward preorder traversal over the available children. */
export function lastInPreorder(ctx: SequencingContext): SeqActivity {
  let a = ctx.tree.root;
  for (;;) {
    const kids = availableChildren(ctx, a);
    const last = kids[kids.length - 1];
    if (!last) return a;
    a = last;
  }
}

/** Compare positions in a preorder walk of the available tree: negative when `a` comes first. */
export function preorderCompare(ctx: SequencingContext, a: SeqActivity, b: SeqActivity): number {
  if (a === b) return 0;
  let x = ancestorAt(a, b.depth);
  if (x === b) return 1; // b is an ancestor of a
  let y = ancestorAt(b, a.depth);
  if (y === a) return -1; // a is an ancestor of b
  // x and y are now at the same depth: climb to the two children of the common ancestor.
  while (x.parent !== y.parent && x.parent && y.parent) {
    x = x.parent;
    y = y.parent;
  }
  const kids = availableChildren(ctx, x.parent as SeqActivity);
  const ia = kids.indexOf(x);
  const ib = kids.indexOf(y);
  return (ia < 0 ? x.order : ia) - (ib < 0 ? y.order : ib);
}
