/**
 * A Storyline slide's data file (html5/data/js/<slide id>.js, beside the player's page): one call
 * `window.globalProvideData('slide', '<JSON in a JavaScript string>')`. It is the course's file, so it is
 * decoded as text, never run. What it says of drag-and-drop: each object's `dragdrop` block, whose
 * `dragenabled` makes it a drag item and `dropenabled` a drop target, and whose `dragdropids` name its
 * interaction (`_drop_<id>`). The pairing the course grades (its triggers) is not read.
 */
import { parseExpressionAt } from 'acorn';
import type { DragDropDeclarations } from '../snapshot/page/types.js';

const CALL = /globalProvideData\(\s*'slide'\s*,\s*'/;

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

/** The string literal after `globalProvideData('slide', `, decoded by acorn (never run); null when malformed. */
function stringArgument(source: string): string | null {
  const m = CALL.exec(source);
  if (!m) return null;
  try {
    const literal = parseExpressionAt(source, m.index + m[0].length - 1, { ecmaVersion: 'latest' });
    return literal.type === 'Literal' && typeof literal.value === 'string' ? literal.value : null;
  } catch {
    return null;
  }
}
