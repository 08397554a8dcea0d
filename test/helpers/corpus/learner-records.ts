/**
 * Correct learner records for generated courses, one interaction of every type of each version, in
 * the formats the RTE books give (SCORM 1.2 RTE 3.4.4 CMIFeedback; SCORM 2004 4th Ed. RTE 4.2.9
 * interaction response formats), plus objectives and scores.
 */

/** One SetValue: element suffix (after `cmi.interactions.N.`) and value, in the order a course sets them. */
export type Field = readonly [string, string];

/** SCORM 1.2: id first; results use "wrong" (not "incorrect") or a CMIDecimal; times are CMITime/CMITimespan. */
export const INTERACTIONS_12: ReadonlyArray<readonly Field[]> = [
  q12('q_tf', 'true-false', 't', 't', 'correct'),
  q12('q_choice', 'choice', 'a,c', 'a,c', 'correct'),
  q12('q_fill', 'fill-in', 'Paris', 'Paris', 'correct'),
  q12('q_numeric', 'numeric', '3.5', '4', 'wrong'),
  q12('q_likert', 'likert', '4', null, 'neutral'),
  q12('q_matching', 'matching', '1.a,2.b', '1.a,2.b', 'correct'),
  q12('q_performance', 'performance', 'step1', 'step1', '0.5'),
  q12('q_sequencing', 'sequencing', 'c,a,b', 'a,b,c', 'wrong'),
];

function q12(id: string, type: string, response: string, pattern: string | null, result: string): Field[] {
  return [
    ['id', id],
    ['objectives.0.id', 'obj_1'],
    ['time', '17:03:20'],
    ['type', type],
    ...(pattern === null ? [] : [['correct_responses.0.pattern', pattern] as const]),
    ['weighting', '1'],
    ['student_response', response],
    ['result', result],
    ['latency', '00:00:12.50'],
  ];
}

/** SCORM 2004: type before the responses (RTE 4.2.9: the type sets their format); "incorrect". */
export const INTERACTIONS_2004: ReadonlyArray<readonly Field[]> = [
  q2004('urn:corpus:q-true-false', 'true-false', 'true', 'true', 'correct'),
  q2004('urn:corpus:q-choice', 'choice', 'choice_a[,]choice_c', 'choice_a[,]choice_c', 'correct'),
  q2004('urn:corpus:q-fill-in', 'fill-in', 'Paris', '{case_matters=false}Paris', 'correct'),
  q2004(
    'urn:corpus:q-long-fill-in',
    'long-fill-in',
    '{lang=en}Cells store energy as ATP.',
    '{case_matters=false}ATP',
    'correct',
  ),
  q2004('urn:corpus:q-likert', 'likert', 'likert_4', null, 'neutral'),
  q2004(
    'urn:corpus:q-matching',
    'matching',
    'src_1[.]tgt_a[,]src_2[.]tgt_b',
    'src_1[.]tgt_a[,]src_2[.]tgt_b',
    'correct',
  ),
  q2004(
    'urn:corpus:q-performance',
    'performance',
    'step_1[.]10[,]step_2[.]on',
    '{order_matters=false}step_1[.]10[,]step_2[.]on',
    '0.5',
  ),
  q2004('urn:corpus:q-sequencing', 'sequencing', 's3[,]s1[,]s2', 's1[,]s2[,]s3', 'incorrect'),
  q2004('urn:corpus:q-numeric', 'numeric', '3.5', '3[:]4', 'correct'),
  q2004('urn:corpus:q-other', 'other', 'A free-form answer', null, 'unanticipated'),
];

function q2004(id: string, type: string, response: string, pattern: string | null, result: string): Field[] {
  return [
    ['id', id],
    ['type', type],
    ['objectives.0.id', 'urn:corpus:obj-1'],
    ['timestamp', '2026-11-27T17:03:20'],
    ...(pattern === null ? [] : [['correct_responses.0.pattern', pattern] as const]),
    ['weighting', '1'],
    ['learner_response', response],
    ['result', result],
    ['latency', 'PT12.5S'],
    ['description', `{lang=en}Question ${type}`],
  ];
}

