/**
 * A learner typing (scorm_keyboard_type): into a target it first clicks (or focuses, for a visually
 * hidden control), or into whatever has focus inside the SCO. Text is typed key by key; special keys
 * ("Tab", "Enter", "Control+A") are pressed after it.
 */
import { CourseTextFields } from '../course-text-fields.js';
import { fail, ScormTesterError } from '../../core/errors.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { nothingRecorded, observeChanges, type ChangesReport } from '../changes.js';
import { pageFingerprint, sameFingerprint } from '../page-fingerprint.js';
import { TIMEOUT } from '../../core/within.js';
import { scoFrames } from '../frames.js';
import { ControlWorlds } from '../snapshot/control-world.js';
import type { TargetSpec } from '../target.js';
import { clickedElement, type ClickedElement } from './element-summary.js';
import {
  activateHiddenControl,
  isDrawnForEyesOnly,
  isHiddenAccessibleControl,
  isUnderOwnDrawing,
} from './hidden-control.js';
import { inspectElement, type DescribedElement, type ElementInspection } from './inspect-element.js';
import { delivered, runAction, UNCHANGED_NOTE, type ActionOptions, type Activation } from './run-action.js';

export interface TypeOptions extends ActionOptions {
  delayMs?: number | undefined;
  keys?: string[] | undefined;
}

export interface TypeResult {
  success: true;
  characters_typed: number;
  keys_pressed: string[];
  element: ClickedElement;
  frame: string;
  target_by: 'selector' | 'ref' | 'focus';
  /** How the target got focus: "pointer" (clicked) or "keyboard" (focused); "keyboard" without a target. */
  activation: Activation;
  /** For visible_element_at_position: what received the click (the drawn twin or drawing). */
  activated_element?: DescribedElement;
  /** Only when nothing at all changed (untargeted keys that went nowhere). */
  changed?: false;
  note?: string;
  changes: ChangesReport;
}

/** How long one frame's focus read may take. */
const FOCUS_READ_MS = 1_500;

const NAMED_KEYS = new Set([
  'Backquote', 'Minus', 'Equal', 'Backslash', 'Backspace', 'Tab', 'Delete', 'Escape', 'ArrowDown', 'End',
  'Enter', 'Home', 'Insert', 'PageDown', 'PageUp', 'ArrowRight', 'ArrowUp', 'ArrowLeft', 'Shift', 'Control',
  'Alt', 'Meta', 'ShiftLeft', 'ShiftRight', 'ControlLeft', 'ControlRight', 'AltLeft', 'AltRight', 'MetaLeft',
  'MetaRight', 'ControlOrMeta', 'Space', 'CapsLock', 'BracketLeft', 'BracketRight', 'Semicolon', 'Quote',
  'Comma', 'Period', 'Slash', 'NumpadEnter', 'ContextMenu',
]); // prettier-ignore
const CODE_KEY = /^(F([1-9]|1[0-9]|2[0-4])|Digit[0-9]|Key[A-Z]|Numpad[0-9])$/;

/** Throws INVALID_ARGUMENT for a key name Playwright would not know, before anything is typed. */
export function checkKeys(keys: readonly string[]): void {
  for (const key of keys) {
    const parts = key.length === 1 ? [key] : key.split('+');
    const bad = parts.find((p) => !(p.length === 1 || NAMED_KEYS.has(p) || CODE_KEY.test(p)));
    if (bad !== undefined || parts.some((p) => p === '')) {
      fail(
        'INVALID_ARGUMENT',
        `"${key.slice(0, 40)}" is not a key name: use one character or a name such as Enter, Tab, Escape, ` +
          'Backspace, ArrowLeft, Space, F1, KeyA, combined with "+" (e.g. "Shift+Tab", "ControlOrMeta+A").',
      );
    }
  }
}

