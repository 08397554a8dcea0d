/**
 * An accordion's sections, opened in one step (pure choice; the step clicks): a learner reads a page's
 * folded sections one after the other, and a component that counts them complete only once each was
 * opened (Adapt's accordion) needs them all. Measured on adapt-2: one section per step cost five steps of
 * page state, context and two element-list pages each; the clicks' own answers say what they did.
 */

interface Section {
  ref?: string;
  role?: string;
  name?: string;
  state?: {
    expanded?: boolean;
    disabled?: boolean;
    visible?: boolean;
    visually_hidden?: boolean;
  };
}

/** Two or more make an accordion; a lone folded control is a menu or a drawer's toggle, not read through. */
export const MIN_SECTIONS = 2;

/**
 * The page's own folded sections not yet opened: buttons listed `expanded: false`, shown and enabled,
 * that `opened` does not hold; none unless there are MIN_SECTIONS of them.
 */
export function foldedSections<C extends Section>(controls: C[], opened: (c: C) => boolean): C[] {
  const folded = controls.filter(
    (c) =>
      !!c.ref &&
      c.role === 'button' &&
      c.state?.expanded === false &&
      c.state.disabled !== true &&
      c.state.visible !== false &&
      c.state.visually_hidden !== true,
  );
  if (folded.length < MIN_SECTIONS) return [];
  return folded.filter((c) => !opened(c));
}
