/**
 * What the mirror keeps of a course's DOM and how it writes it, as pure functions: the page script
 * (serialize.ts) applies them element by element, and unit tests check them in Node. The mirror is
 * rendered in a sandboxed iframe without scripts, under a CSP; these rules are a second fence (nothing
 * that could run, navigate, fetch on its own or steal focus survives) and keep the picture truthful
 * (what a learner sees, not what a scripted page would show with scripting off).
 */

/** The attribute carrying an element's number in the mirror (stable for the element's lifetime). */
export const NUMBER_ATTRIBUTE = 'data-st-n';
/** "x,y": the element's scroll offsets in the real page, applied by the player panel after rendering. */
export const SCROLL_ATTRIBUTE = 'data-st-scroll';
/** On a <frame> (which has no srcdoc): the nested document's HTML, written in by the player panel. */
export const FRAME_HTML_ATTRIBUTE = 'data-st-srcdoc';
/** Attributes of ours: a course's own attributes with this prefix are dropped, so it cannot fake them. */
export const OWN_ATTRIBUTE_PREFIX = 'data-st-';

export const VOID_ELEMENTS: ReadonlySet<string> = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/**
 * Elements left out with their content: scripts never run in the mirror; noscript would show what a
 * scripted page hides; base is replaced by ours; plugins and portals cannot be mirrored; template
 * content is inert anyway.
 */
const DROPPED_ELEMENTS: ReadonlySet<string> = new Set([
  'script',
  'noscript',
  'base',
  'object',
  'embed',
  'applet',
  'portal',
  'template',
]);

/** Link relations worth keeping: the page's look. Preloads, prefetches, manifests are fetches of their own. */
const KEPT_LINK_RELS = /(^|\s)(stylesheet|icon)(\s|$)/i;

export function dropsElement(tag: string, attrs: (name: string) => string | null): boolean {
  if (DROPPED_ELEMENTS.has(tag)) return true;
  // http-equiv: refresh would navigate the mirror, a course CSP would fight ours.
  if (tag === 'meta') return attrs('http-equiv') !== null;
  if (tag === 'link') return !KEPT_LINK_RELS.test(attrs('rel') ?? '');
  return false;
}

/** Attributes that would act in the mirror on their own: focus theft, media playing, popups, pings. */
const DROPPED_ATTRIBUTES: ReadonlySet<string> = new Set([
  'autofocus',
  'autoplay',
  'target',
  'ping',
  'srcdoc',
  'nonce',
  'http-equiv',
]);

/** A script URL as browsers read it: controls and whitespace anywhere in the scheme are ignored. */
function isScriptUrl(value: string): boolean {
  return /^(javascript|vbscript):/i.test(value.replace(/[\s\p{Cc}]/gu, ''));
}

/** Whether an attribute of the course is written into the mirror. */
export function keepsAttribute(name: string, value: string): boolean {
  const lower = name.toLowerCase();
  if (lower.startsWith('on')) return false;
  if (lower.startsWith(OWN_ATTRIBUTE_PREFIX)) return false;
  if (DROPPED_ATTRIBUTES.has(lower)) return false;
  return !isScriptUrl(value);
}

export function escapeText(text: string): string {
  return text.replace(/[&<>\u00a0]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&nbsp;',
  );
}

export function escapeAttribute(value: string): string {
  return value.replace(/[&"\u00a0]/g, (c) => (c === '&' ? '&amp;' : c === '"' ? '&quot;' : '&nbsp;'));
}

/**
 * Style text made safe in any parse context. Inside HTML a <style> is raw text, but inside <svg> or
 * <math> (foreign content) its text is parsed as markup, where an <img> or <meta> breaks out into live
 * HTML. So no "<", ">" or "&" is ever written: each becomes a CSS escape (\3c, \3e, \26), which means
 * the same character to CSS inside strings and URLs, where such characters occur in real CSS. A
 * character the CSS already escaped ("\<") loses that backslash, since the CSS escape replaces it.
 */
export function safeStyleText(css: string): string {
  return css.replace(/(\\*)([<>&])/g, (_m, slashes: string, c: string) => {
    const kept = slashes.length % 2 === 1 ? slashes.slice(1) : slashes;
    return `${kept}\\${c.charCodeAt(0).toString(16)} `;
  });
}

/**
 * Attributes holding one URL. The mirror writes them absolute (resolved against the element's base in the
 * real page), so it depends on no <base> (the inspector's page policy may forbid one), and the course
 * content server's URLs can be mapped to the inspector's content route in one pass.
 */
export const URL_ATTRIBUTES: ReadonlySet<string> = new Set([
  'src',
  'href',
  'xlink:href',
  'poster',
  'background',
  'action',
  'formaction',
  'data',
  'cite',
  'longdesc',
]);

export function absoluteUrl(value: string, base: string): string {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.startsWith('#')) return value;
  try {
    return new URL(trimmed, base).href;
  } catch {
    return value;
  }
}

/** "a.png 1x, b.png 2x" with each URL made absolute. */
export function absoluteSrcset(value: string, base: string): string {
  return value
    .split(',')
    .map((candidate) => {
      const [url = '', ...descriptors] = candidate.trim().split(/\s+/);
      return [absoluteUrl(url, base), ...descriptors].join(' ');
    })
    .join(', ');
}

/** CSS with every url(...) and @import "..." made absolute. */
export function absoluteCss(css: string, base: string): string {
  return css
    .replace(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi, (_m, quote: string, url: string) =>
      url.startsWith('data:') ? `url(${quote}${url}${quote})` : `url("${absoluteUrl(url, base)}")`,
    )
    .replace(
      /@import\s+(['"])([^'"]*)\1/gi,
      (_m, _q: string, url: string) => `@import "${absoluteUrl(url, base)}"`,
    );
}

/** The policy every mirrored document carries: nothing runs; styles, images, fonts and media only from the inspector. */
export const MIRROR_CSP =
  "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; " +
  "media-src 'self' data:; frame-src 'self' about:; form-action 'none'; base-uri 'self'";

/** What starts every mirrored document's head: the policy, before anything that could load. */
export function headPrologue(): string {
  return `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(MIRROR_CSP)}">`;
}
