/**
 * Injected into every frame of a session. A course stuck in `for (;;) alert(...)` never yields while a
 * dialog is open, so the debugger cannot stop it. Like Chrome's "prevent this page from creating
 * additional dialogs", after DIALOG_LOOP_COUNT dialogs within DIALOG_LOOP_WINDOW_MS further dialogs
 * return at once (alert: undefined, confirm: true, prompt: its default) and a marker goes to the
 * console; the runtime then stops the now busy script.
 */
export const DIALOG_LOOP_COUNT = 30;
export const DIALOG_LOOP_WINDOW_MS = 3000;
export const DIALOG_LOOP_MARKER = 'SCORM Tester: dialog loop detected';

export const DIALOG_GUARD_SCRIPT = String.raw`
(function () {
  var w = window;
  if (w.__scormTesterDialogGuard) return;
  w.__scormTesterDialogGuard = true;
  var times = [];
  var suppressed = false;
  function wrap(name) {
    var orig = w[name];
    if (typeof orig !== 'function') return;
    var fn = function () {
      if (!suppressed) {
        var now = Date.now();
        times.push(now);
        while (times.length && now - times[0] > ${DIALOG_LOOP_WINDOW_MS}) times.shift();
        if (times.length > ${DIALOG_LOOP_COUNT}) {
          suppressed = true;
          try { console.warn('${DIALOG_LOOP_MARKER}: ' + name + ' called ' + times.length + ' times in ${DIALOG_LOOP_WINDOW_MS} ms; further dialogs are suppressed.'); } catch (e) { /* ignore */ }
        }
      }
      if (suppressed) return name === 'confirm' ? true : name === 'prompt' ? (arguments.length > 1 ? String(arguments[1]) : '') : undefined;
      return orig.apply(this, arguments);
    };
    try { Object.defineProperty(w, name, { value: fn, writable: true, configurable: true }); } catch (e) { /* ignore */ }
  }
  wrap('alert');
  wrap('confirm');
  wrap('prompt');
})();
`;
