/**
 * Where an objective's status and measure can come from: the content of a SCO leaf, rollup from the
 * children (primary objective of a cluster only), or a global objective it reads. Used to tell rules
 * and rollup settings that can never see a value.
 */
import type { Activity } from './activity-tree.js';
import { isAssetLeaf, isLeaf } from './activity-tree.js';
import type { EffectiveObjective } from '../../sequencing/effective-definition.js';

export class TrackingSources {
  private readonly measureMemo = new Map<Activity, boolean>();

  /** False when nothing can ever give this objective a normalized measure. */
  canHaveMeasure(a: Activity, o: EffectiveObjective): boolean {
    if (o.mapInfo.some((m) => m.readNormalizedMeasure)) return true;
    if (!a.seq.tracked) return false;
    if (isLeaf(a)) return !isAssetLeaf(a);
    if (!o.primary) return false;
    return a.children.some((c) => this.contributesMeasure(c));
  }

  /** False when nothing can ever give this objective a satisfied/not satisfied status. */
  canHaveStatus(a: Activity, o: EffectiveObjective): boolean {
    if (o.mapInfo.some((m) => m.readSatisfiedStatus)) return true;
    if (!a.seq.tracked) return false;
    // Primary objectives get a status from content, from the end-of-attempt default for assets, or rollup.
    if (o.primary) return true;
    return isLeaf(a) && !isAssetLeaf(a);
  }

  /** Whether the child's measure takes part in its parent's measure rollup. */
  contributesMeasure(c: Activity): boolean {
    let known = this.measureMemo.get(c);
    if (known === undefined) {
      const primary = c.seq.objectives[0];
      known =
        c.seq.tracked && c.seq.objectiveMeasureWeight > 0 && !!primary && this.canHaveMeasure(c, primary);
      this.measureMemo.set(c, known);
    }
    return known;
  }
}
