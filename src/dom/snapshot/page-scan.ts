/**
 * The one in-page pass per frame behind scorm_dom_find_interactive_elements: lists candidate controls in
 * document order with what only the DOM knows (a unique selector, form and question context, hints for the
 * purpose) and what it takes to pair it with Playwright's snapshot node (the role and name sources it
 * should have). Roles, names and states come from Playwright's snapshot, which runs in its own isolated
 * world; this pass runs in the course's world, so it is kept small, capped (`maxCandidates`), guarded per
 * element, and bounded by the caller's timeout.
 *
 * `scanFrame` is passed to `frame.evaluate` and must stay self-contained (no imports, no outer helpers).
 */

export interface ScanOptions {
  maxCandidates: number;
  /** Characters kept of texts and hints. */
  maxText: number;
  /**
   * Elements of snapshot nodes no candidate was paired with (resolved from their refs; ElementHandles on
   * the Node side): their selectors go to `located`.
   */
  locate?: readonly unknown[];
  /**
   * Return the result as one JSON string: Playwright serializes a large object value by value (measured
   * on 2,000 controls: ~2 s against ~0.1 s for one string). The course can replace JSON.stringify, so
   * the caller checks what it parses and falls back to the object form.
   */
  asJson?: boolean;
}

export interface ScanCandidate {
  selector: string;
  tag: string;
  type: string | null;
  /** The role attribute's first token, or null. */
  role: string | null;
  /** The role the snapshot should give it: the role attribute's first token, else the tag's implicit role. */
  ariaRole: string | null;
  /** Rendered with a box and not display:none / visibility:hidden. */
  rendered: boolean;
  /** pointer-events is not none: Playwright gives a ref only to elements that receive pointer events. */
  pointerEvents: boolean;
  /** Rendered but at most 2x2 px or clipped away: a screen-reader-only control. */
  srOnly: boolean;
  text: string;
  /** aria-label, title, alt, placeholder, value of buttons: what a name may come from. */
  label: string;
  /** Text of the aria-labelledby elements and of the <label>s of a field: what a name may come from. */
  labelledBy: string;
  /** href attribute of links (the snapshot's url). */
  href: string | null;
  /** id, class, name and icon classes of the element and its first children, for purpose hints. */
  hints: string;
  form: number;
  group: number;
  name: string | null;
  value: string | null;
  checked: boolean | null;
  disabled: boolean;
}

export interface ScanGroup {
  kind: 'fieldset' | 'radiogroup' | 'group' | 'listbox' | 'name' | 'field';
  selector: string;
  question: string;
}

export interface ScanForm {
  selector: string;
  id: string | null;
  name: string | null;
  action: string | null;
}

export interface ScanResult {
  url: string;
  title: string;
  candidates: ScanCandidate[];
  groups: ScanGroup[];
  forms: ScanForm[];
  /** Index of the focused candidate, or a short description of the focused element if it is not one. */
  focused: number | string | null;
  elementCount: number;
  candidateCount: number;
  truncated: boolean;
  /** Elements whose reading threw (course code replacing DOM methods); they are left out. */
  failed: number;
  /** Selectors for `locate`, in its order (null: the element could not be read). */
  located: Array<string | null>;
}

