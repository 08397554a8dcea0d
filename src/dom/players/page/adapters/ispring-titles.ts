/**
 * The titles of an iSpring 9 presentation's slides as its page knows them: the outline's, and where the
 * outline shows "---" (iSpring's mark for a slide without a title: ispring-2's quiz and its closing slide),
 * the title the page declares (its deck: presInfo, a quiz's intro heading). A slide neither names keeps no
 * title, and a note says so, so that a missing title reads as the course's, not as ours.
 */
import type { IspringDeck, SlideEntry } from '../../types.js';

const UNTITLED = '---';

/** The outline's entries, titled by the deck where the outline shows none; the deck lists the same slides. */
export function withDeckTitles(shown: SlideEntry[], deck: IspringDeck | undefined): SlideEntry[] {
  if (!deck || deck.slides.length !== shown.length) return shown;
  return shown.map((entry, i) => {
    if (entry.title !== undefined && entry.title !== UNTITLED) return entry;
    const { title: _shown, ...rest } = entry;
    const declared = deck.slides[i]?.title;
    return declared ? { ...rest, title: declared } : rest;
  });
}

/** Why slides are listed without a title: the presentation names them nowhere; null when all have one. */
export function untitledNote(slides: SlideEntry[], deck: IspringDeck): string | null {
  const untitled = slides.filter((s) => !s.title).map((s) => s.index);
  if (untitled.length === 0 || slides.length !== deck.slides.length) return null;
  const one = untitled.length === 1;
  const textless = untitled.filter((i) => {
    const slide = deck.slides[i - 1];
    return slide !== undefined && !slide.quiz && !slide.text;
  });
  const bare =
    textless.length === 0
      ? ''
      : textless.length === untitled.length
        ? `, and ${one ? 'it holds' : 'they hold'} no text at all`
        : `; ${numbers(textless, 'slide')} ${textless.length === 1 ? 'holds' : 'hold'} no text at all`;
  return (
    `${numbers(untitled, 'Slide')} ${one ? 'has' : 'have'} no title: the presentation gives ` +
    `${one ? 'it' : 'them'} none (iSpring's outline shows such a slide as "${UNTITLED}")${bare}.`
  );
}

/** "Slide 3", "Slides 3, 4, 5": at most 20 numbers said. */
function numbers(list: number[], noun: string): string {
  const shown = list.slice(0, 20).join(', ');
  const plural = list.length === 1 ? noun : `${noun}s`;
  return `${plural} ${shown}${list.length > 20 ? ` and ${list.length - 20} more` : ''}`;
}
