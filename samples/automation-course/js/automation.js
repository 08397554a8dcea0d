// window.SCORMAutomation: a stable API for test tools, over the same functions the learner's
// buttons use. Every call is recorded in the automation trace (see README.md).
(function () {
  'use strict';

  var course = window.WaterCycleCourse;
  var MAX_TRACE = 500;
  var trace = [];
  var seq = 0;

  // A plain copy for the trace, so later changes do not rewrite history.
  function snapshot(value) {
    if (value === undefined) return null;
    try {
      return JSON.parse(JSON.stringify(value));
    } catch (e) {
      return String(value);
    }
  }

  function traced(method, fn) {
    return function () {
      var args = Array.prototype.slice.call(arguments);
      var entry = { seq: ++seq, timestamp: new Date().toISOString(), method: method, args: snapshot(args) };
      if (trace.length >= MAX_TRACE) trace.shift();
      trace.push(entry);
      try {
        var result = fn.apply(null, args);
        entry.result = snapshot(result);
        return result;
      } catch (err) {
        entry.error = err && err.message ? err.message : String(err);
        throw err;
      }
    };
  }

  var api = {
    version: '1.0.0',
    listInteractions: traced('listInteractions', function () {
      return course.listInteractions();
    }),
    setResponse: traced('setResponse', function (id, response) {
      return course.setResponse(id, response);
    }),
    checkAnswer: traced('checkAnswer', function (id) {
      return course.checkAnswer(id);
    }),
    getResponse: traced('getResponse', function (id) {
      return course.getResponse(id);
    }),
    getCourseStructure: traced('getCourseStructure', function () {
      return course.getCourseStructure();
    }),
    getCurrentSlide: traced('getCurrentSlide', function () {
      return course.getCurrentSlide();
    }),
    goToSlide: traced('goToSlide', function (slideId) {
      return course.goToSlide(slideId);
    }),
    getCorrectResponse: traced('getCorrectResponse', function (id) {
      return course.getCorrectResponse(id);
    }),
    getLastEvaluation: traced('getLastEvaluation', function (id) {
      return course.getLastEvaluation(id);
    }),
    checkSlideAnswers: traced('checkSlideAnswers', function (slideId) {
      return course.checkSlideAnswers(slideId);
    }),
    getAutomationTrace: function () {
      return snapshot(trace);
    },
    clearAutomationTrace: function () {
      var cleared = trace.length;
      trace = [];
      return { cleared: cleared };
    },
  };

  Object.defineProperty(window, 'SCORMAutomation', { value: Object.freeze(api), enumerable: true });
})();
