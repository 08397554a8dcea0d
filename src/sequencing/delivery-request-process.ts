/**
 * DB.1.1 Delivery Request Process: only a leaf can be delivered, and nothing on its path from the root
 * may be disabled or past its limits.
 */
import { quoted } from '../core/course-text.js';
import type { SeqActivity } from './activity-tree.js';
import { activityLabel, isLeaf } from './activity-tree.js';
import { checkActivityProcess } from './limit-conditions-check-process.js';
import { deny, type SequencingContext } from './sequencing-context.js';
import { pathFromRoot } from './tree-queries.js';

const PROCESS = 'DB.1.1 Delivery Request Process';

/** Null when valid, else the exception code. */
export function deliveryRequestProcess(ctx: SequencingContext, a: SeqActivity): string | null {
  if (!isLeaf(a))
    return deny(
      ctx,
      PROCESS,
      'DB.1.1-1',
      `${quoted(a.id)} is a cluster: only a leaf activity can be delivered`,
    );
  for (const x of pathFromRoot(a)) {
    const unavailable = checkActivityProcess(ctx, x);
    if (unavailable)
      return deny(
        ctx,
        PROCESS,
        'DB.1.1-3',
        x === a ? unavailable : `${activityLabel(a)} cannot be delivered: ${unavailable}`,
      );
  }
  return null;
}
