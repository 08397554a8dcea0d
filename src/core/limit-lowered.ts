/**
 * What a paged answer says when it holds fewer items than the `limit` asked for because the whole
 * answer would pass the size budget: a limit is never lowered silently.
 */
export function limitLoweredNote(asked: number, given: number, items: string, budgetBytes: number): string {
  return `limit ${asked} was lowered to ${given} ${items} on this page to keep the answer under its size budget (${budgetBytes.toLocaleString('en-US')} bytes of JSON); next_cursor gives the rest.`;
}
