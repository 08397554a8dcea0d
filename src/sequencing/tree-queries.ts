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

export function commonAncestor(a: SeqActivity, b: SeqActivity): SeqActivity {
  const ancestors = new Set(pathToRoot(a));
  for (let x: SeqActivity | null = b; x; x = x.parent) if (ancestors.has(x)) return x;
  return pathFromRoot(a)[0] as SeqActivity;
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
  const pa = pathFromRoot(a);
  const pb = pathFromRoot(b);
  let i = 0;
  while (i < pa.length && i < pb.length && pa[i] === pb[i]) i++;
  if (i === pa.length) return -1; // a is an ancestor of b
  if (i === pb.length) return 1;
  const parent = pa[i - 1] as SeqActivity;
  const kids = availableChildren(ctx, parent);
  const ia = kids.indexOf(pa[i] as SeqActivity);
  const ib = kids.indexOf(pb[i] as SeqActivity);
  return (ia < 0 ? (pa[i] as SeqActivity).order : ia) - (ib < 0 ? (pb[i] as SeqActivity).order : ib);
}
