/**
 * The player panel's live view, as plain DOM code (the Preact component in player-panel.tsx owns one):
 * renders each MirrorFrame in a sandboxed iframe (srcdoc; sandbox="allow-same-origin", never scripts, so
 * the course's markup is inert and our listeners reach into it from this page), applies the real page's
 * scroll offsets, and turns what the person does in it into mirror actions:
 *   - a click (or Enter/Space on a focused control, which the browser turns into a click) → mirror_click;
 *     the mirror itself does not react (no navigation, no toggling): the real page does, and the next
 *     frame shows it;
 *   - a text field, text area or select changed (on change, or Enter in a field) → mirror_fill;
 *   - Enter in a field, and Escape / arrows / Page keys elsewhere → mirror_key.
 * While the person is typing in a field of the mirror, new frames wait until the field loses focus, so an
 * update never throws away what they typed.
 */
import {
  FRAME_HTML_ATTRIBUTE as FRAME_HTML,
  NUMBER_ATTRIBUTE as NUMBER,
  SCROLL_ATTRIBUTE as SCROLL,
} from '../mirror/page/rules.js';
import type { InspectorAction, MirrorFrame, MirrorTarget } from '../protocol.js';

const FORWARDED_KEYS = new Set([
  'Escape',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'PageUp',
  'PageDown',
  'Home',
  'End',
]);
const TEXT_INPUT_TYPES = new Set([
  'text',
  'search',
  'email',
  'url',
  'tel',
  'password',
  'number',
  'date',
  'time',
  'datetime-local',
  'month',
  'week',
  'color',
  'range',
]);

export type SendAction = (action: InspectorAction) => void;

/** An editable field whose value the person types locally and we fill in the real page on change. */
function isField(el: Element): el is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement {
  const tag = el.localName;
  if (tag === 'textarea' || tag === 'select') return true;
  return tag === 'input' && TEXT_INPUT_TYPES.has((el as HTMLInputElement).type);
}

function numberedElement(event: Event): Element | null {
  // Node types, not instanceof: the mirror's nodes come from the iframe's own window classes.
  for (const node of event.composedPath()) {
    const el = node as Element;
    if (el.nodeType === 1 && el.hasAttribute(NUMBER)) return el;
  }
  return null;
}

function nodeOf(el: Element): number {
  return Number(el.getAttribute(NUMBER));
}

export class MirrorView {
  private shown: MirrorFrame | null = null;
  private waiting: MirrorFrame | null = null;
  /** The real page's scroll of the root at the last frame: the viewer's own scroll is kept while it stays. */
  private sourceScroll: string | null = null;
  private readonly filled = new WeakMap<Element, string>();
  private viewerScroll = { x: 0, y: 0 };
  private disposed = false;

  constructor(
    private readonly iframe: HTMLIFrameElement,
    private readonly send: SendAction,
  ) {
    iframe.addEventListener('load', this.onLoad);
  }

  /** The frame now on screen (null before the first). */
  get current(): MirrorFrame | null {
    return this.shown;
  }

  show(frame: MirrorFrame): void {
    if (this.disposed || frame.seq === this.shown?.seq) return;
    if (this.editing()) {
      this.waiting = frame;
      return;
    }
    this.waiting = null;
    this.shown = frame;
    this.iframe.srcdoc = frame.html;
  }

  dispose(): void {
    this.disposed = true;
    this.iframe.removeEventListener('load', this.onLoad);
  }

  /** Focus moves into the mirror: to its first control when there is one. */
  focusInside(): void {
    const doc = this.iframe.contentDocument;
    const first = doc?.querySelector<HTMLElement>(
      'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])',
    );
    if (first) first.focus();
    else this.iframe.focus();
  }

  private editing(): boolean {
    let doc = this.iframe.contentDocument;
    while (doc) {
      const active = doc.activeElement;
      if (!active) return false;
      if (active.localName === 'iframe' || active.localName === 'frame') {
        doc = (active as HTMLIFrameElement).contentDocument;
        continue;
      }
      return isField(active) || (active as HTMLElement).isContentEditable === true;
    }
    return false;
  }

