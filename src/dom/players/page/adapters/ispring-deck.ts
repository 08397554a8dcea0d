/**
 * An iSpring 9 page read with its deck (Node's ispring-deck.ts: the slides the page declares and the id
 * suffix of each slide's markup): the slide shown is the one whose markup is drawn. A quiz slide has no
 * such markup: when no slide's markup is drawn and the deck holds one quiz, the quiz is shown.
 */
import type { IspringDeck, SlideEntry } from '../../types.js';

const SLIDE = '.slide[id^="spr"]';

/** Whether anything in the element is drawn (its boxes are, not the zero-size container). */
function drawn(el: Element): boolean {
  const view = el.ownerDocument.defaultView;
  for (const e of [
    el,
    ...Array.from(el.querySelectorAll('img, span, canvas, svg, video, div')).slice(0, 200),
  ]) {
    const box = e.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) continue;
    const style = view?.getComputedStyle(e);
    if (style && style.visibility !== 'hidden' && Number(style.opacity) > 0) return true;
  }
  return false;
}

/** The 1-based position of the slide shown, or null when it cannot be told. */
export function deckPosition(doc: Document, deck: IspringDeck): number | null {
  const shown = new Set<number>();
  for (const el of Array.from(doc.querySelectorAll(SLIDE)).slice(0, 50)) {
    const suffix = /_([0-9A-Za-z]+)$/.exec(el.id)?.[1];
    const at = suffix ? deck.slides.findIndex((s) => s.sprite === suffix) : -1;
    if (at >= 0 && drawn(el)) shown.add(at + 1);
  }
  if (shown.size === 1) return [...shown][0] ?? null;
  if (shown.size > 1) return null;
  const quizzes = deck.slides.flatMap((s, i) => (s.quiz ? [i + 1] : []));
  return quizzes.length === 1 ? (quizzes[0] ?? null) : null;
}

export function deckSlides(doc: Document, deck: IspringDeck): SlideEntry[] {
  const current = deckPosition(doc, deck);
  return deck.slides.map((s, i): SlideEntry => {
    const entry: SlideEntry = { index: i + 1, current: current === i + 1 };
    if (s.title) entry.title = s.title;
    return entry;
  });
}
