(function () {
  'use strict';
  var answers = { q1: 'low', q2: 'cold', q3: 'fair' };
  Course.start();
  Course.set('cmi.completion_status', 'incomplete');

  document.getElementById('quiz').addEventListener('submit', function (event) {
    event.preventDefault();
    var form = event.target;
    var correct = 0;
    var names = Object.keys(answers);
    names.forEach(function (name, index) {
      var picked = form.querySelector('input[name="' + name + '"]:checked');
      var response = picked ? picked.value : '';
      var ok = response === answers[name];
      if (ok) correct += 1;
      var prefix = 'cmi.interactions.' + index + '.';
      Course.set(prefix + 'id', name);
      Course.set(prefix + 'type', 'choice');
      Course.set(prefix + 'learner_response', response || 'none');
      Course.set(prefix + 'result', ok ? 'correct' : 'incorrect');
    });
    var scaled = correct / names.length;
    Course.set('cmi.score.min', 0);
    Course.set('cmi.score.max', names.length);
    Course.set('cmi.score.raw', correct);
    Course.set('cmi.score.scaled', scaled.toFixed(2));
    Course.set('cmi.success_status', scaled >= 0.6 ? 'passed' : 'failed');
    Course.set('cmi.completion_status', 'completed');
    var result = document.getElementById('result');
    result.textContent = 'You scored ' + correct + ' of ' + names.length + '.';
    result.className = 'result ' + (scaled >= 0.6 ? 'pass' : 'fail');
    Course.finish('normal');
  });
})();