  private readonly onLoad = (): void => {
    const doc = this.iframe.contentDocument;
    if (!doc || !this.shown) return;
    const root = doc.documentElement;
    const viewerX = this.viewerScroll.x;
    const viewerY = this.viewerScroll.y;
    this.attach(doc);
    const source = root?.getAttribute(SCROLL) ?? '0,0';
    if (source === this.sourceScroll) doc.scrollingElement?.scrollTo(viewerX, viewerY);
    this.sourceScroll = source;
  };

  private attach(doc: Document): void {
    doc.addEventListener('click', this.onClick, true);
    doc.addEventListener('auxclick', this.swallow, true);
    doc.addEventListener('submit', this.swallow, true);
    doc.addEventListener('change', this.onChange, true);
    doc.addEventListener('keydown', this.onKeyDown, true);
    doc.addEventListener('focusout', this.onFocusOut, true);
    if (doc === this.iframe.contentDocument) {
      doc.addEventListener('scroll', () => {
        const s = doc.scrollingElement;
        this.viewerScroll = { x: s?.scrollLeft ?? 0, y: s?.scrollTop ?? 0 };
      });
    }
    applyScroll(doc);
    for (const frame of Array.from(doc.querySelectorAll('iframe, frame'))) {
      const child = frame as HTMLIFrameElement;
      const html = child.getAttribute(FRAME_HTML);
      if (html !== null) {
        // A <frame> has no srcdoc: its (sandboxed, same-origin) blank document is written in.
        const inner = child.contentDocument;
        if (inner) {
          inner.open();
          inner.write(html);
          inner.close();
          this.attach(inner);
        }
        continue;
      }
      child.addEventListener('load', () => {
        if (child.contentDocument) this.attach(child.contentDocument);
      });
    }
  }

  private target(el: Element): MirrorTarget | null {
    return this.shown ? { doc: this.shown.doc, node: nodeOf(el) } : null;
  }

  private readonly swallow = (event: Event): void => {
    event.preventDefault();
  };

  private readonly onClick = (event: MouseEvent): void => {
    const el = numberedElement(event);
    // Fields are edited here and filled on change; a click on one only places the caret.
    if (el && isField(el)) return;
    event.preventDefault();
    const target = el && this.target(el);
    if (target) this.send({ action: 'mirror_click', target });
  };

  private readonly onChange = (event: Event): void => {
    const el = numberedElement(event);
    if (el && isField(el)) this.fill(el);
  };

  private fill(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): void {
    const target = this.target(el);
    if (!target || this.filled.get(el) === el.value) return;
    this.filled.set(el, el.value);
    this.send({ action: 'mirror_fill', target, value: el.value });
  }

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    const el = numberedElement(event);
    if (event.key === 'Enter' && el && isField(el) && el.localName !== 'textarea') {
      event.preventDefault();
      this.fill(el);
      this.send({ action: 'mirror_key', target: this.target(el), key: 'Enter' });
      return;
    }
    if (!FORWARDED_KEYS.has(event.key) || (el && isField(el))) return;
    event.preventDefault();
    const onElement = el && el.localName !== 'body' && el.localName !== 'html';
    this.send({ action: 'mirror_key', target: onElement ? this.target(el) : null, key: event.key });
  };

  private readonly onFocusOut = (): void => {
    // After the focus has moved: show the frame that waited while the person typed.
    setTimeout(() => {
      const next = this.waiting;
      if (next && !this.editing()) {
        this.waiting = null;
        this.show(next);
      }
    }, 0);
  };
}

/** The real page's scroll offsets, carried as data-st-scroll="x,y". */
function applyScroll(doc: Document): void {
  for (const el of Array.from(doc.querySelectorAll(`[${SCROLL}]`))) {
    const [x, y] = (el.getAttribute(SCROLL) ?? '').split(',').map(Number);
    if (el === doc.documentElement) doc.scrollingElement?.scrollTo(x ?? 0, y ?? 0);
    else el.scrollTo(x ?? 0, y ?? 0);
  }
}
