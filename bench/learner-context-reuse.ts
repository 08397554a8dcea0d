/**
 * When the page context read last still says where the learner is, so that a step does not read it again:
 * after a step that only scrolled, on the same page (a scroll moves through a page, not to another); and
 * in Rise, whose lesson is its route (`#/lessons/<id>` in the content frame's address), while the
 * addresses are the same (a CONTINUE or a knowledge check reveals more of the same lesson).
 */
import { pageKey } from './learner-stop-rules.js';

export interface ContextPlace {
  page: string;
  address: string;
  player: string;
}

export function placeOf(pageState: unknown, player: string): ContextPlace {
  const p = (pageState ?? {}) as { sco_url?: unknown; frames?: Array<{ url?: unknown }> };
  return {
    page: pageKey(pageState, null),
    address: JSON.stringify([p.sco_url, (p.frames ?? []).map((f) => f.url)]),
    player,
  };
}

export function contextStillHolds(
  last: ContextPlace | null,
  now: ContextPlace,
  scrolledOnly: boolean,
): boolean {
  if (!last) return false;
  if (scrolledOnly && last.page === now.page) return true;
  return last.player === 'rise' && last.address === now.address;
}

/**
 * Whether the page context of a player that numbers no pages says no more of where the learner is than page
 * state does, so that it need not be read again on that page (lectora-1: its page title is page state's
 * first heading). A Storyline course keeps one document title on every slide and no heading: its page
 * context's slide id and title are all that tell one slide from the next, so it is read again whenever page
 * state shows other controls (storyline-2 counted 1 page over its first five slides).
 */
export function contextSaysNoMore(
  context: { slideTitle: string | null; slideId?: string | null },
  shownTitle: string | null,
): boolean {
  return !context.slideId && (context.slideTitle === null || context.slideTitle === shownTitle);
}
