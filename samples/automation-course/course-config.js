// Course settings and slide structure, read by js/course.js and returned by
// SCORMAutomation.getCourseStructure().
window.COURSE_CONFIG = {
  title: 'The Water Cycle',
  // Debug only: when true, SCORMAutomation.getCorrectResponse(id) returns the correct answer.
  // Keep it false in anything a learner sees.
  exposeCorrectAnswers: false,
  // Used when the LMS gives no cmi.scaled_passing_score.
  passingScore: 0.8,
  slides: [
    { id: 'intro', title: 'Welcome' },
    { id: 'cycle', title: 'How water moves' },
    { id: 'check-1', title: 'Check 1: from sea to sky' },
    { id: 'check-2', title: 'Check 2: words and numbers' },
    { id: 'check-3', title: 'Check 3: put the stages in order' },
    { id: 'summary', title: 'Summary' },
  ],
};
