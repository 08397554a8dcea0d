import { listElements, type ScormVersion } from '../../rte/datamodel/index.js';
import { editDistance } from '../../core/did-you-mean.js';

/** SCORM 1.2 element pattern -> its SCORM 2004 counterpart(s). */
const TO_2004: Record<string, string> = {
  'cmi.core.student_id': 'cmi.learner_id',
  'cmi.core.student_name': 'cmi.learner_name',
  'cmi.core.lesson_location': 'cmi.location',
  'cmi.core.credit': 'cmi.credit',
  'cmi.core.lesson_status': 'cmi.completion_status and/or cmi.success_status',
  'cmi.core.entry': 'cmi.entry',
  'cmi.core.score._children': 'cmi.score._children',
  'cmi.core.score.raw': 'cmi.score.raw (and cmi.score.scaled)',
  'cmi.core.score.min': 'cmi.score.min',
  'cmi.core.score.max': 'cmi.score.max',
  'cmi.core.total_time': 'cmi.total_time',
  'cmi.core.lesson_mode': 'cmi.mode',
  'cmi.core.exit': 'cmi.exit',
  'cmi.core.session_time': 'cmi.session_time (an ISO 8601 duration such as "PT1M30S")',
  'cmi.comments': 'cmi.comments_from_learner.n.comment',
  'cmi.comments_from_lms': 'cmi.comments_from_lms.n.comment',
  'cmi.objectives.n.status': 'cmi.objectives.n.success_status and/or cmi.objectives.n.completion_status',
  'cmi.student_data.mastery_score': 'cmi.scaled_passing_score',
  'cmi.student_data.max_time_allowed': 'cmi.max_time_allowed',
  'cmi.student_data.time_limit_action': 'cmi.time_limit_action',
  'cmi.student_preference._children': 'cmi.learner_preference._children',
  'cmi.student_preference.audio': 'cmi.learner_preference.audio_level',
  'cmi.student_preference.language': 'cmi.learner_preference.language',
  'cmi.student_preference.speed': 'cmi.learner_preference.delivery_speed',
  'cmi.student_preference.text': 'cmi.learner_preference.audio_captioning',
  'cmi.interactions.n.time': 'cmi.interactions.n.timestamp',
  'cmi.interactions.n.student_response': 'cmi.interactions.n.learner_response',
};

/** SCORM 2004 element pattern -> its SCORM 1.2 counterpart(s). */
const TO_12: Record<string, string> = {
  'cmi.learner_id': 'cmi.core.student_id',
  'cmi.learner_name': 'cmi.core.student_name',
  'cmi.location': 'cmi.core.lesson_location',
  'cmi.credit': 'cmi.core.credit',
  'cmi.completion_status': 'cmi.core.lesson_status',
  'cmi.success_status': 'cmi.core.lesson_status',
  'cmi.entry': 'cmi.core.entry',
  'cmi.score._children': 'cmi.core.score._children',
  'cmi.score.raw': 'cmi.core.score.raw',
  'cmi.score.min': 'cmi.core.score.min',
  'cmi.score.max': 'cmi.core.score.max',
  'cmi.score.scaled': 'cmi.core.score.raw (0-100)',
  'cmi.total_time': 'cmi.core.total_time',
  'cmi.mode': 'cmi.core.lesson_mode',
  'cmi.exit': 'cmi.core.exit',
  'cmi.session_time': 'cmi.core.session_time (HHHH:MM:SS.SS)',
  'cmi.comments_from_learner.n.comment': 'cmi.comments',
  'cmi.comments_from_lms.n.comment': 'cmi.comments_from_lms',
  'cmi.objectives.n.success_status': 'cmi.objectives.n.status',
  'cmi.objectives.n.completion_status': 'cmi.objectives.n.status',
  'cmi.scaled_passing_score': 'cmi.student_data.mastery_score',
  'cmi.max_time_allowed': 'cmi.student_data.max_time_allowed',
  'cmi.time_limit_action': 'cmi.student_data.time_limit_action',
  'cmi.learner_preference._children': 'cmi.student_preference._children',
  'cmi.learner_preference.audio_level': 'cmi.student_preference.audio',
  'cmi.learner_preference.language': 'cmi.student_preference.language',
  'cmi.learner_preference.delivery_speed': 'cmi.student_preference.speed',
  'cmi.learner_preference.audio_captioning': 'cmi.student_preference.text',
  'cmi.interactions.n.timestamp': 'cmi.interactions.n.time',
  'cmi.interactions.n.learner_response': 'cmi.interactions.n.student_response',
};

/** Replaces the `n` placeholders of a pattern with the indices of a concrete name. */
function concretize(text: string, indices: readonly number[]): string {
  let i = 0;
  return text.replace(/\.n\./g, (m) => (i < indices.length ? `.${indices[i++]}.` : m));
}

/** The element to use instead, in `target`, for an element of the other version. */
export function counterpart(
  pattern: string,
  indices: readonly number[],
  target: ScormVersion,
): string | undefined {
  const text = (target === '2004' ? TO_2004 : TO_12)[pattern];
  return text === undefined ? undefined : concretize(text, indices);
}

/** The closest element name of the version (for typos such as `cmi.sucess_status`). */
export function nearestElement(version: ScormVersion, name: string): string | undefined {
  if (name.length > 200) return undefined;
  const indices = (name.match(/\.(\d+)(?=\.|$)/g) ?? []).map((m) => Number(m.slice(1)));
  const shape = name.replace(/\.\d+(?=\.|$)/g, '.n');
  let best: { pattern: string; d: number } | undefined;
  for (const def of listElements(version)) {
    const d = editDistance(shape, def.pattern);
    if (!best || d < best.d) best = { pattern: def.pattern, d };
  }
  if (!best || best.d > Math.max(3, Math.floor(shape.length / 6))) return undefined;
  return concretize(best.pattern, indices);
}
