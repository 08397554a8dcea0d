/**
 * Controls that take input while being drawn invisibly (Storyline's accessible buttons, custom-styled
 * checkboxes, screen-reader-only inputs): Playwright refuses them as not visible, yet a learner operates
 * them every day, by clicking what is drawn where they sit or with the keyboard. This does the same:
 * (1) a real mouse click at the control's position when what is drawn there represents it (its label,
 * or something that looks clickable and is not the page itself nor another control), reporting what
 * took the click; (2) otherwise, or when that click left a checkbox as it was, focus plus Enter/Space
 * (or typing). A control hidden from everyone never gets here.
 */
import { ScormTesterError } from '../../core/errors.js';
import { readElementValue } from '../element-read.js';
import { targetStartingSentence } from '../target.js';
import { inspect, notActionable, scrollToCentre } from './diagnose.js';
import type { DescribedElement, ElementInspection } from './inspect-element.js';
import type { Activation, PerformContext } from './run-action.js';

export type HiddenIntent =
  | { kind: 'click'; button: 'left' | 'right'; clickCount: 1 | 2 }
  | { kind: 'check'; checked: boolean }
  | { kind: 'text'; text: string };

export interface HiddenActivation {
  activation: Activation;
  activatedElement?: DescribedElement;
  stateUnchanged?: boolean;
}

/** Smallest box (CSS px) taken as "drawn somewhere": screen-reader-only patterns use 1px or 0. */
const MIN_BOX = 4;
const FOCUS_RETRY_MS = 150;
const TOGGLE_KEYS = new Set(['checkbox', 'radio', 'switch', 'option', 'menuitemcheckbox', 'menuitemradio']);

/** A control that assistive technology reaches but that is drawn invisibly (see inspectElement). */
export function isHiddenAccessibleControl(info: ElementInspection): boolean {
  return info.connected && info.hidden === null && info.visuallyHidden !== null && info.control;
}

/**
 * A control under what is drawn for it: its drawn twin (Storyline's field over its accessible copy), its
 * own drawing (an SVG over its button) or the text naming it (Rise's option text over its checkbox row). A
 * learner reaches it by clicking what is drawn there.
 */
export function isUnderOwnDrawing(info: ElementInspection): boolean {
  return (
    info.hidden === null &&
    info.hit !== null &&
    (info.hit.twin || info.hit.ownDrawing || info.hit.dropdownFace || info.hit.namedBy)
  );
}

/** Whether a learner reaches the control through what is drawn at its position (the two cases above). */
export function isReachedThroughDrawing(info: ElementInspection): boolean {
  return isHiddenAccessibleControl(info) || isUnderOwnDrawing(info);
}

/**
 * A control drawn on screen but hidden from assistive technology (aria-hidden on it or an ancestor):
 * a sighted learner points at it, and what is on top there when the pointer arrives takes the click
 * (Storyline raises a field's accessible copy over its drawing under the pointer), so it is clicked
 * with the mouse where it is drawn, never through Playwright's own checks.
 */
export function isDrawnForEyesOnly(info: ElementInspection): boolean {
  return info.ariaHiddenBy !== null;
}

export async function activateHiddenControl(
  ctx: PerformContext,
  intent: HiddenIntent,
): Promise<HiddenActivation> {
  const { target } = ctx;
  let info = ctx.info;
  const action = intent.kind === 'click' ? 'click' : 'fill';
  const blocked = info.disabled ? notActionable(info, action, target) : null;
  if (blocked) throw blocked;
  if (intent.kind === 'check' && info.checked === intent.checked) {
    return { activation: hasBox(info) ? 'visible_element_at_position' : 'keyboard', stateUnchanged: true };
  }
  // Text goes where the learner types it: into the drawn twin, or the drawn field, focused by a click on it.
  const typedWhereDrawn = info.hit?.twin === true || (isDrawnForEyesOnly(info) && info.hit?.self === true);
  if ((intent.kind !== 'text' || typedWhereDrawn) && hasBox(info)) {
    if (!info.inViewport) {
      await scrollToCentre(ctx.runtime, target, ctx.timeoutMs);
      info = (await inspect(ctx.runtime, target)) ?? info;
    }
    if (info.inViewport && info.hit && representsControl(info.hit)) {
      const box = await target.locator.boundingBox({ timeout: ctx.timeoutMs });
      if (box) {
        const page = ctx.runtime.actingPage;
        const x = box.x + box.width / 2;
        const y = box.y + box.height / 2;
        // What takes the click is what is on top once the pointer is there (a hover may raise a twin).
        await page.mouse.move(x, y);
        const hit = (await inspect(ctx.runtime, target))?.hit ?? info.hit;
        const { description, selector, self } = hit;
        const done: HiddenActivation = {
          activation: self ? 'pointer' : 'visible_element_at_position',
          ...(self ? {} : { activatedElement: { description, selector } }),
        };
        const button = intent.kind === 'click' ? intent.button : 'left';
        const clicks = intent.kind === 'click' ? intent.clickCount : 1;
        for (let n = 1; n <= clicks; n++) {
          await page.mouse.down({ button, clickCount: n });
          await page.mouse.up({ button, clickCount: n });
        }
        if (intent.kind === 'click') return done;
        if (intent.kind === 'text') {
          await typeReplacing(ctx, intent.text);
          // Left as a learner leaves a field, so the course's change and blur handlers run: the field that
          // took the text, which is the drawing's twin when the click handed it the focus (Storyline 3).
          const focused = target.frame.frame.locator('input:focus, textarea:focus, [contenteditable]:focus');
          const left =
            (await focused.count().catch(() => 0)) > 0
              ? focused.first()
              : target.frame.frame.locator(selector);
          await left.blur({ timeout: ctx.timeoutMs });
          return done;
        }
        // What is drawn there did not toggle it: the learner's next try is the keyboard.
        if ((await inspect(ctx.runtime, target))?.checked === intent.checked) return done;
        return activateByKeyboard(ctx, info, intent, `clicking ${description} at its position, then `);
      }
    }
  }
  return activateByKeyboard(ctx, info, intent);
}

