/**
 * The LMS's table of contents as a learner uses it: in a course of several SCOs whose sequencing leaves
 * flow off (the default when a manifest says nothing, as other-2's 18 SCOs), Next is not offered, and a
 * learner picks the next activity not yet attempted from the menu.
 */
import type { LearnerCall } from './learner-step.js';

interface TocEntry {
  id?: string;
  title?: string;
  is_leaf?: boolean;
  current?: boolean;
  can_choose?: boolean;
  attempt_count?: number;
}

/** Chooses the first activity after the current one that was never attempted; null when there is none. */
export async function chooseNextFromToc(
  call: LearnerCall,
  sessionId: string,
): Promise<{ action: string; delivered: boolean } | null> {
  const state = await call('scorm_nav_get_state', { session_id: sessionId });
  const toc = (state.data?.toc ?? []) as TocEntry[];
  const at = toc.findIndex((t) => t.current === true);
  const untried = (t: TocEntry, i: number): boolean =>
    i > at && t.is_leaf === true && t.can_choose === true && (t.attempt_count ?? 0) === 0 && !!t.id;
  const target = toc.find(untried);
  if (!target) return null;
  const chosen = await call('scorm_nav_choice', { session_id: sessionId, targetId: target.id });
  return {
    action: `scorm_nav_choice "${(target.title ?? target.id ?? '').slice(0, 40)}"`,
    delivered: chosen.ok && chosen.data?.outcome === 'delivered',
  };
}