export async function typeText(
  runtime: CourseRuntime,
  text: string,
  options: TypeOptions & TargetSpec,
): Promise<TypeResult> {
  const keys = options.keys ?? [];
  checkKeys(keys);
  const keyboard = runtime.actingPage.keyboard;
  const typeAll = async (): Promise<void> => {
    if (text.length > 0) await keyboard.type(text, { delay: options.delayMs ?? 0 });
    for (const key of keys) await keyboard.press(key);
  };
  const spec: TargetSpec = { selector: options.selector, ref: options.ref, frame: options.frame };
  if (spec.selector !== undefined || spec.ref !== undefined) {
    const result = await runAction(runtime, spec, options, 'typing', async (ctx) => {
      let activation: Activation = 'pointer';
      let activatedElement: DescribedElement | undefined;
      if (isHiddenAccessibleControl(ctx.info)) {
        await ctx.target.locator.focus({ timeout: ctx.timeoutMs });
        activation = 'keyboard';
      } else if (isUnderOwnDrawing(ctx.info) || isDrawnForEyesOnly(ctx.info)) {
        // The learner clicks what is drawn there (its drawn twin, or the copy raised under the pointer, takes the text).
        const done = await activateHiddenControl(ctx, { kind: 'click', button: 'left', clickCount: 1 });
        activation = done.activation;
        activatedElement = done.activatedElement;
      } else {
        await delivered(ctx.target.locator.click({ timeout: ctx.timeoutMs }));
      }
      await typeAll();
      return { activation, activatedElement, element: clickedElement(ctx.info) };
    });
    return {
      success: true,
      characters_typed: text.length,
      keys_pressed: keys,
      element: result.element,
      frame: result.frame,
      target_by: result.target_by,
      activation: result.activation,
      ...(result.activated_element ? { activated_element: result.activated_element } : {}),
      changes: result.changes,
    };
  }
  const focused = await focusedInSco(runtime);
  const observer = await observeChanges(runtime);
  const pageBefore = await pageFingerprint(runtime);
  try {
    await typeAll();
  } catch (err) {
    observer.dispose();
    throw err instanceof ScormTesterError
      ? err
      : typingFailed(focused.label, String(err).split('\n')[0] ?? '');
  }
  const changes = await observer.read({ settleMs: options.settleMs, signal: options.signal });
  // Keys sent to an element that takes no text and reacts to none (a player's focus sink) went nowhere.
  const unchanged = nothingRecorded(changes) && sameFingerprint(pageBefore, await pageFingerprint(runtime));
  return {
    success: true,
    characters_typed: text.length,
    keys_pressed: keys,
    element: focused.element,
    frame: focused.label,
    target_by: 'focus',
    activation: 'keyboard',
    ...(unchanged ? { changed: false as const, note: UNCHANGED_TYPING_NOTE } : {}),
    changes,
  };
}

/** The focused element is not named here: its id and classes are the course's words, shown in element. */
const UNCHANGED_TYPING_NOTE =
  `The keys went to the focused element (element says which) and nothing changed: ${UNCHANGED_NOTE} ` +
  'To type into a field, give options.selector or options.ref (it is clicked first).';

/**
 * The element that has focus inside the SCO (deepest frame first); fails when focus is outside it. Read
 * in the DOM tools' isolated world of each frame: the course's activeElement or hasFocus cannot move it.
 */
async function focusedInSco(runtime: CourseRuntime): Promise<{ label: string; element: ClickedElement }> {
  const frames = (await scoFrames(runtime)).reverse();
  const declaration = `function () { return (${focusedElement.toString()})(${inspectElement.toString()}); }`;
  for (const { frame, label } of frames) {
    const info = await ControlWorlds.of(runtime)
      .peek<undefined, ElementInspection | null>(frame, FOCUS_READ_MS, declaration, undefined)
      .catch(() => null);
    if (info && info !== TIMEOUT) return { label, element: clickedElement(info) };
  }
  return fail(
    'DOM_NOT_ACTIONABLE',
    'Nothing inside the SCO has keyboard focus, so the keys would go elsewhere. Give options.selector (the field ' +
      'or element to type into; it is clicked first), or click an element of the SCO before typing.',
    { reason: 'not_focused' },
  );
}

/**
 * Runs in the isolated world: the frame's focused element, read, when the frame itself has focus and the
 * focus is not on a child frame.
 */
function focusedElement(read: (el: Element) => ElementInspection | null): ElementInspection | null {
  const active = document.activeElement;
  if (!document.hasFocus() || !active) return null;
  return active.localName === 'iframe' || active.localName === 'frame' ? null : read(active);
}

/** The frame's label and the browser's words can carry the course's ids and text: kept in course_text. */
function typingFailed(label: string, said: string): ScormTesterError {
  const quoted = new CourseTextFields();
  return new ScormTesterError(
    'DOM_TIMEOUT',
    `Typing into the frame ${quoted.frame('frame', label)} failed; the browser's words are in ${quoted.text('error', said)}.`,
    { frame: label, ...quoted.details() },
  );
}
