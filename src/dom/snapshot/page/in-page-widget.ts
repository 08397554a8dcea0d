/**
 * What a control's place in the page says about where it goes (runs in the page, bundled with scan.ts):
 * a "Next" arrow of a carousel or an image gallery turns the widget's items, not the page (Rise's gallery
 * block has both a gallery "Next" and, at the lesson's end, the lesson's own next link); a link that
 * declares its direction (`rel="next"`, Rise's `data-direction="next"` on "Lesson 2 - …") goes there
 * whatever its words say.
 */

// Class tokens of the widgets whose arrows turn items in place (Slick, Swiper, Glide, Splide, galleries).
const WIDGET_CLASS = /(^|\s)[a-z_-]*(carousel|slick-slider|swiper|gallery|glide|splide)(\s|[_-]|$)/i;
// Ancestors looked at: a widget's arrows sit a few levels under its root.
const WIDGET_DEPTH = 6;

/** Whether the control sits in a carousel or gallery of the page (ARIA's carousel pattern or its classes). */
export function inCarousel(el: Element): boolean {
  let e: Element | null = el.parentElement;
  for (let depth = 0; e && depth < WIDGET_DEPTH; depth++, e = e.parentElement) {
    if (/carousel/i.test(e.getAttribute('aria-roledescription') ?? '')) return true;
    const cls = typeof e.className === 'string' ? e.className : '';
    if (WIDGET_CLASS.test(cls)) return true;
  }
  return false;
}

/** The direction a link declares (`rel`, `data-direction`), as purpose hints: "" when it declares none. */
export function declaredDirection(el: Element): string {
  const rel = el.getAttribute('rel') ?? '';
  const direction = el.getAttribute('data-direction') ?? '';
  return `${/\b(next|prev)\b/i.test(rel) ? rel : ''} ${direction}`.trim();
}
