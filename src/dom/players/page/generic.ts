/** Slide and page indicators any course page may show, whatever player drew it. */
import { quoted } from '../../../core/course-text.js';
import { parsePercent, parseSlideIndicator, percentOf } from '../indicators.js';
import { navIdKind } from '../nav-id.js';
import { inCarousel } from '../../snapshot/page/in-page-widget.js';
import type { GenericFacts, NavControl, NavControls } from '../types.js';
import { isVisible, str, textOf } from './safe.js';
import { uniqueSelector } from './selector.js';

/** Bounds on how much of a page we look at, so a huge page answers in time. */
const MAX_TEXT_NODES = 4000;
const MAX_CONTROLS = 600;

export function genericFacts(doc: Document): GenericFacts {
  return {
    indicator: findIndicator(doc),
    progress: findProgress(doc),
    slides: findSlideContainers(doc) ?? findCurrentInList(doc),
    nav: findNavControls(doc),
    heading: firstHeading(doc),
    answerInputs: countAnswerInputs(doc),
    headingText: headingText(doc),
  };
}

/** Short visible-candidate texts: each text node with a digit or "%", and its parents while their text stays short. */
function* shortTexts(doc: Document): Generator<{ text: string; el: Element }> {
  if (!doc.body) return;
  const seen = new Set<Element>();
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  for (let i = 0; i < MAX_TEXT_NODES; i++) {
    const node = walker.nextNode();
    if (!node) return;
    const raw = node.nodeValue ?? '';
    if (raw.length > 60 || !/\d|%/.test(raw)) continue;
    const parent = node.parentElement;
    if (!parent || parent.closest('script,style,noscript,template')) continue;
    yield { text: raw.trim(), el: parent };
    // "Slide 3 / 10" is often split over spans: read the enclosing elements while their text is short.
    let el: Element | null = parent;
    for (let depth = 0; el && depth < 3 && !seen.has(el); depth++, el = el.parentElement) {
      seen.add(el);
      const whole = str(el.textContent) ?? '';
      if (whole.length > 40) break;
      if (whole !== raw.trim()) yield { text: whole, el };
    }
  }
}

function findIndicator(doc: Document): GenericFacts['indicator'] {
  for (const { text, el } of shortTexts(doc)) {
    const parsed = parseSlideIndicator(text);
    if (parsed && isVisible(el)) return { ...parsed, text };
  }
  return null;
}

function findProgress(doc: Document): GenericFacts['progress'] {
  for (const el of Array.from(doc.querySelectorAll('progress, [role="progressbar"]')).slice(0, 20)) {
    const isProgress = el.tagName === 'PROGRESS';
    const value = Number(el.getAttribute(isProgress ? 'value' : 'aria-valuenow'));
    const min = isProgress ? 0 : Number(el.getAttribute('aria-valuemin') ?? 0);
    const max = Number(el.getAttribute(isProgress ? 'max' : 'aria-valuemax') ?? (isProgress ? 1 : 100));
    if (el.getAttribute(isProgress ? 'value' : 'aria-valuenow') === null) continue;
    const percent = percentOf(value, min, max);
    if (percent !== null) return { percent, source: isProgress ? '<progress>' : 'role=progressbar' };
  }
  for (const { text, el } of shortTexts(doc)) {
    const percent = parsePercent(text);
    if (percent !== null && isVisible(el)) return { percent, source: `text ${quoted(text)}` };
  }
  return null;
}

const SLIDE_CONTAINERS = '[data-slide], [data-slide-id], [data-page-id], section.slide, div.slide';

function findSlideContainers(doc: Document): GenericFacts['slides'] {
  const all = Array.from(doc.querySelectorAll(SLIDE_CONTAINERS)).slice(0, 2000);
  // Nested matches (a slide inside a slide) would double count: keep the outermost.
  const slides = all.filter((el) => !all.some((other) => other !== el && other.contains(el)));
  if (slides.length < 2) return null;
  const shown = slides.flatMap((el, i) =>
    el.matches('.active, .current, [aria-current]:not([aria-current="false"])') || isVisible(el) ? [i] : [],
  );
  const marked = slides.flatMap((el, i) =>
    el.matches('.active, .current, [aria-current]:not([aria-current="false"])') ? [i] : [],
  );
  const currentIndex = marked.length === 1 ? marked[0] : shown.length === 1 ? shown[0] : undefined;
  return {
    total: slides.length,
    current: currentIndex === undefined ? null : currentIndex + 1,
    source: `slide containers (${SLIDE_CONTAINERS})`,
    ids: slides.map(
      (el) =>
        el.getAttribute('data-slide-id') ??
        el.getAttribute('data-page-id') ??
        (el.getAttribute('data-slide') || el.getAttribute('id') || null),
    ),
  };
}

function findCurrentInList(doc: Document): GenericFacts['slides'] {
  const marked = doc.querySelector(
    'li[aria-current]:not([aria-current="false"]), li > [aria-current]:not([aria-current="false"])',
  );
  const item = marked ? (marked.tagName === 'LI' ? marked : marked.parentElement) : null;
  const list = item?.parentElement;
  if (!item || !list) return null;
  const items = Array.from(list.children).filter((c) => c.tagName === 'LI');
  if (items.length < 2) return null;
  return {
    total: items.length,
    current: items.indexOf(item) + 1,
    source: 'aria-current item of a list',
    ids: items.map(() => null),
  };
}

