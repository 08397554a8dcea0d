/** Preact hooks over the FeedStore. */
import { useEffect, useState } from 'preact/hooks';
import type { FeedStore, Slice } from './store.js';

/**
 * Re-renders the component when one of these slices changes; returns their summed revision (a cheap
 * dependency for useMemo). Notifications are coalesced to one per animation frame (one per 100 ms in a
 * hidden tab, where frames do not run).
 */
export function useSlices(store: FeedStore, ...slices: Slice[]): number {
  const [, setTick] = useState(0);
  const key = slices.join(',');
  useEffect(() => {
    let scheduled = false;
    const render = (): void => {
      scheduled = false;
      setTick((t) => t + 1);
    };
    return store.subscribe((changed) => {
      if (scheduled || !slices.some((s) => changed.has(s))) return;
      scheduled = true;
      if (document.hidden) setTimeout(render, 100);
      else requestAnimationFrame(render);
    });
  }, [store, key]);
  return slices.reduce((sum, s) => sum + store.revision(s), 0);
}
