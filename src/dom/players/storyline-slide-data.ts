/**
 * A Storyline slide's data file (html5/data/js/<slide id>.js, beside the player's page): one call
 * `window.globalProvideData('slide', '<JSON in a JavaScript string>')`. It is the course's file, so it is
 * decoded as text, never run. What it says of drag-and-drop: each object's `dragdrop` block, whose
 * `dragenabled` makes it a drag item and `dropenabled` a drop target, and whose `dragdropids` name its
 * interaction (`_drop_<id>`). The pairing the course grades (its triggers) is not read.
 */
import type { DragDropDeclarations } from '../snapshot/page/types.js';

const CALL = /globalProvideData\(\s*'slide'\s*,\s*'/;
const SIMPLE_ESCAPES: Record<string, string> = {
  n: '\n',
  r: '\r',
  t: '\t',
  b: '\b',
  f: '\f',
  v: '\v',
  0: '\0',
};

/** The drag items and drop targets a slide's data file declares, by model id; empty when it declares none. */
export function dragDropOfSlideData(source: string): DragDropDeclarations {
  const text = stringArgument(source);
  if (text === null) return {};
  let slide: unknown;
  try {
    slide = JSON.parse(text);
  } catch {
    return {};
  }
  const out: DragDropDeclarations = {};
  if (!isObject(slide)) return out;
  const question = typeof slide.title === 'string' ? slide.title : '';
  const visit = (objects: unknown): void => {
    if (!Array.isArray(objects)) return;
    for (const o of objects) {
      if (!isObject(o)) continue;
      const dd = o.dragdrop;
      if (isObject(dd) && typeof o.id === 'string' && (dd.dragenabled === true || dd.dropenabled === true)) {
        const ids = Array.isArray(dd.dragdropids) ? dd.dragdropids : [];
        const group = ids.find((id): id is string => typeof id === 'string' && id.startsWith('_drop_'));
        out[o.id] = {
          role: dd.dropenabled === true ? 'target' : 'item',
          group: group ?? '_drop_slide',
          question,
        };
      }
      visit(o.objects);
    }
  };
  const layers = slide.slideLayers;
  if (Array.isArray(layers)) for (const layer of layers) if (isObject(layer)) visit(layer.objects);
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The single-quoted string literal after `globalProvideData('slide', `, decoded; null when malformed. */
function stringArgument(source: string): string | null {
  const m = CALL.exec(source);
  if (!m) return null;
  let out = '';
  for (let i = m.index + m[0].length; i < source.length; i++) {
    const ch = source[i] as string;
    if (ch === "'") return out;
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = source[++i];
    if (next === undefined) return null;
    if (next === 'x' || next === 'u') {
      const braced = next === 'u' && source[i + 1] === '{';
      const end = braced ? source.indexOf('}', i) : i + (next === 'x' ? 2 : 4);
      const hex = braced ? source.slice(i + 2, end) : source.slice(i + 1, end + 1);
      const code = /^[0-9a-fA-F]{1,6}$/.test(hex) ? parseInt(hex, 16) : NaN;
      if (Number.isNaN(code) || code > 0x10ffff) return null;
      out += String.fromCodePoint(code);
      i = end;
    } else if (next === '\r' || next === '\n') {
      // A line continuation adds nothing.
      if (next === '\r' && source[i + 1] === '\n') i++;
    } else {
      out += SIMPLE_ESCAPES[next] ?? next;
    }
  }
  return null;
}