const NAV_PATTERNS: Array<[keyof NavControls, RegExp]> = [
  ['next', /\b(next|continue|forward|weiter|suivant|siguiente)\b|^[›»→>]+$|(^|[-_])next([-_]|$)/i],
  ['previous', /\b(prev|previous|back|zurück|précédent|anterior)\b|^[‹«←<]+$|(^|[-_])prev([-_]|$)/i],
  ['menu', /\b(menu|outline|contents|toc|table of contents|sidebar|index)\b/i],
];
const CONTROLS =
  'button, a[href], [role="button"], [role="link"], input[type="button"], input[type="submit"], [id*="next" i], [id*="prev" i], [class*="next" i], [class*="prev" i], [id*="menu" i]';

/** Skip links move focus within the page; "Back to top" is not the previous slide. */
const SKIP_LINK = /\b(skip|back to top|to top|top of (the )?page)\b|^skip-?nav/i;

/** "Home" opens the course's home page, even where it is classed as the previous link (Rise's first lesson). */
const HOME = /^(go (to )?|back to |return to )?(the )?(course )?home( page)?$/i;

/** A bare prev/next id decides over the label (nav-id.ts); otherwise label, id, class. */
function navKind(id: string, label: string, cls: string): keyof NavControls | null {
  const byId = navIdKind(id);
  if (byId) return byId;
  // An icon font's glyph (private use) before the word says nothing (rise-3's "\ue60c Home").
  if (HOME.test(label.replace(/[\ue000-\uf8ff]/g, '').trim())) return 'menu';
  for (const [kind, pattern] of NAV_PATTERNS)
    if ([label, id, cls].some((k) => k && pattern.test(k))) return kind;
  return null;
}

function findNavControls(doc: Document): NavControls {
  const found: NavControls = { next: null, previous: null, menu: null };
  for (const el of Array.from(doc.querySelectorAll(CONTROLS)).slice(0, MAX_CONTROLS)) {
    const label = controlLabel(el);
    const id = el.getAttribute('id') ?? '';
    if (SKIP_LINK.test(label) || SKIP_LINK.test(id)) continue;
    const kind = navKind(id, label, el.getAttribute('class') ?? '');
    if (!kind || found[kind]?.enabled) continue;
    // A gallery's arrows turn its pictures (rise-1's gallery block was the lesson's "next").
    if (kind !== 'menu' && inCarousel(el)) continue;
    const control: NavControl = {
      selector: uniqueSelector(el),
      label: label || kind,
      enabled: isEnabled(el),
    };
    if (!found[kind] || control.enabled) found[kind] = control;
  }
  return found;
}

function controlLabel(el: Element): string {
  return (
    str(el.getAttribute('aria-label')) ??
    textOf(el) ??
    str(el.getAttribute('title')) ??
    str((el as HTMLInputElement).value) ??
    ''
  );
}

function isEnabled(el: Element): boolean {
  if ((el as HTMLButtonElement).disabled === true) return false;
  if (el.closest('[aria-disabled="true"], [disabled], [inert]')) return false;
  if (/(^|\s)(disabled|is-disabled|cs-disabled)(\s|$)/i.test(el.getAttribute('class') ?? '')) return false;
  // Visually hidden accessible controls (Storyline) still have a box; display:none ones do not.
  return isVisible(el);
}

function firstHeading(doc: Document): string | null {
  for (const el of Array.from(doc.querySelectorAll('h1, h2, [role="heading"]')).slice(0, 50)) {
    if (isVisible(el)) return textOf(el);
  }
  return null;
}

/**
 * A course menu's section headings name the course's parts, not this page (Rise's cover lists its lessons
 * under "Introduction" … "Conclusion" in a nav: rise-1's cover was typed summary).
 */
const MENU_AROUND = 'nav, [role="navigation"], [role="tree"], [role="menu"], [role="menubar"]';

function headingText(doc: Document): string {
  return Array.from(doc.querySelectorAll('h1, h2, h3, legend, [role="heading"]'))
    .filter((el) => !el.closest(MENU_AROUND))
    .slice(0, 30)
    .filter(isVisible)
    .map((el) => textOf(el) ?? '')
    .join(' | ')
    .slice(0, 500);
}

const ANSWER_INPUTS =
  'input[type="radio"], input[type="checkbox"], select, textarea, input[type="text"], input[type="number"], input:not([type]), [role="radio"], [role="checkbox"], [role="option"]';

function countAnswerInputs(doc: Document): number {
  let n = 0;
  for (const el of Array.from(doc.querySelectorAll(ANSWER_INPUTS)).slice(0, 500))
    if (isVisible(el) && !hasAccessibleTwin(el)) n++;
  return n;
}

/**
 * A field Storyline draws in a slide object whose accessibility layer holds its twin (`acc-<data-model-id>`):
 * one field to the learner, counted once (storyline-1's title slide, with one name field, was typed
 * assessment for its "2 visible answer inputs").
 */
function hasAccessibleTwin(el: Element): boolean {
  if (el.id.startsWith('acc-')) return false;
  const id = el.closest('[data-model-id]')?.getAttribute('data-model-id');
  const twin = id ? el.ownerDocument.getElementById(`acc-${id}`) : null;
  if (!twin || twin === el || (twin.localName !== 'input' && twin.localName !== 'textarea')) return false;
  return isVisible(twin);
}
