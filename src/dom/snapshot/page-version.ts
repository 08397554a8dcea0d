/**
 * Whether a frame's page can have changed since the last read, told cheaply (no styles, no layout) so an
 * unchanged page is not read again: a watcher installed on the first call counts DOM mutations and the
 * events after which what a read reports can differ without one (input, focus, pointer, key, animation,
 * transition, toggle, load, resize, hash change); the token adds a hash of every field's value and checked state
 * (scripts set those without an event) and whether the document has focus. Runs in the course's world:
 * what it reads is guarded, and a token that cannot be made is null (the page is read again).
 *
 * `pageVersion` is passed to `frame.evaluate` and must stay self-contained (no imports, no outer helpers).
 */

export interface PageVersion {
  /** Elements in the document. */
  count: number;
  /** Equal tokens: nothing a read reports has changed. Null when it could not be made. */
  token: string | null;
}

export function pageVersion(key: string): PageVersion {
  const doc = document;
  const count = doc.getElementsByTagName('*').length;
  try {
    const holder = window as unknown as Record<
      string,
      { id: string; changes: number; watching: boolean } | undefined
    >;
    let watch = holder[key];
    if (!watch) {
      // Defined first: a watcher that failed to install half-way is not installed again on every call.
      const state = { id: Math.random().toString(36).slice(2), changes: 0, watching: false };
      Object.defineProperty(window, key, { value: state, enumerable: false });
      const bump = (): void => {
        state.changes++;
      };
      const observer = new MutationObserver(bump);
      // A MutationObserver the course replaced would see nothing: try it on a node of our own first.
      const probe = doc.createElement('div');
      observer.observe(probe, { attributes: true });
      probe.setAttribute('data-probe', '1');
      if (observer.takeRecords().length !== 1) return { count, token: null };
      observer.observe(doc, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
      const events = [
        'input',
        'change',
        'focusin',
        'focusout',
        'pointerdown',
        'pointerup',
        'pointerover',
        'pointerout',
        'keydown',
        'keyup',
        'transitionrun',
        'transitionend',
        'transitioncancel',
        'animationstart',
        'animationiteration',
        'animationend',
        'toggle',
        'load',
        'error',
      ];
      for (const type of events) doc.addEventListener(type, bump, { capture: true, passive: true });
      // :target and media queries change what is shown without a DOM change.
      for (const type of ['resize', 'hashchange', 'popstate']) {
        window.addEventListener(type, bump, { passive: true });
      }
      state.watching = true;
      watch = state;
    }
    if (!watch.watching) return { count, token: null };
    // FNV-1a over the fields' state.
    let hash = 0x811c9dc5;
    const mix = (text: string): void => {
      for (let i = 0; i < text.length; i++) {
        hash ^= text.charCodeAt(i);
        hash = Math.imul(hash, 16777619);
      }
    };
    const fields = doc.querySelectorAll('input, select, textarea');
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i] as HTMLInputElement;
      mix(String(field.value));
      mix(field.checked ? '\u0001' : '\u0002');
      if (field.tagName === 'SELECT') mix(String((field as unknown as HTMLSelectElement).selectedIndex));
      if (field.type === 'checkbox') mix(field.indeterminate ? '\u0003' : '\u0004');
    }
    const token = `${watch.id}:${watch.changes}:${hash >>> 0}:${count}:${doc.hasFocus() ? 1 : 0}`;
    return { count, token };
  } catch {
    return { count, token: null };
  }
}
