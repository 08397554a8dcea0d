/**
 * Injected into every frame of a session (an init script, before the frame's own scripts). A course
 * stuck in `for (;;) alert(...)` never yields while a dialog is open, so the debugger cannot stop it.
 * Like Chrome's "prevent this page from creating additional dialogs", after DIALOG_LOOP_COUNT dialogs
 * within DIALOG_LOOP_WINDOW_MS further dialogs return at once (alert: undefined, confirm: true,
 * prompt: its default) and a marker goes to the console; the runtime then stops the now busy script.
 */
import { DIALOG_LOOP_COUNT, DIALOG_LOOP_MARKER, DIALOG_LOOP_WINDOW_MS } from '../wire.js';

const w = window as unknown as Record<string, unknown>;
const FLAG = '__scormTesterDialogGuard';
if (!w[FLAG]) {
  w[FLAG] = true;
  // Taken before the frame's own scripts run, so a course cannot disarm the guard by patching them.
  const now = Date.now;
  const warn = console.warn;
  const apply = Reflect.apply;
  const defineProperty = Object.defineProperty;
  const toText = String;
  // Dialog times in [first, times.length): plain index arithmetic, no Array methods to patch.
  const times: number[] = [];
  let first = 0;
  let suppressed = false;
  const wrap = (name: 'alert' | 'confirm' | 'prompt'): void => {
    const original = w[name];
    if (typeof original !== 'function') return;
    const guarded = function (this: unknown, ...args: unknown[]): unknown {
      if (!suppressed) {
        const t = now();
        times[times.length] = t;
        while (first < times.length && t - (times[first] as number) > DIALOG_LOOP_WINDOW_MS) first++;
        const count = times.length - first;
        if (count > DIALOG_LOOP_COUNT) {
          suppressed = true;
          try {
            apply(warn, console, [
              `${DIALOG_LOOP_MARKER}: ${name} called ${count} times in ${DIALOG_LOOP_WINDOW_MS} ms; further dialogs are suppressed.`,
            ]);
          } catch {
            // console replaced by the course
          }
        }
      }
      if (suppressed)
        return name === 'confirm'
          ? true
          : name === 'prompt'
            ? args.length > 1
              ? toText(args[1])
              : ''
            : undefined;
      return apply(original, this, args);
    };
    try {
      defineProperty(w, name, { value: guarded, writable: true, configurable: true });
    } catch {
      // leave the original
    }
  };
  wrap('alert');
  wrap('confirm');
  wrap('prompt');
}
