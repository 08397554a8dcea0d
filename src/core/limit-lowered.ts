/**
 * What a paged answer says when it holds fewer items than the `limit` asked for because the whole
 * answer would pass the size budget: a limit is never lowered silently. Nothing to say when the caller
 * passed no limit, or the page holds all it asked for or all there was.
 */
export function limitLoweredNote(page: {
  asked: number | undefined;
  given: number;
  available: number;
  items: string;
  budgetBytes: number;
  /** How the caller gets the rest, in the tool's own terms (default: its next_cursor). */
  rest?: string;
}): string | undefined {
  const { asked, given, available, items, budgetBytes, rest = 'next_cursor gives the rest' } = page;
  if (asked === undefined || given >= Math.min(asked, available)) return undefined;
  return `limit ${asked} was lowered to ${given} ${items} on this page to keep the answer under its size budget (${budgetBytes.toLocaleString('en-US')} bytes of JSON); ${rest}.`;
}
