/**
 * Layout checks measured on the rendered SCO (run in the DOM tools' isolated world of the SCO frame). Kept as browser JavaScript
 * in a string so it runs unchanged under tsx and the compiled build.
 */
export interface LayoutProbeOptions {
  touch: boolean;
  minTapPx: number;
  minFontPx: number;
  maxPerType: number;
}

export const LAYOUT_PROBE = String.raw`
(function (opts) {
  var doc = document, de = doc.documentElement, body = doc.body;
  var vw = de.clientWidth || window.innerWidth, vh = de.clientHeight || window.innerHeight;
  var issues = [], counts = {};
  function add(type, severity, el, description, fix, details) {
    counts[type] = (counts[type] || 0) + 1;
    if (counts[type] > opts.maxPerType) return;
    var r = el && el.getBoundingClientRect ? el.getBoundingClientRect() : null;
    issues.push({ type: type, severity: severity, selector: el ? path(el) : 'html', description: description, fix_suggestion: fix,
      rect: r ? { x: Math.round(r.left), y: Math.round(r.top), width: Math.round(r.width), height: Math.round(r.height) } : null,
      details: details || {} });
  }
  function path(el) {
    if (!el || el.nodeType !== 1) return '';
    var parts = [];
    for (var e = el, depth = 0; e && e.nodeType === 1 && depth < 5; e = e.parentElement, depth++) {
      if (e.id && e.id.length <= 100 && doc.querySelectorAll('#' + CSS.escape(e.id)).length === 1) { parts.unshift('#' + CSS.escape(e.id)); break; }
      var s = e.tagName.toLowerCase();
      if (e === body || e === de) { parts.unshift(s); break; }
      var cls = (typeof e.className === 'string' ? e.className : '').trim().split(/\s+/).filter(Boolean).slice(0, 2);
      if (cls.length) s += '.' + cls.map(function (c) { return CSS.escape(c); }).join('.');
      var p = e.parentElement;
      if (p) {
        var same = Array.prototype.filter.call(p.children, function (c) { return c.tagName === e.tagName; });
        if (same.length > 1) s += ':nth-of-type(' + (same.indexOf(e) + 1) + ')';
      }
      parts.unshift(s);
    }
    return parts.join(' > ');
  }
  function visible(el, r) {
    if (r.width <= 0 || r.height <= 0) return false;
    var cs = getComputedStyle(el);
    if (cs.visibility === 'hidden' || cs.display === 'none' || Number(cs.opacity) === 0) return false;
    return true;
  }
  function srOnly(el, r) {
    if (r.width <= 1 || r.height <= 1) return true;
    var cs = getComputedStyle(el);
    if (cs.clip && cs.clip !== 'auto') return true;
    if (cs.clipPath && cs.clipPath.indexOf('inset(50%') === 0) return true;
    var c = typeof el.className === 'string' ? el.className : '';
    return /(^|\s)(sr-only|visually-hidden|screen-reader|offscreen|skip)/i.test(c);
  }
  function within(el, set) {
    for (var e = el.parentElement; e; e = e.parentElement) if (set.indexOf(e) >= 0) return true;
    return false;
  }
  if (!body) return { frame: { width: vw, height: vh }, document: { scrollWidth: 0, scrollHeight: 0 }, issues: [], counts: {} };

  var all = body.getElementsByTagName('*');
  var limit = Math.min(all.length, 20000);
  var sw = Math.max(de.scrollWidth, body.scrollWidth), sh = Math.max(de.scrollHeight, body.scrollHeight);
  var rootCs = getComputedStyle(de), bodyCs = getComputedStyle(body);
  var hiddenX = rootCs.overflowX === 'hidden' || bodyCs.overflowX === 'hidden' || rootCs.overflowX === 'clip' || bodyCs.overflowX === 'clip';
  var hiddenY = rootCs.overflowY === 'hidden' || bodyCs.overflowY === 'hidden' || rootCs.overflowY === 'clip' || bodyCs.overflowY === 'clip';

  // 1. Content wider than the frame.
  if (sw > vw + 1) {
    var wide = [];
    for (var i = 0; i < limit; i++) {
      var el = all[i], r = el.getBoundingClientRect();
      if (r.right > vw + 1 && r.width > 0 && !within(el, wide) && visible(el, r) && !srOnly(el, r)) wide.push(el);
      if (wide.length >= opts.maxPerType) break;
    }
    add(hiddenX ? 'content_cut_off' : 'content_wider_than_frame', 'error', wide[0] || body,
      'The page is ' + sw + ' px wide but the SCO frame is ' + vw + ' px' + (hiddenX ? ', and horizontal scrolling is disabled, so the right-hand part cannot be reached.' : '; learners must scroll sideways.'),
      'Let the layout shrink to the frame: use max-width: 100%, relative widths or a flex/grid layout instead of fixed pixel widths.',
      { scrollWidth: sw, frameWidth: vw, offenders: wide.map(path) });
  }
  // Page taller than the frame with vertical scrolling disabled.
  if (sh > vh + 1 && hiddenY) {
    add('content_cut_off', 'error', body, 'The page is ' + sh + ' px tall but the frame is ' + vh + ' px and vertical scrolling is disabled (overflow: hidden), so the bottom is unreachable.',
      'Remove overflow: hidden from html/body or make the content fit the frame height.', { scrollHeight: sh, frameHeight: vh });
  }

  // CSS rules, for telling fixed sizes from fluid ones.
  var rules = [];
  for (var si = 0; si < doc.styleSheets.length; si++) {
    var list = null;
    try { list = doc.styleSheets[si].cssRules; } catch (e) { list = null; }
    if (!list) continue;
    for (var ri = 0; ri < list.length && rules.length < 5000; ri++) if (list[ri].selectorText) rules.push(list[ri]);
  }
  var FIXED = /^-?[\d.]+(px|pt|cm|mm|in|pc)$/;
  function declaredFixed(el, prop) {
    var v = el.style && el.style.getPropertyValue(prop);
    if (v && FIXED.test(v.trim())) return v.trim();
    for (var k = rules.length - 1; k >= 0; k--) {
      var d = rules[k].style.getPropertyValue(prop);
      if (!d || !FIXED.test(d.trim())) continue;
      try { if (el.matches(rules[k].selectorText)) return d.trim(); } catch (e) { /* bad selector */ }
    }
    if (prop === 'width' && el.getAttribute && /^\d+$/.test(el.getAttribute('width') || '')) return el.getAttribute('width') + 'px';
    if (prop === 'height' && el.getAttribute && /^\d+$/.test(el.getAttribute('height') || '')) return el.getAttribute('height') + 'px';
    return null;
  }

  var TAP = 'a[href],button,input:not([type=hidden]),select,textarea,summary,[role=button],[role=link],[role=checkbox],[role=radio],[role=tab],[role=menuitem],[onclick]';
  var fixedSeen = [], textSeen = [];
  for (var j = 0; j < limit; j++) {
    var e = all[j];
    var rr = e.getBoundingClientRect();
    if (!visible(e, rr)) continue;
    var cs = getComputedStyle(e);

    // 5. Fixed-size content that does not fit the viewport.
    if ((rr.width > vw + 1 || rr.height > vh + 1) && !within(e, fixedSeen)) {
      var fw = rr.width > vw + 1 ? (declaredFixed(e, 'width') || declaredFixed(e, 'min-width')) : null;
      var fh = rr.height > vh + 1 ? (declaredFixed(e, 'height') || declaredFixed(e, 'min-height')) : null;
      if (fw || fh) {
        fixedSeen.push(e);
        add('fixed_size_too_large', 'warning', e,
          'This element has a fixed ' + (fw ? 'width of ' + fw : 'height of ' + fh) + ' (' + Math.round(fw ? rr.width : rr.height) + ' px) but the frame is ' + (fw ? vw + ' px wide' : vh + ' px tall') + '.',
          'Replace the fixed size with max-width/max-height: 100% or relative units so it scales to the viewport.',
          { width: Math.round(rr.width), height: Math.round(rr.height), declaredWidth: fw, declaredHeight: fh, frameWidth: vw, frameHeight: vh });
      }
    }

    // 4. Content clipped by its container, or placed off-screen.
    if ((cs.overflowX === 'hidden' || cs.overflowY === 'hidden' || cs.overflowX === 'clip' || cs.overflowY === 'clip') && e !== body && e !== de) {
      var clipX = (cs.overflowX === 'hidden' || cs.overflowX === 'clip') && e.scrollWidth > e.clientWidth + 1;
      var clipY = (cs.overflowY === 'hidden' || cs.overflowY === 'clip') && e.scrollHeight > e.clientHeight + 1;
      if ((clipX || clipY) && (e.textContent || '').trim().length > 0 && cs.textOverflow !== 'ellipsis') {
        add('content_cut_off', 'warning', e,
          'Content inside this ' + e.tagName.toLowerCase() + ' is clipped: it needs ' + e.scrollWidth + 'x' + e.scrollHeight + ' px but shows ' + e.clientWidth + 'x' + e.clientHeight + ' px with overflow hidden.',
          'Let the box grow with its content (height: auto / min-height) or allow scrolling (overflow: auto).',
          { scrollWidth: e.scrollWidth, scrollHeight: e.scrollHeight, clientWidth: e.clientWidth, clientHeight: e.clientHeight });
      }
    }
    var hasOwnContent = e.tagName === 'IMG' || e.tagName === 'VIDEO' || e.tagName === 'CANVAS' || e.tagName === 'BUTTON' || e.tagName === 'INPUT';
    if (!hasOwnContent) {
      for (var c = e.firstChild; c; c = c.nextSibling) if (c.nodeType === 3 && c.nodeValue.trim()) { hasOwnContent = true; break; }
    }
    if (hasOwnContent && (rr.right <= 0 || rr.bottom <= 0 || rr.left < -1) && !srOnly(e, rr) && cs.position !== 'fixed') {
      add('off_screen', 'warning', e,
        rr.right <= 0 || rr.bottom <= 0 ? 'This content is placed entirely outside the visible area (left ' + Math.round(rr.left) + ' px, top ' + Math.round(rr.top) + ' px).' : 'This content starts ' + Math.round(-rr.left) + ' px left of the frame edge and is partly hidden.',
        'Position it inside the page (check negative margins, left/translate offsets); hide it with display: none if it is not meant to be seen.',
        { left: Math.round(rr.left), top: Math.round(rr.top), right: Math.round(rr.right) });
    }

    // 3. Text under the minimum size.
    if (!within(e, textSeen)) {
      var hasText = false;
      for (var t = e.firstChild; t; t = t.nextSibling) if (t.nodeType === 3 && t.nodeValue.trim()) { hasText = true; break; }
      var fs = parseFloat(cs.fontSize);
      if (hasText && fs < opts.minFontPx && !srOnly(e, rr)) {
        textSeen.push(e);
        add('text_too_small', 'warning', e, 'Text is ' + fs + ' px, below the ' + opts.minFontPx + ' px minimum for readable text.',
          'Use a font-size of at least ' + opts.minFontPx + ' px (0.75rem) for body text.', { fontSize: fs, text: (e.textContent || '').trim().slice(0, 60) });
      }
    }

    // 2. Tap targets on touch screens.
    if (opts.touch && e.matches(TAP)) {
      var tw = rr.width, th = rr.height;
      var label = e.closest('label') || (e.id ? doc.querySelector('label[for="' + CSS.escape(e.id) + '"]') : null);
      if (label) { var lr = label.getBoundingClientRect(); tw = Math.max(tw, lr.width); th = Math.max(th, lr.height); }
      var inlineLink = e.tagName === 'A' && cs.display === 'inline' && e.parentElement && (e.parentElement.textContent || '').trim().length > (e.textContent || '').trim().length + 20;
      if ((tw < opts.minTapPx || th < opts.minTapPx) && !inlineLink && !srOnly(e, rr)) {
        add('tap_target_too_small', 'warning', e,
          'This ' + (e.getAttribute('role') || e.tagName.toLowerCase()) + ' is ' + Math.round(tw) + 'x' + Math.round(th) + ' px; touch targets need at least ' + opts.minTapPx + 'x' + opts.minTapPx + ' px.',
          'Increase padding or min-width/min-height to ' + opts.minTapPx + ' px.', { width: Math.round(tw), height: Math.round(th), text: (e.textContent || e.value || '').trim().slice(0, 60) });
      }
    }
  }
  return { frame: { width: vw, height: vh }, document: { scrollWidth: sw, scrollHeight: sh }, issues: issues, counts: counts, scanned: limit, elements: all.length };
})
`;