/**
 * The course's own objective, as `cmi.objectives.N.` suffix -> value. N is the current _count: the LMS
 * may already hold objectives from the manifest (a 2004 objectiveID, RTE 4.2.17), whose ids cannot change.
 */
export const OBJECTIVE_12: readonly Field[] = [
  ['id', 'obj_1'],
  ['score.raw', '80'],
  ['score.min', '0'],
  ['score.max', '100'],
  ['status', 'passed'],
];

export const OBJECTIVE_2004: readonly Field[] = [
  ['id', 'urn:corpus:obj-1'],
  ['score.scaled', '0.8'],
  ['score.raw', '80'],
  ['score.min', '0'],
  ['score.max', '100'],
  ['success_status', 'passed'],
  ['completion_status', 'completed'],
  ['progress_measure', '1'],
  ['description', 'Objective 1'],
];

/** The SCO's score and status, element -> value, in the order a course sets them. */
export const RESULTS_12: readonly Field[] = [
  ['cmi.core.score.raw', '90'],
  ['cmi.core.score.min', '0'],
  ['cmi.core.score.max', '100'],
  ['cmi.core.lesson_status', 'passed'],
];

export const RESULTS_2004: readonly Field[] = [
  ['cmi.score.scaled', '0.9'],
  ['cmi.score.raw', '90'],
  ['cmi.score.min', '0'],
  ['cmi.score.max', '100'],
  ['cmi.progress_measure', '1'],
  ['cmi.completion_status', 'completed'],
  ['cmi.success_status', 'passed'],
];

/**
 * Values at the limits the books set, element -> value (SCORM 1.2 RTE 3.4: CMIString255 / 4096,
 * preference ranges; SCORM 2004 RTE 4.2: smallest permitted maxima, 4000 suspend_data characters in
 * the 3rd Edition and 64000 in the 4th, negative scores, timestamps with fractions and a zone).
 */
export function limitValues(edition: '1.2' | '2004 3rd Edition' | '2004 4th Edition'): Field[] {
  if (edition === '1.2')
    return [
      ['cmi.core.lesson_location', 'L'.repeat(255)],
      ['cmi.suspend_data', 'S'.repeat(4096)],
      ['cmi.comments', 'Clear and short.'],
      ['cmi.student_preference.audio', '100'],
      ['cmi.student_preference.language', 'en'],
      ['cmi.student_preference.speed', '-100'],
      ['cmi.student_preference.text', '1'],
      ['cmi.interactions.0.id', 'q' + 'x'.repeat(254)],
      ['cmi.interactions.0.type', 'choice'],
      ['cmi.interactions.0.correct_responses.0.pattern', 'a'],
      ['cmi.interactions.0.correct_responses.1.pattern', 'b'],
      ['cmi.interactions.0.student_response', 'b'],
      ['cmi.interactions.0.result', 'correct'],
      ['cmi.core.score.raw', '87.5'],
      ['cmi.core.lesson_status', 'completed'],
    ];
  return [
    ['cmi.location', 'L'.repeat(1000)],
    ['cmi.suspend_data', 'S'.repeat(edition === '2004 3rd Edition' ? 4000 : 64000)],
    ['cmi.comments_from_learner.0.comment', '{lang=en}Clear and short.'],
    ['cmi.comments_from_learner.0.location', 'page-4'],
    ['cmi.comments_from_learner.0.timestamp', '2026-11-27T17:03:20.5Z'],
    ['cmi.learner_preference.audio_level', '1.5'],
    ['cmi.learner_preference.language', 'en-US'],
    ['cmi.learner_preference.delivery_speed', '0.75'],
    ['cmi.learner_preference.audio_captioning', '1'],
    ['cmi.interactions.0.id', 'urn:corpus:' + 'x'.repeat(3989)],
    ['cmi.interactions.0.type', 'choice'],
    ['cmi.interactions.0.correct_responses.0.pattern', 'a'],
    ['cmi.interactions.0.correct_responses.1.pattern', 'b'],
    ['cmi.interactions.0.learner_response', 'b'],
    ['cmi.interactions.0.result', 'correct'],
    ['cmi.score.scaled', '-0.25'],
    ['cmi.score.raw', '-5'],
    ['cmi.score.min', '-20'],
    ['cmi.score.max', '80'],
    ['cmi.completion_status', 'completed'],
  ];
}
