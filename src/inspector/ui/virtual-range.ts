/** Which rows of a fixed-height list are in view (plus a margin), for the virtualised lists. No DOM here. */
export interface RowRange {
  first: number;
  /** Exclusive. */
  end: number;
}

export function visibleRows(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  count: number,
  overscan = 8,
): RowRange {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const end = Math.min(count, Math.ceil((scrollTop + viewportHeight) / rowHeight) + overscan);
  return { first, end: Math.max(first, end) };
}
