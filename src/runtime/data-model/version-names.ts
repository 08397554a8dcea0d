/** The usual counterpart of a SCORM 1.2 element in SCORM 2004 and back, for "wrong version" hints. */

const PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['cmi.core.lesson_status', 'cmi.completion_status or cmi.success_status'],
  ['cmi.core.lesson_location', 'cmi.location'],
  ['cmi.core.score.raw', 'cmi.score.raw'],
  ['cmi.core.score.min', 'cmi.score.min'],
  ['cmi.core.score.max', 'cmi.score.max'],
  ['cmi.core.session_time', 'cmi.session_time'],
  ['cmi.core.total_time', 'cmi.total_time'],
  ['cmi.core.exit', 'cmi.exit'],
  ['cmi.core.entry', 'cmi.entry'],
  ['cmi.core.credit', 'cmi.credit'],
  ['cmi.core.lesson_mode', 'cmi.mode'],
  ['cmi.core.student_id', 'cmi.learner_id'],
  ['cmi.core.student_name', 'cmi.learner_name'],
  ['cmi.student_data.mastery_score', 'cmi.scaled_passing_score'],
  ['cmi.student_data.max_time_allowed', 'cmi.max_time_allowed'],
  ['cmi.student_data.time_limit_action', 'cmi.time_limit_action'],
  ['cmi.comments', 'cmi.comments_from_learner.n.comment'],
];

const TO_2004 = new Map(PAIRS);
const TO_12 = new Map<string, string>();
for (const [v12, v2004] of PAIRS) {
  for (const name of v2004.split(' or ')) if (!TO_12.has(name)) TO_12.set(name, v12);
}
TO_12.set('cmi.success_status', 'cmi.core.lesson_status');

/** The element to use instead of `element` (named for the other version) in `version`, if known. */
export function counterpart(version: '1.2' | '2004', element: string): string | undefined {
  return version === '2004' ? TO_2004.get(element) : TO_12.get(element);
}
