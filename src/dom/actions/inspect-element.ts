/**
 * One look at the target element inside its page, in one round trip: what it is (for results), how it
 * takes input (for fill), and whether a learner could act on it (hidden from everyone, visually hidden
 * but accessible, disabled, covered by another element). `inspectElement` runs in the DOM tools' isolated
 * world of the element's frame (../element-read.ts), so it must not reference anything outside its own body.
 */

export type FillKind =
  | 'text'
  | 'number'
  | 'range'
  | 'date'
  | 'time'
  | 'datetime-local'
  | 'month'
  | 'week'
  | 'color'
  | 'checkbox'
  | 'radio'
  | 'select'
  | 'file'
  | 'button'
  | 'none';

export interface DescribedElement {
  /** What the element at a point is: "div#overlay.blocker", and a selector that finds it. */
  description: string;
  selector: string;
}

export interface ElementInspection {
  connected: boolean;
  tagName: string;
  id: string;
  className: string;
  textContent: string;
  role: string | null;
  name: string | null;
  type: string | null;
  value: string | null;
  checked: boolean | null;
  kind: FillKind;
  multiple: boolean;
  readOnly: boolean;
  /** The first options of a <select>: value and label. */
  options: Array<{ value: string; label: string }>;
  optionCount: number;
  /**
   * Hidden from sighted users and assistive technology alike: no fallback may act on it. aria-hidden on an
   * element that is drawn and takes the pointer at its centre does not count: it hides the element from
   * assistive technology only, and a sighted learner clicks and types there (see ariaHiddenBy).
   */
  hidden: { why: string; by: string } | null;
  /** aria-hidden that was set aside because the element is drawn and takes the pointer: who sets it. */
  ariaHiddenBy: string | null;
  /** Drawn invisibly but still in the accessibility tree (screen-reader-only controls). */
  visuallyHidden: { why: string } | null;
  disabled: { why: string; by: string } | null;
  /** A control a learner operates (native, by role, or focusable). */
  control: boolean;
  /** getBoundingClientRect in the element's own frame. */
  box: { x: number; y: number; width: number; height: number };
  inViewport: boolean;
  /**
   * What elementFromPoint finds at the box's centre (null when the centre is outside the viewport): the
   * element itself or inside it (self), or the element's own label (label); the page's html or body (root);
   * inside a control other than this one, its ancestors or its label (foreignControl); something that
   * looks clickable to a learner or handles clicks: a pointer cursor, a control, or an on* pointer handler
   * on it or an ancestor below body (takesClicks). Two covers belong to the element itself: its twin (a
   * control of the same tag and type standing where it stands, one of the two inside an aria-hidden subtree:
   * Storyline draws a field over its accessible copy, and raises the copy over the drawing under the
   * pointer: twin), and its own drawing (not a control, taking clicks, no larger than twice the element, sharing
   * with it a parent or grandparent or an ancestor that takes clicks: Lectora's SVG over its button,
   * Captivate's arrow over its native select: ownDrawing). A native select's custom dropdown face is a third:
   * a focusable box that is no native control, drawn over the select within the same near ancestors
   * (Captivate's msDropdown `div.dd` over its clipped select: dropdownFace). A fourth: the text that names it
   * (aria-labelledby) drawn over its box, no control itself (Rise's option text over its checkbox row: namedBy).
   * A cover at least half the view wide and high is a shade over the page (overlay).
   */
  hit:
    | (DescribedElement & {
        self: boolean;
        label: boolean;
        root: boolean;
        foreignControl: boolean;
        takesClicks: boolean;
        twin: boolean;
        ownDrawing: boolean;
        dropdownFace: boolean;
        namedBy: boolean;
        overlay: boolean;
      })
    | null;
}

/**
 * Takes the element, or the list Playwright's evaluateAll gives (evaluateAll reads the matches at once,
 * where locator.evaluate first waits an animation frame for the element): null unless exactly one.
 */
