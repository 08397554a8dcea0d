/**
 * Injected into every frame of a session (an init script, before the frame's own scripts). A course
 * stuck in `for (;;) alert(...)` never yields while a dialog is open, so the debugger cannot stop it.
 * Like Chrome's "prevent this page from creating additional dialogs", after DIALOG_LOOP_COUNT dialogs
 * within DIALOG_LOOP_WINDOW_MS further dialogs return at once (alert: undefined, confirm: true,
 * prompt: its default) and a marker goes to the console; the runtime then stops the now busy script.
 * So do more than DIALOG_LOOP_COUNT dialogs in one task, however slowly each is answered (a loaded
 * machine can take over WINDOW_MS / COUNT to answer one).
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
  const microtask = queueMicrotask;
  // Dialog times in [first, times.length): plain index arithmetic, no Array methods to patch.
  const times: number[] = [];
  let first = 0;
  let suppressed = false;
  // Dialogs since the event loop last turned (reset by a microtask, which a dialog loop never reaches).
  let inTask = 0;
  const taskEnded = (): void => {
    inTask = 0;
  };
  const wrap = (name: 'alert' | 'confirm' | 'prompt'): void => {
    const original = w[name];
    if (typeof original !== 'function') return;
    const guarded = function (this: unknown, ...args: unknown[]): unknown {
      if (!suppressed) {
        const t = now();
        times[times.length] = t;
        while (first < times.length && t - (times[first] as number) > DIALOG_LOOP_WINDOW_MS) first++;
        if (inTask++ === 0) microtask(taskEnded);
        const count = times.length - first;
        if (count > DIALOG_LOOP_COUNT || inTask > DIALOG_LOOP_COUNT) {
          suppressed = true;
          try {
            apply(warn, console, [
              `${DIALOG_LOOP_MARKER}: ${name} called ${count > DIALOG_LOOP_COUNT ? `${count} times in ${DIALOG_LOOP_WINDOW_MS} ms` : `${inTask} times before its script returned`}; further dialogs are suppressed.`,
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