export function scanFrame(opts: ScanOptions): ScanResult | string {
  const doc = document;
  const INTERACTIVE_ROLES =
    ' button link checkbox radio textbox searchbox combobox listbox option menuitem menuitemcheckbox' +
    ' menuitemradio tab switch slider spinbutton treeitem gridcell ';
  const CANDIDATES =
    'a[href], area[href], button, input:not([type="hidden"]), select, textarea, summary, [role], ' +
    '[tabindex], [onclick], [contenteditable=""], [contenteditable="true"]';
  const clip = (s: string | null | undefined, max = opts.maxText): string => {
    const t = (s ?? '').replace(/\s+/g, ' ').trim();
    return t.length > max ? t.slice(0, max) : t;
  };
  const esc = (s: string): string => CSS.escape(s);

  const uniqueIds = new Map<string, boolean>();
  const idIsUnique = (id: string): boolean => {
    let known = uniqueIds.get(id);
    if (known === undefined) {
      known = doc.querySelectorAll(`#${esc(id)}`).length === 1;
      uniqueIds.set(id, known);
    }
    return known;
  };
  const segments = new Map<Element, string>();
  const segment = (el: Element): string => {
    const known = segments.get(el);
    if (known !== undefined) return known;
    const parent = el.parentElement;
    if (!parent) return el.tagName.toLowerCase();
    // Every child of this parent at once: siblings are asked for one after the other.
    const counts = new Map<string, number>();
    for (let c = parent.firstElementChild; c; c = c.nextElementSibling) {
      counts.set(c.tagName, (counts.get(c.tagName) ?? 0) + 1);
    }
    const seen = new Map<string, number>();
    for (let c = parent.firstElementChild; c; c = c.nextElementSibling) {
      const index = (seen.get(c.tagName) ?? 0) + 1;
      seen.set(c.tagName, index);
      const tag = c.tagName.toLowerCase();
      segments.set(c, (counts.get(c.tagName) ?? 0) > 1 ? `${tag}:nth-of-type(${index})` : tag);
    }
    return segments.get(el) ?? el.tagName.toLowerCase();
  };
  // A selector valid in this frame that matches exactly this element: its id when unique, otherwise
  // a child path from the nearest ancestor with a unique id (or from the root).
  const selectorOf = (el: Element): string => {
    if (el.id && idIsUnique(el.id)) return `#${esc(el.id)}`;
    const parts: string[] = [];
    let e: Element | null = el;
    while (e) {
      if (e !== el && e.id && idIsUnique(e.id)) {
        parts.unshift(`#${esc(e.id)}`);
        break;
      }
      if (e === doc.documentElement) {
        parts.unshift('html');
        break;
      }
      parts.unshift(segment(e));
      e = e.parentElement;
    }
    return parts.join(' > ');
  };

  const groups: ScanGroup[] = [];
  const groupIndex = new Map<Element | string, number>();
  const forms: ScanForm[] = [];
  const formIndex = new Map<Element, number>();
  const textOfIds = (ids: string): string =>
    clip(
      ids
        .split(/\s+/)
        .map((id) => (id ? (doc.getElementById(id)?.textContent ?? '') : ''))
        .join(' '),
    );
  // The question an answer option belongs to: the nearest text before its container (a heading, a
  // paragraph), looked for back through at most 60 siblings per ancestor level. Remembered per element:
  // the options of a page share most of the walk.
  const holdsControl = new Map<Element, boolean>();
  const skipped = (s: Element): boolean => {
    let v = holdsControl.get(s);
    if (v === undefined) {
      v = s.matches('script, style, label') || s.querySelector('input, select, textarea, button') !== null;
      holdsControl.set(s, v);
    }
    return v;
  };
  const textBefore = new Map<Element, string>();
  const precedingText = (from: Element): string => {
    const walked: Element[] = [];
    let found = '';
    for (let e: Element | null = from; e && e !== doc.body; e = e.parentElement) {
      const known = textBefore.get(e);
      if (known !== undefined) {
        found = known;
        break;
      }
      walked.push(e);
      let steps = 0;
      for (
        let s = e.previousElementSibling;
        s && steps < 60 && !found;
        s = s.previousElementSibling, steps++
      ) {
        if (!skipped(s)) found = clip(s.textContent);
      }
      if (found) break;
    }
    for (const e of walked) textBefore.set(e, found);
    return found;
  };
  const questionOf = (container: Element): string => {
    const labelledBy = container.getAttribute('aria-labelledby');
    if (labelledBy) {
      const t = textOfIds(labelledBy);
      if (t) return t;
    }
    const aria = container.getAttribute('aria-label');
    if (aria) return clip(aria);
    if (container.tagName === 'FIELDSET') {
      const legend = container.querySelector(':scope > legend');
      if (legend) return clip(legend.textContent);
    }
    return precedingText(container);
  };
  const CHOICE_ROLES = ' radio checkbox option menuitemradio switch ';
  const FIELD_ROLES = ' textbox searchbox spinbutton combobox listbox slider ';
  const groupOf = (el: Element, role: string): number => {
    const choice = CHOICE_ROLES.includes(` ${role} `);
    if (!choice && !FIELD_ROLES.includes(` ${role} `)) return -1;
    const container = el.closest('fieldset, [role="radiogroup"], [role="group"], [role="listbox"]');
    if (container && container !== el) {
      let index = groupIndex.get(container);
      if (index === undefined) {
        const r = container.getAttribute('role');
        index = groups.length;
        groups.push({
          kind:
            container.tagName === 'FIELDSET'
              ? 'fieldset'
              : r === 'radiogroup' || r === 'listbox'
                ? r
                : 'group',
          selector: selectorOf(container),
          question: questionOf(container),
        });
        groupIndex.set(container, index);
      }
      return index;
    }
    const parent = el.parentElement;
    // Options and fields often each sit in their own label or row: the question precedes the row.
    const anchor = parent && parent.tagName === 'LABEL' ? parent : el;
    const name = el.getAttribute('name');
    if (!choice || !name) {
      if (choice) return -1;
      groups.push({ kind: 'field', selector: selectorOf(el), question: precedingText(anchor) });
      return groups.length - 1;
    }
    const form = (el as HTMLInputElement).form;
    const key = `${form ? (formIndex.get(form) ?? 'f') : 'doc'}:${role}:${name}`;
    let index = groupIndex.get(key);
    if (index === undefined) {
      index = groups.length;
      groups.push({ kind: 'name', selector: selectorOf(anchor), question: precedingText(anchor) });
      groupIndex.set(key, index);
    }
    return index;
  };
  const formOf = (el: Element): number => {
    const form = (el as HTMLInputElement).form ?? el.closest('form');
    if (!form) return -1;
    let index = formIndex.get(form);
    if (index === undefined) {
      index = forms.length;
      forms.push({
        selector: selectorOf(form),
        id: form.id || null,
        name: form.getAttribute('name'),
        action: form.getAttribute('action'),
      });
      formIndex.set(form, index);
    }
    return index;
  };
  const implicitRole = (el: Element, tag: string, type: string | null): string | null => {
    if (tag === 'button' || tag === 'summary') return 'button';
    if (tag === 'a' || tag === 'area') return 'link';
    if (tag === 'textarea') return 'textbox';
    if (tag === 'select') {
      const s = el as HTMLSelectElement;
      return s.multiple || s.size > 1 ? 'listbox' : 'combobox';
    }
    if (tag !== 'input') return null;
    switch (type) {
      case 'button':
      case 'submit':
      case 'reset':
      case 'image':
        return 'button';
      case 'checkbox':
      case 'radio':
        return type;
      case 'range':
        return 'slider';
      case 'number':
        return 'spinbutton';
      case 'search':
        return 'searchbox';
      default:
        return 'textbox';
    }
  };

  const all = doc.querySelectorAll(CANDIDATES);
  const candidates: ScanCandidate[] = [];
  const active = doc.activeElement;
  let focused: number | string | null = null;
  let failed = 0;
  const limit = Math.min(all.length, opts.maxCandidates);
  for (let i = 0; i < limit; i++) {
    const el = all[i] as HTMLElement;
    try {
      const tag = el.tagName.toLowerCase();
      const explicit = (el.getAttribute('role') ?? '').trim().split(/\s+/)[0] || null;
      const type =
        tag === 'input' || tag === 'button' ? ((el as HTMLInputElement).type || 'text').toLowerCase() : null;
      const role = explicit ?? implicitRole(el, tag, type);
      // [role] and [tabindex] catch landmarks and containers too: keep controls only.
      if (!role || !INTERACTIVE_ROLES.includes(` ${role} `)) {
        if (!el.hasAttribute('onclick') && !(el.hasAttribute('tabindex') && el.tabIndex >= 0)) continue;
      }
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      const rendered =
        r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
      const srOnly =
        rendered &&
        ((r.width <= 2 && r.height <= 2) ||
          style.clip === 'rect(0px, 0px, 0px, 0px)' ||
          style.clipPath === 'inset(50%)' ||
          Number(style.opacity) === 0);
      const input = el as HTMLInputElement;
      const isField = tag === 'input' || tag === 'select' || tag === 'textarea';
      const checkable = type === 'checkbox' || type === 'radio';
      let hints = `${el.id} ${typeof el.className === 'string' ? el.className : ''}`;
      for (let c = el.firstElementChild, n = 0; c && n < 3; c = c.nextElementSibling, n++) {
        hints += ` ${typeof c.className === 'string' ? c.className : ''} ${c.getAttribute('aria-label') ?? ''}`;
      }
      const labelledBy = el.getAttribute('aria-labelledby');
      const fieldLabels = isField ? (input.labels ?? null) : null;
      let named = labelledBy ? textOfIds(labelledBy) : '';
      if (fieldLabels) for (const l of Array.from(fieldLabels)) named += ` ${clip(l.textContent)}`;
      const label = [
        el.getAttribute('aria-label'),
        el.getAttribute('title'),
        el.getAttribute('alt'),
        el.getAttribute('placeholder'),
        tag === 'input' && !checkable && type !== 'text' ? input.value : null,
      ]
        .filter((v) => v)
        .join(' | ');
      const index = candidates.length;
      candidates.push({
        selector: selectorOf(el),
        tag,
        type,
        role: explicit,
        ariaRole: role,
        rendered,
        pointerEvents: style.pointerEvents !== 'none',
        srOnly,
        text: clip(el.textContent),
        label: clip(label),
        labelledBy: clip(named),
        href: tag === 'a' || tag === 'area' ? el.getAttribute('href') : null,
        hints: clip(hints, 200),
        form: formOf(el),
        group: groupOf(el, role ?? ''),
        name: el.getAttribute('name'),
        value: isField && !checkable ? clip(input.value, 200) : null,
        checked: checkable
          ? input.checked
          : el.hasAttribute('aria-checked')
            ? el.getAttribute('aria-checked') === 'true'
            : null,
        disabled:
          isField || tag === 'button'
            ? (el as HTMLButtonElement).disabled
            : el.getAttribute('aria-disabled') === 'true',
      });
      if (el === active) focused = index;
    } catch {
      failed++;
    }
  }
  const located = (opts.locate ?? []).map((e) => {
    try {
      return e instanceof Element && e.ownerDocument === doc ? selectorOf(e) : null;
    } catch {
      return null; // a replaced DOM method: no selector for this one
    }
  });
  if (focused === null && active && active !== doc.body && active !== doc.documentElement) {
    try {
      focused = `${active.tagName.toLowerCase()}${active.id ? `#${active.id}` : ''}`;
    } catch {
      focused = null;
    }
  }
  const result: ScanResult = {
    url: location.href,
    title: clip(doc.title),
    candidates,
    groups,
    forms,
    focused,
    elementCount: doc.getElementsByTagName('*').length,
    candidateCount: all.length,
    truncated: all.length > limit,
    failed,
    located,
  };
  return opts.asJson ? JSON.stringify(result) : result;
}