export function inspectElement(target: Element | Element[]): ElementInspection | null {
  const el = Array.isArray(target) ? (target.length === 1 ? target[0] : undefined) : target;
  if (!el) return null;
  const clip = (s: string, n: number): string => {
    const t = s.replace(/\s+/g, ' ').trim();
    return t.length > n ? `${t.slice(0, n - 1)}…` : t;
  };
  const esc = (s: string): string => (typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(s) : s);
  const describe = (node: Element): DescribedElement => {
    const tag = node.tagName.toLowerCase();
    const id = node.id ? `#${node.id}` : '';
    const cls =
      typeof node.className === 'string' && node.className.trim()
        ? `.${node.className.trim().split(/\s+/).slice(0, 3).join('.')}`
        : '';
    const text = clip(node.textContent ?? '', 40);
    return {
      description: `${tag}${id}${cls}${text ? ` "${text}"` : ''}`,
      selector: selectorOf(node),
    };
  };
  const selectorOf = (node: Element): string => {
    const doc = node.ownerDocument;
    const parts: string[] = [];
    for (let cur: Element | null = node; cur && cur !== doc.documentElement; cur = cur.parentElement) {
      // A long id (over 100) is the course's text, not a name: the path stands in for it.
      if (cur.id && cur.id.length <= 100 && doc.querySelectorAll(`#${esc(cur.id)}`).length === 1) {
        parts.unshift(`#${esc(cur.id)}`);
        return parts.join(' > ');
      }
      const tag = cur.tagName.toLowerCase();
      const parent: Element | null = cur.parentElement;
      const same = parent ? Array.from(parent.children).filter((c) => c.tagName === cur?.tagName) : [];
      parts.unshift(same.length > 1 ? `${tag}:nth-of-type(${same.indexOf(cur) + 1})` : tag);
    }
    return parts.join(' > ');
  };
  const ancestors = (node: Element): Element[] => {
    const out: Element[] = [];
    for (let cur: Element | null = node; cur; cur = cur.parentElement) out.push(cur);
    return out;
  };

  const tagName = el.tagName.toLowerCase();
  const input = el instanceof HTMLInputElement ? el : null;
  const type = input ? input.type : el.getAttribute('type');
  const roleAttr = el.getAttribute('role');
  const implicitRole = ((): string | null => {
    if (tagName === 'button') return 'button';
    if (tagName === 'a' && el.hasAttribute('href')) return 'link';
    if (tagName === 'select') return (el as HTMLSelectElement).multiple ? 'listbox' : 'combobox';
    if (tagName === 'textarea') return 'textbox';
    if (/^h[1-6]$/.test(tagName)) return 'heading';
    if (tagName === 'img') return 'img';
    if (input) {
      const map: Record<string, string> = {
        checkbox: 'checkbox',
        radio: 'radio',
        number: 'spinbutton',
        range: 'slider',
        button: 'button',
        submit: 'button',
        reset: 'button',
        image: 'button',
        search: 'searchbox',
      };
      return map[input.type] ?? (input.type === 'hidden' ? null : 'textbox');
    }
    return null;
  })();
  const role = roleAttr ? (roleAttr.split(/\s+/)[0] ?? null) : implicitRole;
  const name = ((): string | null => {
    const label = el.getAttribute('aria-label');
    // A Storyline twin keeps its object's default name ("Group 1", storyline-2's start button) where the
    // learner reads the words of the objects drawn in it (their data-acc-text), as the element list names it.
    const defaultName = /^[a-z][a-z ]{0,30} \d+$/i;
    const imageFile = /\.(png|jpe?g|gif|svg|emf|wmf|bmp|webp)$/i;
    const spaced = (t: string | null): string => (t ?? '').replace(/\s+/g, ' ').trim();
    if (label && el.id.startsWith('acc-') && defaultName.test(spaced(label))) {
      const drawn = el.ownerDocument.querySelector(`[data-model-id="${CSS.escape(el.id.slice(4))}"]`);
      const words = Array.from(drawn ? drawn.querySelectorAll('[data-model-id]') : [])
        .map((inner) => spaced(inner.getAttribute('data-acc-text')))
        .filter((t) => t && !defaultName.test(t) && !imageFile.test(t));
      if (words.length > 0) return clip(words.join(' '), 120);
    }
    if (label && label.trim()) return clip(label, 120);
    const by = el.getAttribute('aria-labelledby');
    if (by) {
      const text = by
        .split(/\s+/)
        .map((id) => el.ownerDocument.getElementById(id)?.textContent ?? '')
        .join(' ');
      if (text.trim()) return clip(text, 120);
    }
    const labels = (el as HTMLInputElement).labels;
    if (labels && labels.length > 0) {
      const text = Array.from(labels)
        .map((l) => l.textContent ?? '')
        .join(' ');
      if (text.trim()) return clip(text, 120);
    }
    const alt = el.getAttribute('alt') ?? el.getAttribute('title');
    if (alt && alt.trim()) return clip(alt, 120);
    if (input && (input.type === 'button' || input.type === 'submit' || input.type === 'reset')) {
      return clip(input.value, 120) || null;
    }
    if (role === 'button' || role === 'link' || role === 'heading' || role === 'menuitem' || role === 'tab') {
      return clip(el.textContent ?? '', 120) || null;
    }
    const placeholder = el.getAttribute('placeholder');
    return placeholder ? clip(placeholder, 120) : null;
  })();

  const kind = ((): FillKind => {
    if (tagName === 'select') return 'select';
    if (tagName === 'textarea' || (el as HTMLElement).isContentEditable) return 'text';
    if (input) {
      const t = input.type;
      if (t === 'checkbox' || t === 'radio' || t === 'file' || t === 'color') return t;
      if (t === 'number' || t === 'range' || t === 'date' || t === 'time') return t;
      if (t === 'datetime-local' || t === 'month' || t === 'week') return t;
      if (t === 'button' || t === 'submit' || t === 'reset' || t === 'image') return 'button';
      if (t === 'hidden') return 'none';
      return 'text';
    }
    if (role === 'checkbox' || role === 'switch') return 'checkbox';
    if (role === 'radio' || role === 'menuitemradio') return 'radio';
    if (role === 'textbox' || role === 'searchbox') return 'text';
    return 'none';
  })();
  const select = el instanceof HTMLSelectElement ? el : null;
  const options = select
    ? Array.from(select.options)
        .slice(0, 500)
        .map((o) => ({ value: o.value, label: clip(o.label || o.text, 80) }))
    : [];
  const checked =
    input && (input.type === 'checkbox' || input.type === 'radio')
      ? input.checked
      : el.hasAttribute('aria-checked')
        ? el.getAttribute('aria-checked') === 'true'
        : null;
  const value =
    input || select || el instanceof HTMLTextAreaElement
      ? (el as HTMLInputElement).value
      : (el as HTMLElement).isContentEditable
        ? (el.textContent ?? '')
        : null;

  const chain = ancestors(el);
  const styleOf = (node: Element): CSSStyleDeclaration => getComputedStyle(node);
  const rect = el.getBoundingClientRect();
  const box = { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  const view = el.ownerDocument.defaultView;
  const vw = view ? view.innerWidth : 0;
  const vh = view ? view.innerHeight : 0;
  const cx = rect.x + rect.width / 2;
  const cy = rect.y + rect.height / 2;
  const inViewport = cx >= 0 && cy >= 0 && cx < vw && cy < vh;

  const hidden = ((): ElementInspection['hidden'] => {
    if (!el.isConnected) return { why: 'detached', by: '' };
    for (const node of chain) {
      if (styleOf(node).display === 'none') {
        return { why: 'display:none', by: node === el ? 'the element itself' : describe(node).description };
      }
    }
    const vis = styleOf(el).visibility;
    if (vis === 'hidden' || vis === 'collapse') return { why: `visibility:${vis}`, by: 'the element itself' };
    for (const node of chain) {
      if (node.getAttribute('aria-hidden') === 'true') {
        return { why: 'aria-hidden', by: node === el ? 'the element itself' : describe(node).description };
      }
      if ((node as HTMLElement).inert) {
        return { why: 'inert', by: node === el ? 'the element itself' : describe(node).description };
      }
    }
    return null;
  })();

  const CONTROL_ROLES = [
    'button',
    'link',
    'checkbox',
    'radio',
    'switch',
    'menuitem',
    'menuitemcheckbox',
    'menuitemradio',
    'tab',
    'option',
    'textbox',
    'searchbox',
    'combobox',
    'slider',
    'spinbutton',
    'treeitem',
  ];
  /** Something a learner operates: a form control, link, control role, focusable by Tab, or editable. */
  const isControl = (node: Element): boolean => {
    const nodeRole = node === el ? role : (node.getAttribute('role')?.split(/\s+/)[0] ?? null);
    const tabIndex = node.getAttribute('tabindex');
    return (
      ['button', 'a', 'input', 'select', 'textarea', 'summary'].includes(node.tagName.toLowerCase()) ||
      (nodeRole !== null && CONTROL_ROLES.includes(nodeRole)) ||
      (tabIndex !== null && Number(tabIndex) >= 0) ||
      (node as HTMLElement).isContentEditable
    );
  };
  const control = isControl(el);

  const visuallyHidden = ((): ElementInspection['visuallyHidden'] => {
    if (!el.isConnected) return null;
    if (rect.width <= 1 || rect.height <= 1) return { why: 'tiny or zero size' };
    const scrollX = view ? view.scrollX : 0;
    const scrollY = view ? view.scrollY : 0;
    if (rect.right + scrollX <= 0 || rect.bottom + scrollY <= 0) return { why: 'off-screen' };
    for (const node of chain) {
      const s = styleOf(node);
      if (s.clip && s.clip !== 'auto' && s.position !== 'static') return { why: 'clipped (clip)' };
      if (s.clipPath && s.clipPath !== 'none') return { why: 'clipped (clip-path)' };
      if (Number(s.opacity) === 0) return { why: 'transparent (opacity 0)' };
    }
    return null;
  })();

  const disabled = ((): ElementInspection['disabled'] => {
    if (el.matches(':disabled')) {
      const fieldset = el.closest('fieldset[disabled]');
      if (fieldset && !el.hasAttribute('disabled')) {
        return { why: 'inside a disabled fieldset', by: describe(fieldset).description };
      }
      return { why: 'disabled attribute', by: 'the element itself' };
    }
    for (const node of chain) {
      if (node.getAttribute('aria-disabled') === 'true') {
        return { why: 'aria-disabled', by: node === el ? 'the element itself' : describe(node).description };
      }
    }
    return null;
  })();

  /** The nearest fixed or sticky box around a node (null: it scrolls with the page). */
  const pinnedBy = (node: Element): Element | null => {
    for (let n: Element | null = node; n; n = n.parentElement) {
      const pos = styleOf(n).position;
      if (pos === 'fixed' || pos === 'sticky') return n;
    }
    return null;
  };
  const HANDLER_ATTRS = ['onclick', 'onmousedown', 'onmouseup', 'onpointerdown', 'onpointerup'];
  const hit = ((): ElementInspection['hit'] => {
    if (!inViewport || !el.isConnected) return null;
    const doc = el.ownerDocument;
    const at = doc.elementFromPoint(cx, cy);
    if (!at) return null;
    const self = at === el || el.contains(at);
    const label =
      !self && at.closest('label') !== null && (at.closest('label') as HTMLLabelElement).control === el;
    const root = at === doc.documentElement || at === doc.body;
    let foreignControl = false;
    let takesClicks = styleOf(at).cursor === 'pointer';
    for (let n: Element | null = at; n && n !== doc.body && n !== doc.documentElement; n = n.parentElement) {
      const h = n as HTMLElement;
      const controlHere = isControl(n);
      if (controlHere && !self && !label && !n.contains(el)) foreignControl = true;
      // Handlers set as properties belong to the course's world and read as null here; the attributes do not.
      const handles = HANDLER_ATTRS.some((a) => n?.hasAttribute(a) === true);
      if (
        controlHere ||
        handles ||
        h.onclick ||
        h.onmousedown ||
        h.onmouseup ||
        h.onpointerdown ||
        h.onpointerup
      ) {
        takesClicks = true;
      }
    }
    const twin = ((): boolean => {
      if (self || label || root) return false;
      const other = at.closest('input, select, textarea, button');
      if (!other || other === el || other.tagName !== el.tagName) return false;
      if (other.getAttribute('type') !== el.getAttribute('type')) return false;
      // Either way round: the drawn copy over the accessible one, or the accessible copy raised over the
      // drawn one (Storyline lifts it under the pointer), standing where the element stands.
      const otherHidden = other.closest('[aria-hidden="true"]') !== null;
      if (otherHidden === (el.closest('[aria-hidden="true"]') !== null)) return false;
      const o = other.getBoundingClientRect();
      // Standing where it stands: each box holds the other's centre. A control of a bar fixed over the page
      // (Adapt's top bar, aria-hidden while a pop-up is open) only passes over it: that is a cover, no twin.
      const ox = o.left + o.width / 2;
      const oy = o.top + o.height / 2;
      const mutual =
        o.left <= cx &&
        cx <= o.right &&
        o.top <= cy &&
        cy <= o.bottom &&
        rect.left <= ox &&
        ox <= rect.right &&
        rect.top <= oy &&
        oy <= rect.bottom;
      return mutual && pinnedBy(other) === pinnedBy(el);
    })();
    const ownDrawing = ((): boolean => {
      // A drawing that stands for a control looks clickable; a plain box over it is someone else's cover.
      if (self || label || root || foreignControl || !takesClicks || isControl(at)) return false;
      const atBox = at.getBoundingClientRect();
      if (atBox.width * atBox.height > 2 * Math.max(1, rect.width * rect.height)) return false;
      const near = [el.parentElement, el.parentElement?.parentElement].filter((n) => n && n !== doc.body);
      if (near.some((n) => n?.contains(at))) return true;
      for (let n: Element | null = at.parentElement; n && n !== doc.body; n = n.parentElement) {
        if (!n.contains(el)) continue;
        const h = n as HTMLElement;
        return (
          styleOf(n).cursor === 'pointer' ||
          HANDLER_ATTRS.some((a) => n?.hasAttribute(a) === true) ||
          h.onclick !== null ||
          isControl(n)
        );
      }
      return false;
    })();
    const dropdownFace = ((): boolean => {
      if (el.tagName !== 'SELECT' || self || label || root || !takesClicks) return false;
      const face = at.closest('[tabindex], [role]');
      if (!face || face.closest('input, select, textarea, button, a[href]')) return false;
      const faceBox = face.getBoundingClientRect();
      if (faceBox.width * faceBox.height > 2 * Math.max(1, rect.width * rect.height)) return false;
      const near = [el.parentElement, el.parentElement?.parentElement].filter((n) => n && n !== doc.body);
      return near.some((n) => n?.contains(face));
    })();
    const namedBy = ((): boolean => {
      if (self || label || root || foreignControl || isControl(at)) return false;
      const ids = (el.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter((id) => id !== '');
      return ids.some((id) => doc.getElementById(id)?.contains(at) === true);
    })();
    const atRect = at.getBoundingClientRect();
    const overlay = !self && atRect.width * 2 >= vw && atRect.height * 2 >= vh;
    return {
      ...describe(at),
      self,
      label,
      root,
      foreignControl,
      takesClicks,
      twin,
      ownDrawing,
      dropdownFace,
      namedBy,
      overlay,
    };
  })();

  // aria-hidden speaks to assistive technology; what is drawn and takes the pointer is reachable by pointer:
  // the element itself, or what stands for it there (its label, its twin, its own drawing). An element
  // drawn invisibly counts only through what stands for it.
  const standsFor = hit !== null && (hit.label || hit.twin || hit.ownDrawing || hit.namedBy);
  const ariaHiddenOnly =
    hidden?.why === 'aria-hidden' &&
    hit !== null &&
    (visuallyHidden === null ? hit.self || standsFor : standsFor);

  return {
    connected: el.isConnected,
    tagName: el.tagName,
    id: el.id,
    className: typeof el.className === 'string' ? el.className : '',
    textContent: clip(el.textContent ?? '', 200),
    role,
    name,
    type,
    value: value === null ? null : value.slice(0, 500),
    checked,
    kind,
    multiple: select ? select.multiple : false,
    readOnly: (el as HTMLInputElement).readOnly === true,
    options,
    optionCount: select ? select.options.length : 0,
    hidden: ariaHiddenOnly ? null : hidden,
    ariaHiddenBy: ariaHiddenOnly && hidden ? hidden.by : null,
    visuallyHidden,
    disabled,
    control,
    box,
    inViewport,
    hit,
  };
}
