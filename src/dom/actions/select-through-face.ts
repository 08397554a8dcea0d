/**
 * A native select under a custom dropdown face (Captivate's msDropdown: the select clipped in a zero-height
 * holder, a face of its own drawn where it sits) is set as a learner sets it: a click on the face, then a
 * click on the option the opened list shows; when the face opens no list showing that option, by keyboard
 * on the select (focus, Home, then ArrowDown to the option), as a keyboard learner does. The result says
 * which: activation "visible_element_at_position" with the list item clicked, or "keyboard".
 */
import { ScormTesterError } from '../../core/errors.js';
import { readElementValue } from '../element-read.js';
import { targetStartingSentence } from '../target.js';
import type { DescribedElement } from './inspect-element.js';
import { hasBox, representsControl } from './hidden-control.js';
import type { Activation, PerformContext } from './run-action.js';

export type WantedOption = { value: string } | { label: string };

interface OptionSpot {
  index: number;
  label: string;
}

interface ListItem extends DescribedElement {
  /** Its centre in the frame's viewport. */
  x: number;
  y: number;
}

const LIST_WAIT_MS = 1_000;
const LIST_POLL_MS = 100;

/** The option of `select` the learner wants: its index and the text the list shows for it. */
function optionOf(el: Element, wanted: WantedOption): OptionSpot | null {
  const options = Array.from((el as HTMLSelectElement).options);
  const index = options.findIndex((o) =>
    'value' in wanted ? o.value === wanted.value : o.label.trim() === wanted.label.trim(),
  );
  const option = options[index];
  return option ? { index, label: option.label.trim() } : null;
}

/**
 * The visible element that shows `label` (deepest, outside the select, the one the pointer reaches at its
 * centre), nearest the select: the opened list's item for that option.
 */
function listItemOf(el: Element, label: string): ListItem | null {
  const doc = el.ownerDocument;
  const view = doc.defaultView;
  if (!view || label === '') return null;
  const own = el.getBoundingClientRect();
  const describe = (node: Element): DescribedElement => {
    const tag = node.tagName.toLowerCase();
    const cls = Array.from(node.classList).slice(0, 2);
    const description = tag + (node.id ? `#${node.id}` : '') + cls.map((c) => `.${c}`).join('');
    const path: string[] = [];
    for (let n: Element | null = node; n && n !== doc.documentElement; n = n.parentElement) {
      if (n.id && /^[A-Za-z][\w-]*$/.test(n.id)) {
        path.unshift(`#${n.id}`);
        break;
      }
      const parent: Element | null = n.parentElement;
      const same = parent ? Array.from(parent.children).filter((c) => c.tagName === n?.tagName) : [];
      const name = n.tagName.toLowerCase();
      path.unshift(same.length > 1 ? `${name}:nth-of-type(${same.indexOf(n) + 1})` : name);
    }
    return { description, selector: path.join(' > ') };
  };
  let best: { item: ListItem; distance: number } | null = null;
  for (const node of Array.from(doc.body?.querySelectorAll('*') ?? [])) {
    if (el.contains(node) || node.textContent?.trim() !== label) continue;
    if (Array.from(node.children).some((c) => c.textContent?.trim() === label)) continue;
    const box = node.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) continue;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    if (x < 0 || y < 0 || x > view.innerWidth || y > view.innerHeight) continue;
    const at = doc.elementFromPoint(x, y);
    if (!at || !(at === node || node.contains(at))) continue;
    const distance = Math.hypot(x - (own.x + own.width / 2), y - (own.y + own.height / 2));
    if (!best || distance < best.distance) best = { item: { ...describe(node), x, y }, distance };
  }
  return best?.item ?? null;
}

export async function selectThroughFace(
  ctx: PerformContext,
  wanted: WantedOption,
): Promise<{ activation: Activation; activatedElement?: DescribedElement }> {
  const { runtime, target, info, timeoutMs } = ctx;
  const spot = await readElementValue(runtime, target, optionOf, wanted, timeoutMs);
  if (!spot) return { activation: await byKeyboard(ctx, null) };
  const page = runtime.actingPage;
  const box = info.inViewport && info.hit && representsControl(info.hit) && hasBox(info);
  const pageBox = box ? await target.locator.boundingBox({ timeout: timeoutMs }) : null;
  if (pageBox) {
    // Frame coordinates to the page's: the select's box as the page has it, less its box in its frame.
    const dx = pageBox.x - info.box.x;
    const dy = pageBox.y - info.box.y;
    await page.mouse.click(pageBox.x + pageBox.width / 2, pageBox.y + pageBox.height / 2);
    const deadline = Date.now() + Math.min(LIST_WAIT_MS, timeoutMs);
    for (;;) {
      const item = await readElementValue(runtime, target, listItemOf, spot.label, timeoutMs);
      if (item) {
        await page.mouse.click(item.x + dx, item.y + dy);
        if (await isSet(ctx, spot.index))
          return {
            activation: 'visible_element_at_position',
            activatedElement: { description: item.description, selector: item.selector },
          };
        break;
      }
      if (Date.now() >= deadline) break;
      await new Promise((resolve) => setTimeout(resolve, LIST_POLL_MS));
    }
  }
  return { activation: await byKeyboard(ctx, spot) };
}

/** Focus on the select, then Home and ArrowDown to the option: each key moves the selection, as for a learner. */
async function byKeyboard(ctx: PerformContext, spot: OptionSpot | null): Promise<Activation> {
  const { target, timeoutMs } = ctx;
  const where = { selector: target.target, frame: target.frame.label };
  if (!spot) {
    throw new ScormTesterError(
      'DOM_INVALID_VALUE',
      `${targetStartingSentence(target)} has no option with that value or label.`,
      where,
    );
  }
  const keyboard = ctx.runtime.actingPage.keyboard;
  await target.locator.focus({ timeout: timeoutMs });
  await keyboard.press('Home');
  for (let i = 0; i < spot.index; i++) await keyboard.press('ArrowDown');
  if (await isSet(ctx, spot.index)) return 'keyboard';
  throw new ScormTesterError(
    'DOM_NOT_ACTIONABLE',
    `${targetStartingSentence(target)} is a select under a custom dropdown; neither the dropdown (no list item showing ` +
      'the option opened where a learner clicks) nor the keyboard set it. Click the dropdown and its option with ' +
      'scorm_dom_click or scorm_pointer_click.',
    { ...where, reason: 'no_effect', why: 'selection did not change' },
  );
}

async function isSet(ctx: PerformContext, index: number): Promise<boolean> {
  const now = await readElementValue(
    ctx.runtime,
    ctx.target,
    (el) => (el as HTMLSelectElement).selectedIndex,
    undefined,
    ctx.timeoutMs,
  );
  return now === index;
}
