// The course itself: slides, questions, evaluation, and what it records in the SCORM data model.
// The learner (form controls and buttons) and window.SCORMAutomation (js/automation.js) go through
// the same functions, so the page and the API always agree.
(function () {
  'use strict';

  var config = window.COURSE_CONFIG;
  // Read once: flipping the global later does not reveal answers.
  var exposeCorrectAnswers = config.exposeCorrectAnswers === true;
  var slides = config.slides;

  // Correct answers live here, never in the page.
  var QUESTIONS = [
    {
      id: 'q_evaporation',
      slide: 'check-1',
      type: 'choice',
      multiple: false,
      description: 'Which process turns liquid water into water vapour?',
      choices: ['evaporation', 'condensation', 'precipitation', 'infiltration'],
      correct: 'evaporation',
    },
    {
      id: 'q_precipitation',
      slide: 'check-1',
      type: 'choice',
      multiple: true,
      description: 'Which of these are forms of precipitation?',
      choices: ['rain', 'snow', 'hail', 'fog'],
      correct: ['rain', 'snow', 'hail'],
    },
    {
      id: 'q_clouds',
      slide: 'check-1',
      type: 'true-false',
      description: 'Clouds are made of water vapour, an invisible gas.',
      correct: false,
    },
    {
      id: 'q_condensation',
      slide: 'check-2',
      type: 'fill-in',
      description: 'What is it called when water vapour cools into tiny droplets?',
      correct: 'condensation',
    },
    {
      id: 'q_boiling',
      slide: 'check-2',
      type: 'numeric',
      description: 'At sea level, water boils at how many degrees Celsius?',
      correct: 100,
      // Answers within this distance of `correct` count (the pattern records the range).
      tolerance: 1,
    },
    {
      id: 'q_stages',
      slide: 'check-3',
      type: 'matching',
      description: 'Match each event to its stage of the water cycle.',
      sources: ['sun_warms_sea', 'vapour_cools', 'droplets_fall'],
      targets: ['evaporation', 'condensation', 'precipitation'],
      correct: [
        ['sun_warms_sea', 'evaporation'],
        ['vapour_cools', 'condensation'],
        ['droplets_fall', 'precipitation'],
      ],
    },
  ];
  QUESTIONS.forEach(function (q) {
    q.weighting = 1;
  });

  var byId = {};
  QUESTIONS.forEach(function (q) {
    byId[q.id] = q;
  });

  var current = 0;
  var evaluations = {}; // id -> last evaluation
  var interactionIndex = {}; // id -> n in cmi.interactions.n
  var finished = false;

  // ---- lookups -------------------------------------------------------------------------------

  function question(id) {
    if (typeof id !== 'string' || !Object.prototype.hasOwnProperty.call(byId, id)) {
      throw new Error(
        'Unknown interaction id "' + String(id) + '". Known ids: ' + QUESTIONS.map(function (q) { return q.id; }).join(', ') + '.',
      );
    }
    return byId[id];
  }

  function slideIndex(slideId) {
    for (var i = 0; i < slides.length; i++) if (slides[i].id === slideId) return i;
    throw new Error(
      'Unknown slide id "' + String(slideId) + '". Slide ids: ' + slides.map(function (s) { return s.id; }).join(', ') + '.',
    );
  }

  function controls(q) {
    return Array.prototype.slice.call(document.querySelectorAll('[name="' + q.id + '"]'));
  }

  function fire(el) {
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }

  // ---- responses: canonical shapes <-> form controls ----------------------------------------

  function describeValue(v) {
    if (v === null) return 'null';
    if (Array.isArray(v)) return 'an array';
    return typeof v === 'string' ? 'the string "' + v + '"' : 'a ' + typeof v;
  }

  function shapeError(q, expected, value) {
    return new Error('setResponse("' + q.id + '"): a ' + q.type + ' response is ' + expected + '; got ' + describeValue(value) + '.');
  }

  // Checks a response against the question's canonical shape; returns it normalised (null clears).
  function normalise(q, value) {
    if (value === null || value === undefined) return null;
    switch (q.type) {
      case 'choice': {
        var ids = Array.isArray(value) ? value : [value];
        if (!q.multiple && ids.length !== 1) throw shapeError(q, 'one choice id (a string)', value);
        ids.forEach(function (c) {
          if (typeof c !== 'string') throw shapeError(q, q.multiple ? 'an array of choice ids' : 'one choice id (a string)', value);
          if (q.choices.indexOf(c) < 0) {
            throw new Error('setResponse("' + q.id + '"): "' + c + '" is not a choice. Choices: ' + q.choices.join(', ') + '.');
          }
        });
        return q.multiple ? ids.filter(function (c, i) { return ids.indexOf(c) === i; }) : ids[0];
      }
      case 'true-false':
        if (typeof value !== 'boolean') throw shapeError(q, 'a boolean (true or false)', value);
        return value;
      case 'fill-in':
        if (typeof value !== 'string') throw shapeError(q, 'a string', value);
        if (value.length > 100) throw new Error('setResponse("' + q.id + '"): the answer is limited to 100 characters.');
        return value;
      case 'numeric':
        if (typeof value !== 'number' || !isFinite(value)) throw shapeError(q, 'a finite number', value);
        return value;
      case 'matching': {
        var pairs = Array.isArray(value)
          ? value
          : typeof value === 'object'
            ? Object.keys(value).map(function (k) { return [k, value[k]]; })
            : null;
        if (!pairs) throw shapeError(q, 'an array of [source, target] pairs or an object {source: target}', value);
        var seen = {};
        return pairs.map(function (p) {
          if (!Array.isArray(p) || p.length !== 2 || typeof p[0] !== 'string' || typeof p[1] !== 'string') {
            throw shapeError(q, 'an array of [source, target] pairs of strings or an object {source: target}', value);
          }
          if (q.sources.indexOf(p[0]) < 0) {
            throw new Error('setResponse("' + q.id + '"): "' + p[0] + '" is not a source. Sources: ' + q.sources.join(', ') + '.');
          }
          if (q.targets.indexOf(p[1]) < 0) {
            throw new Error('setResponse("' + q.id + '"): "' + p[1] + '" is not a target. Targets: ' + q.targets.join(', ') + '.');
          }
          if (seen[p[0]]) throw new Error('setResponse("' + q.id + '"): source "' + p[0] + '" is matched twice.');
          seen[p[0]] = true;
          return [p[0], p[1]];
        });
      }
    }
    throw new Error('Unsupported interaction type ' + q.type);
  }

  function writeControls(q, response) {
    var els = controls(q);
    els.forEach(function (el) {
      switch (q.type) {
        case 'choice':
          el.checked = response !== null && (q.multiple ? response.indexOf(el.value) >= 0 : response === el.value);
          break;
        case 'true-false':
          el.checked = response !== null && String(response) === el.value;
          break;
        case 'fill-in':
        case 'numeric':
          el.value = response === null ? '' : String(response);
          break;
        case 'matching': {
          var target = '';
          (response || []).forEach(function (p) {
            if (p[0] === el.getAttribute('data-source')) target = p[1];
          });
          el.value = target;
          break;
        }
      }
      fire(el);
    });
  }

  function readControls(q) {
    var els = controls(q);
    switch (q.type) {
      case 'choice': {
        var picked = els.filter(function (el) { return el.checked; }).map(function (el) { return el.value; });
        if (picked.length === 0) return null;
        return q.multiple ? picked : picked[0];
      }
      case 'true-false': {
        var tf = els.filter(function (el) { return el.checked; })[0];
        return tf ? tf.value === 'true' : null;
      }
      case 'fill-in':
        return els[0].value.trim() === '' ? null : els[0].value;
      case 'numeric': {
        var raw = els[0].value.trim();
        if (raw === '') return null;
        var n = Number(raw);
        return isFinite(n) ? n : null;
      }
      case 'matching': {
        var pairs = els
          .filter(function (el) { return el.value !== ''; })
          .map(function (el) { return [el.getAttribute('data-source'), el.value]; });
        return pairs.length ? pairs : null;
      }
    }
    return null;
  }

  // ---- evaluation ----------------------------------------------------------------------------

  function sameSet(a, b) {
    if (a.length !== b.length) return false;
    for (var i = 0; i < a.length; i++) if (b.indexOf(a[i]) < 0) return false;
    return true;
  }

  function isCorrect(q, r) {
    switch (q.type) {
      case 'choice':
        return q.multiple ? sameSet(r, q.correct) : r === q.correct;
      case 'true-false':
        return r === q.correct;
      case 'fill-in':
        return r.trim().toLowerCase() === q.correct;
      case 'numeric':
        return Math.abs(r - q.correct) <= q.tolerance;
      case 'matching':
        return (
          r.length === q.correct.length &&
          q.correct.every(function (c) {
            return r.some(function (p) { return p[0] === c[0] && p[1] === c[1]; });
          })
        );
    }
    return false;
  }

  // SCORM 2004 characterstring forms (RTE 4.2.9.1).
  function learnerResponse(q, r) {
    switch (q.type) {
      case 'choice':
        return q.multiple ? r.join('[,]') : r;
      case 'true-false':
        return r ? 'true' : 'false';
      case 'fill-in': {
        var text = r.trim();
        // A leading "{" would be read as a delimiter such as {lang=..}; name the language first.
        return text.charAt(0) === '{' ? '{lang=en}' + text : text;
      }
      case 'numeric':
        return String(r);
      case 'matching':
        return r.map(function (p) { return p[0] + '[.]' + p[1]; }).join('[,]');
    }
    return '';
  }

  function correctPattern(q) {
    switch (q.type) {
      case 'choice':
        return q.multiple ? q.correct.join('[,]') : q.correct;
      case 'true-false':
        return String(q.correct);
      case 'fill-in':
        return '{case_matters=false}' + q.correct;
      case 'numeric':
        return q.correct - q.tolerance + '[:]' + (q.correct + q.tolerance);
      case 'matching':
        return q.correct.map(function (p) { return p[0] + '[.]' + p[1]; }).join('[,]');
    }
    return '';
  }

  function timestamp() {
    return new Date().toISOString().slice(0, 19);
  }

  function record(q, evaluation) {
    if (!Scorm.active) return;
    var n = interactionIndex[q.id];
    var p = 'cmi.interactions.';
    if (n === undefined) {
      n = Number(Scorm.get('cmi.interactions._count')) || 0;
      interactionIndex[q.id] = n;
      Scorm.set(p + n + '.id', q.id);
      Scorm.set(p + n + '.type', q.type);
      Scorm.set(p + n + '.description', q.description);
      Scorm.set(p + n + '.weighting', q.weighting);
      Scorm.set(p + n + '.correct_responses.0.pattern', correctPattern(q));
    }
    Scorm.set(p + n + '.timestamp', evaluation.timestamp);
    Scorm.set(p + n + '.learner_response', evaluation.learnerResponse);
    Scorm.set(p + n + '.result', evaluation.result);
  }

  function showFeedback(q, evaluation) {
    var el = document.getElementById('feedback-' + q.id);
    if (!el) return;
    el.className = 'feedback ' + (evaluation ? evaluation.result : '');
    el.textContent = !evaluation ? '' : evaluation.correct ? 'Correct.' : 'Not quite. Review the lesson and try again.';
  }

  function check(id) {
    var q = question(id);
    var response = readControls(q);
    if (response === null) {
      throw new Error('checkAnswer("' + id + '"): no response yet. Answer it first (setResponse or the form).');
    }
    var correct = isCorrect(q, response);
    var evaluation = {
      id: q.id,
      type: q.type,
      response: response,
      learnerResponse: learnerResponse(q, response),
      correct: correct,
      result: correct ? 'correct' : 'incorrect',
      weighting: q.weighting,
      timestamp: timestamp(),
    };
    evaluations[q.id] = evaluation;
    record(q, evaluation);
    showFeedback(q, evaluation);
    return evaluation;
  }

  function checkSlide(slideId) {
    var id = slideId === undefined || slideId === null ? slides[current].id : slideId;
    slideIndex(id);
    var results = QUESTIONS.filter(function (q) { return q.slide === id; }).map(function (q) {
      if (readControls(q) === null) return { id: q.id, answered: false, result: null };
      var e = check(q.id);
      return { id: q.id, answered: true, result: e.result, correct: e.correct, learnerResponse: e.learnerResponse };
    });
    var correct = results.filter(function (r) { return r.correct; }).length;
    if (Scorm.active) Scorm.commit();
    return { slideId: id, total: results.length, answered: results.filter(function (r) { return r.answered; }).length, correct: correct, results: results };
  }

  // ---- score, status, bookmark ---------------------------------------------------------------

  function passingScore() {
    var fromLms = parseFloat(Scorm.get('cmi.scaled_passing_score'));
    return isFinite(fromLms) ? fromLms : config.passingScore;
  }

  function score() {
    var max = 0;
    var raw = 0;
    QUESTIONS.forEach(function (q) {
      max += q.weighting;
      if (evaluations[q.id] && evaluations[q.id].correct) raw += q.weighting;
    });
    var scaled = Math.round((raw / max) * 100) / 100;
    return { raw: raw, min: 0, max: max, scaled: scaled, passingScore: passingScore(), passed: scaled >= passingScore() };
  }

  // At the summary: answered but unchecked questions are checked, then the score is recorded.
  function complete() {
    QUESTIONS.forEach(function (q) {
      if (!evaluations[q.id] && readControls(q) !== null) check(q.id);
    });
    var s = score();
    Scorm.set('cmi.score.raw', s.raw);
    Scorm.set('cmi.score.min', s.min);
    Scorm.set('cmi.score.max', s.max);
    Scorm.set('cmi.score.scaled', s.scaled);
    Scorm.set('cmi.success_status', s.passed ? 'passed' : 'failed');
    Scorm.set('cmi.completion_status', 'completed');
    document.getElementById('summary-score').textContent =
      'Your score: ' + s.raw + ' of ' + s.max + ' (' + Math.round(s.scaled * 100) + '%).';
    document.getElementById('summary-status').textContent = s.passed
      ? 'You passed. Well done.'
      : 'You did not reach ' + Math.round(s.passingScore * 100) + '%. Go back, review and try again.';
    return s;
  }

  function saveProgress() {
    var responses = {};
    QUESTIONS.forEach(function (q) {
      var r = readControls(q);
      if (r !== null) responses[q.id] = r;
    });
    Scorm.set('cmi.suspend_data', JSON.stringify({ responses: responses }));
  }

  // ---- slides --------------------------------------------------------------------------------

  function slideInfo() {
    var s = slides[current];
    return { id: s.id, title: s.title, index: current + 1, total: slides.length };
  }

  function show(index) {
    current = index;
    var id = slides[index].id;
    Array.prototype.forEach.call(document.querySelectorAll('.slide'), function (el) {
      el.hidden = el.getAttribute('data-slide') !== id;
    });
    document.getElementById('prev').disabled = index === 0;
    document.getElementById('next').disabled = index === slides.length - 1;
    document.getElementById('slide-indicator').textContent = 'Slide ' + (index + 1) + ' of ' + slides.length;
    document.title = slides[index].title + ' - ' + config.title;
    if (Scorm.active) {
      Scorm.set('cmi.location', id);
      if (id === 'summary') complete();
      saveProgress();
      Scorm.commit();
    } else if (id === 'summary') {
      complete();
    }
    return slideInfo();
  }

  function goTo(slideId) {
    return show(slideIndex(slideId));
  }

  function finish() {
    if (finished) return { finished: true, alreadyFinished: true };
    if (slides[current].id !== 'summary') goTo('summary');
    saveProgress();
    finished = true;
    var terminated = Scorm.terminate('normal');
    document.getElementById('finish').disabled = true;
    document.getElementById('finish-message').textContent = 'Your results are saved. You can close this window.';
    return { finished: true, terminated: terminated, score: score() };
  }

  // ---- start, resume, unload -----------------------------------------------------------------

  function restore() {
    var count = Number(Scorm.get('cmi.interactions._count')) || 0;
    for (var n = 0; n < count; n++) {
      var id = Scorm.get('cmi.interactions.' + n + '.id');
      if (Object.prototype.hasOwnProperty.call(byId, id)) interactionIndex[id] = n;
    }
    var saved = null;
    try {
      saved = JSON.parse(Scorm.get('cmi.suspend_data') || 'null');
    } catch (e) {
      saved = null;
    }
    if (saved && saved.responses) {
      Object.keys(saved.responses).forEach(function (id) {
        if (Object.prototype.hasOwnProperty.call(byId, id)) {
          try {
            writeControls(byId[id], normalise(byId[id], saved.responses[id]));
          } catch (e) {
            // A bookmark from another version of the course: start that question afresh.
          }
        }
      });
    }
  }

  function start() {
    Scorm.initialize();
    var at = 0;
    if (Scorm.active) {
      if (Scorm.get('cmi.completion_status') !== 'completed') Scorm.set('cmi.completion_status', 'incomplete');
      if (Scorm.get('cmi.entry') === 'resume') {
        restore();
        var location = Scorm.get('cmi.location');
        for (var i = 0; i < slides.length; i++) if (slides[i].id === location) at = i;
      }
    }
    show(at);
  }

  function leave() {
    if (finished || !Scorm.active) return;
    finished = true;
    saveProgress();
    // A learner who reached the summary is done; anyone else comes back where they left off.
    Scorm.terminate(Scorm.get('cmi.completion_status') === 'completed' ? 'normal' : 'suspend');
  }

  document.getElementById('prev').addEventListener('click', function () {
    if (current > 0) show(current - 1);
  });
  document.getElementById('next').addEventListener('click', function () {
    if (current < slides.length - 1) show(current + 1);
  });
  Array.prototype.forEach.call(document.querySelectorAll('[data-check-slide]'), function (button) {
    button.addEventListener('click', function () {
      checkSlide(button.getAttribute('data-check-slide'));
    });
  });
  document.getElementById('finish').addEventListener('click', finish);
  window.addEventListener('pagehide', leave);
  window.addEventListener('beforeunload', leave);

  // What js/automation.js builds window.SCORMAutomation on.
  window.WaterCycleCourse = {
    listInteractions: function () {
      return QUESTIONS.map(function (q) {
        var item = { id: q.id, type: q.type, slideId: q.slide, description: q.description, weighting: q.weighting };
        if (q.type === 'choice') {
          item.multiple = q.multiple;
          item.choices = q.choices.slice();
        }
        if (q.type === 'matching') {
          item.sources = q.sources.slice();
          item.targets = q.targets.slice();
        }
        return item;
      });
    },
    hasInteraction: function (id) {
      return typeof id === 'string' && Object.prototype.hasOwnProperty.call(byId, id);
    },
    setResponse: function (id, value) {
      var q = question(id);
      var response = normalise(q, value);
      writeControls(q, response);
      delete evaluations[q.id];
      showFeedback(q, null);
      return { id: q.id, response: readControls(q) };
    },
    getResponse: function (id) {
      return readControls(question(id));
    },
    checkAnswer: check,
    getLastEvaluation: function (id) {
      return evaluations[question(id).id] || null;
    },
    checkSlideAnswers: checkSlide,
    getCorrectResponse: function (id) {
      var q = question(id);
      if (!exposeCorrectAnswers) {
        throw new Error(
          'Correct answers are hidden. Set exposeCorrectAnswers: true in course-config.js (debug builds only) to read them.',
        );
      }
      return JSON.parse(JSON.stringify(q.correct));
    },
    getCourseStructure: function () {
      return {
        title: config.title,
        passingScore: passingScore(),
        exposeCorrectAnswers: exposeCorrectAnswers,
        slides: slides.map(function (s, i) {
          return {
            id: s.id,
            title: s.title,
            index: i + 1,
            interactions: QUESTIONS.filter(function (q) { return q.slide === s.id; }).map(function (q) { return q.id; }),
          };
        }),
      };
    },
    getCurrentSlide: slideInfo,
    goToSlide: goTo,
    finish: finish,
  };

  start();
})();
