/**
 * An id that is nothing but a navigation word ("prev", "btn-next", "nextButton"): a player's own name for
 * its arrow, which decides over the arrow's label (a translated player may label both arrows "siguiente").
 * An id full of other words decides nothing. Used in the page (navigation controls) and in Node (purposes).
 */
const NAV_ID: ReadonlyArray<['next' | 'previous', RegExp]> = [
  ['next', /^(btn[-_]?)?next([-_]?(btn|button))?$/i],
  ['previous', /^(btn[-_]?)?prev(ious)?([-_]?(btn|button))?$/i],
];

export function navIdKind(id: string): 'next' | 'previous' | null {
  for (const [kind, pattern] of NAV_ID) if (pattern.test(id)) return kind;
  return null;
}
