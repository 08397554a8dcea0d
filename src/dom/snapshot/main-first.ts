/**
 * The order controls are listed in: the page's main content first, then what sits beside it (a course
 * outline, a site header), each in document order. An agent reading a page of 35 controls then meets the
 * current question and its Submit before the outline's 30 lesson links.
 */
import type { ScanCandidate } from './page/types.js';

export function mainFirst(candidates: ScanCandidate[]): ScanCandidate[] {
  return [...candidates.filter((c) => !c.outsideMain), ...candidates.filter((c) => c.outsideMain)];
}
