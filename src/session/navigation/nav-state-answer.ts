/**
 * scorm_nav_get_state sized for an agent that polls it: the table of contents can be left out, paged
 * (a large course's TOC does not fit one answer), or only its entries that changed since the previous
 * answer given, with the other fields likewise only when they changed.
 */
import { limitLoweredNote } from '../../core/limit-lowered.js';
import { shrinkToBudget } from '../../output/answer-budget.js';
import type { NavStateView, TocEntryView } from './types.js';

/** JSON bytes of one answer; sent twice (text and structured content), it stays under 8,000 tokens. */
export const NAV_STATE_BUDGET_BYTES = 12_000;

export interface NavStateRequest {
  includeToc: boolean;
  /** From a previous answer's toc_next_cursor: the next TOC entries. */
  cursor?: string;
  /** TOC entries per answer; absent: as many as the budget holds. */
  limit?: number;
  /** The state the previous answer was made from, when only changes are asked for. */
  since?: NavStateView | null;
}

export type NavStateAnswer = Omit<NavStateView, 'toc'> & {
  toc?: TocEntryView[];
  toc_total?: number;
  toc_next_cursor?: string;
  changes_since_last_call?: boolean;
  unchanged?: string[];
  notes?: string[];
};

/** With changes_only, the fields that did not change are left out. */
export type NavStateReply = Partial<NavStateAnswer> & Pick<NavStateView, 'sn_available' | 'applicable'>;

export function answerNavState(
  view: NavStateView,
  request: NavStateRequest,
  budgetBytes = NAV_STATE_BUDGET_BYTES,
): NavStateReply {
  const { toc, ...rest } = view;
  if (request.since) return changesOnly(view, request.since, request.includeToc);
  if (!request.includeToc) return { ...rest, toc_total: toc.length };
  const start = Math.min(request.cursor === undefined ? 0 : Number(request.cursor), toc.length);
  const { answer, size } = shrinkToBudget(
    (n) => withTocPage(rest, toc, start, n),
    Math.min(request.limit ?? toc.length, toc.length - start),
    budgetBytes,
  );
  const lowered = limitLoweredNote({
    asked: request.limit,
    given: size,
    available: toc.length - start,
    items: 'TOC entries',
    budgetBytes,
    rest: 'toc_next_cursor gives the rest',
  });
  if (lowered) answer.notes = [...(answer.notes ?? []), lowered];
  return answer;
}

function withTocPage(
  rest: Omit<NavStateView, 'toc'>,
  toc: TocEntryView[],
  start: number,
  size: number,
): NavStateAnswer {
  const end = start + size;
  const answer: NavStateAnswer = { ...rest, toc: toc.slice(start, end), toc_total: toc.length };
  if (end < toc.length) {
    answer.toc_next_cursor = String(end);
    answer.notes = [
      `TOC entries ${start + 1}-${end} of ${toc.length} are listed here; call again with cursor "${end}" for the next ones, or include_toc: false to leave the TOC out.`,
    ];
  }
  return answer;
}

/** Fields equal to the previous answer's are named in `unchanged`; TOC entries are given when they differ. */
function changesOnly(view: NavStateView, since: NavStateView, includeToc: boolean): NavStateReply {
  const answer: NavStateReply = {
    sn_available: true,
    applicable: true,
    changes_since_last_call: true,
  };
  const unchanged: string[] = [];
  const out = answer as Record<string, unknown>;
  for (const [field, value] of Object.entries(view)) {
    if (field === 'sn_available' || field === 'applicable' || field === 'toc') continue;
    if (same(value, (since as unknown as Record<string, unknown>)[field])) unchanged.push(field);
    else out[field] = value;
  }
  if (includeToc) {
    const before = new Map(since.toc.map((e) => [e.id, e]));
    const changed = view.toc.filter((e) => !same(e, before.get(e.id)));
    if (changed.length > 0) answer.toc = changed;
    if (changed.length < view.toc.length)
      unchanged.push(changed.length === 0 ? 'toc' : 'toc (other entries)');
    answer.toc_total = view.toc.length;
  }
  answer.unchanged = unchanged;
  return answer;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
