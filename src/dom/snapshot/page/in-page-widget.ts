/**
 * What a control's place in the page says about where it goes (runs in the page, bundled with scan.ts):
 * a "Next" arrow of a carousel or an image gallery turns the widget's items, not the page (Rise's gallery
 * block has both a gallery "Next" and, at the lesson's end, the lesson's own next link); a link that
 * declares its direction (`rel="next"`, Rise's `data-direction="next"` on "Lesson 2 - …") goes there
 * whatever its words say.
 */

// Class tokens of the widgets whose arrows turn items in place (Slick, Swiper, Glide, Splide, galleries,
// Rise's flashcards slider `block-flashcards-slider`).
const WIDGET_CLASS =
  /(^|\s)[a-z_-]*(carousel|slick-slider|swiper|gallery|glide|splide|flashcards?)(\s|[_-]|$)/i;
// Ancestors looked at: a widget's arrows sit a few levels under its root.
const WIDGET_DEPTH = 6;
// A carousel that fills this share of the frame's viewport is the course's own slide deck.
const DECK_SHARE = 0.5;

/**
 * Whether the control sits in a carousel or gallery of the page (ARIA's carousel pattern or its classes).
 * A carousel that fills most of the view is the course itself (H5P's Course Presentation is a region
 * described as a carousel): its arrows go to the course's next slide.
 */
export function inCarousel(el: Element): boolean {
  let e: Element | null = el.parentElement;
  for (let depth = 0; e && depth < WIDGET_DEPTH; depth++, e = e.parentElement) {
    const cls = typeof e.className === 'string' ? e.className : '';
    if (/carousel/i.test(e.getAttribute('aria-roledescription') ?? '') || WIDGET_CLASS.test(cls)) {
      return !isSlideDeck(e);
    }
  }
  return false;
}

function isSlideDeck(widget: Element): boolean {
  const view = widget.ownerDocument.defaultView;
  if (!view) return false;
  const box = widget.getBoundingClientRect();
  return box.width * box.height >= DECK_SHARE * view.innerWidth * view.innerHeight && !inLongPage(widget);
}

// A page that scrolls on for this many times its visible height holds more than the widget.
const LONG_PAGE = 2;

/**
 * Whether the widget is one block of a page that scrolls on well past it: Rise's gallery block fills
 * two thirds of the view, yet its lesson scrolls inside #page-wrap (3625 px for 768 shown, rise-1) down to
 * the lesson's own next link. A slide deck is the page itself.
 */
function inLongPage(widget: Element): boolean {
  const doc = widget.ownerDocument;
  const root = doc.scrollingElement ?? doc.documentElement;
  if (root.scrollHeight >= LONG_PAGE * root.clientHeight) return true;
  for (let e = widget.parentElement; e && e !== doc.body; e = e.parentElement) {
    if (e.clientHeight === 0 || e.scrollHeight < LONG_PAGE * e.clientHeight) continue;
    if (/auto|scroll/.test(getComputedStyle(e).overflowY)) return true;
  }
  return false;
}

/** The direction a link declares (`rel`, `data-direction`), as purpose hints: "" when it declares none. */
export function declaredDirection(el: Element): string {
  const rel = el.getAttribute('rel') ?? '';
  const direction = el.getAttribute('data-direction') ?? '';
  return `${/\b(next|prev)\b/i.test(rel) ? rel : ''} ${direction}`.trim();
}
