// A small SCORM 2004 wrapper: finds API_1484_11 (parents, then the opener's parents), and keeps
// the course working without an LMS (every call then answers "").
(function () {
  'use strict';

  function findIn(win) {
    for (var hops = 0; win && hops < 10; hops++) {
      if (win.API_1484_11) return win.API_1484_11;
      if (!win.parent || win.parent === win) break;
      win = win.parent;
    }
    return null;
  }

  var api = findIn(window) || (window.opener ? findIn(window.opener) : null);
  var started = false;
  var terminated = false;
  var startedAt = Date.now();

  function duration(ms) {
    return 'PT' + Math.round(ms / 10) / 100 + 'S';
  }

  window.Scorm = {
    get available() {
      return api !== null;
    },
    get active() {
      return started && !terminated;
    },
    initialize: function () {
      if (!api || started) return started;
      started = api.Initialize('') === 'true';
      startedAt = Date.now();
      return started;
    },
    get: function (element) {
      return this.active ? String(api.GetValue(element)) : '';
    },
    set: function (element, value) {
      return this.active ? api.SetValue(element, String(value)) === 'true' : false;
    },
    commit: function () {
      return this.active ? api.Commit('') === 'true' : false;
    },
    terminate: function (exit) {
      if (!this.active) return false;
      api.SetValue('cmi.session_time', duration(Date.now() - startedAt));
      api.SetValue('cmi.exit', exit);
      api.Commit('');
      terminated = api.Terminate('') === 'true';
      return terminated;
    },
  };
})();
