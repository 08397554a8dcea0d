// Finds the LMS's SCORM 2004 API by walking up parent frames, then the opener's frames.
(function () {
  'use strict';

  function searchFrames(win) {
    var hops = 0;
    while (win && !win.API_1484_11 && win.parent && win.parent !== win && hops < 10) {
      win = win.parent;
      hops += 1;
    }
    return win ? win.API_1484_11 || null : null;
  }

  function findApi() {
    var api = searchFrames(window);
    if (!api && window.opener) api = searchFrames(window.opener);
    return api;
  }

  var api = null;
  var started = 0;
  var finished = false;

  function isoDuration(ms) {
    var seconds = Math.round(ms / 10) / 100;
    return 'PT' + seconds + 'S';
  }

  window.Course = {
    start: function () {
      api = findApi();
      if (!api) {
        document.body.setAttribute('data-lms', 'missing');
        return false;
      }
      started = Date.now();
      return api.Initialize('') === 'true';
    },
    get: function (element) {
      return api ? api.GetValue(element) : '';
    },
    set: function (element, value) {
      return api ? api.SetValue(element, String(value)) === 'true' : false;
    },
    finish: function (exit) {
      if (!api || finished) return;
      finished = true;
      api.SetValue('cmi.session_time', isoDuration(Date.now() - started));
      api.SetValue('cmi.exit', exit || 'normal');
      api.Commit('');
      api.Terminate('');
    },
  };

  window.addEventListener('pagehide', function () {
    window.Course.finish('suspend');
  });
})();