async function activateByKeyboard(
  ctx: PerformContext,
  info: ElementInspection,
  intent: HiddenIntent,
  triedFirst = '',
): Promise<HiddenActivation> {
  const { target } = ctx;
  const where = { selector: target.target, frame: target.frame.label };
  const why = info.visuallyHidden?.why ?? 'visually hidden';
  if (intent.kind === 'click' && (intent.button !== 'left' || intent.clickCount !== 1)) {
    throw new ScormTesterError(
      'DOM_NOT_ACTIONABLE',
      `${targetStartingSentence(target)} is a visually hidden control (${why}) with nothing drawn at its position that ` +
        'stands for it, so only a single click ' +
        'can be done, by keyboard; a double or right click has no keyboard equivalent. Use click_type "single".',
      { ...where, reason: 'not_visible', why },
    );
  }
  if (!(await focusWhenPossible(ctx))) {
    throw new ScormTesterError(
      'DOM_NOT_ACTIONABLE',
      `${targetStartingSentence(target)} is a visually hidden control (${why}) that cannot take focus, so a learner could ` +
        'not reach it by keyboard either. Target the visible element that represents it.',
      { ...where, reason: 'not_visible', why },
    );
  }
  const keyboard = ctx.runtime.actingPage.keyboard;
  if (intent.kind === 'text') {
    await typeReplacing(ctx, intent.text);
    await target.locator.blur({ timeout: ctx.timeoutMs });
  } else if (intent.kind === 'check') {
    await keyboard.press('Space');
    await expectChecked(ctx, intent.checked, `${triedFirst}pressing Space on it`);
  } else {
    await keyboard.press(info.role !== null && TOGGLE_KEYS.has(info.role) ? 'Space' : 'Enter');
  }
  return { activation: 'keyboard' };
}

/** Replaces the focused field's text as a learner does: select all, then type (or delete). */
async function typeReplacing(ctx: PerformContext, text: string): Promise<void> {
  const keyboard = ctx.runtime.actingPage.keyboard;
  await keyboard.press('ControlOrMeta+A');
  if (text === '') await keyboard.press('Delete');
  else await keyboard.type(text);
}

/**
 * Focuses the control, trying again until the action's time is up: right after a dialog closes, a
 * control may not take focus yet (still inert or being re-shown) and does a moment later.
 */
async function focusWhenPossible(ctx: PerformContext): Promise<boolean> {
  const deadline = Date.now() + ctx.timeoutMs;
  for (;;) {
    await ctx.target.locator.focus({ timeout: ctx.timeoutMs });
    const focused = await readElementValue(
      ctx.runtime,
      ctx.target,
      (el) => el.ownerDocument.activeElement === el,
      undefined,
      ctx.timeoutMs,
    );
    if (focused || Date.now() >= deadline) return focused === true;
    await new Promise((resolve) => setTimeout(resolve, FOCUS_RETRY_MS));
  }
}

/**
 * Whether a click on what is drawn at the control's centre is a click on the control as a learner sees
 * it. Not the bare page (nothing is drawn there), not another control that happens to overlap it (that
 * click would do something else), and not a decoration that takes no clicks.
 */
export function representsControl(hit: NonNullable<ElementInspection['hit']>): boolean {
  if (hit.self || hit.label || hit.twin || hit.ownDrawing || hit.dropdownFace || hit.namedBy) return true;
  return !hit.root && !hit.foreignControl && hit.takesClicks;
}

export function hasBox(info: ElementInspection): boolean {
  return (
    info.box.width >= MIN_BOX &&
    info.box.height >= MIN_BOX &&
    info.visuallyHidden?.why !== 'off-screen' &&
    info.visuallyHidden?.why !== 'tiny or zero size'
  );
}

async function expectChecked(ctx: PerformContext, wanted: boolean, how: string): Promise<void> {
  const now = await inspect(ctx.runtime, ctx.target);
  if (now && now.checked !== wanted) {
    throw new ScormTesterError(
      'DOM_NOT_ACTIONABLE',
      `${targetStartingSentence(ctx.target)} stayed ${now.checked ? 'checked' : 'unchecked'} after ${how}: the course does not ` +
        'toggle it the way a learner would. Click the visible element the course draws for it instead.',
      {
        selector: ctx.target.target,
        frame: ctx.target.frame.label,
        reason: 'no_effect',
        why: 'state did not change',
      },
    );
  }
}
