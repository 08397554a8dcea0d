/**
 * SCORM 1.2 run-time data model (RTE section 3.4): every element, its access and its value space.
 */
import { children, el, type ElementDef } from './element-def.js';
import { versionString } from './keyword-types.js';
import { CMI_BLANK } from './types/cmi-blank.js';
import { cmiDecimal } from './types/cmi-decimal.js';
import { CMI_FEEDBACK } from './types/cmi-feedback.js';
import { CMI_IDENTIFIER } from './types/cmi-identifier.js';
import { CMI_INTEGER, cmiSInteger } from './types/cmi-integer.js';
import { cmiString } from './types/cmi-string.js';
import { CMI_TIME } from './types/cmi-time.js';
import { CMI_TIMESPAN } from './types/cmi-timespan.js';
import { vocabulary } from './types/vocabulary.js';
import { oneOf } from './value-type.js';

const count = (prefix: string): ElementDef =>
  el(`${prefix}._count`, 'ro', CMI_INTEGER, { keyword: '_count' });

/** The RTE describes scores as normalized to 0..100; an empty string clears the score. */
const SCORE = oneOf('CMIDecimal | CMIBlank', [cmiDecimal({ min: 0, max: 100 }), CMI_BLANK]);
const STRING255 = cmiString(255);
const STRING4096 = cmiString(4096);

/** A SCO may not set "not attempted" on cmi.core.lesson_status; objectives accept it. */
export const LESSON_STATUS_12 = ['passed', 'completed', 'failed', 'incomplete', 'browsed'] as const;
export const INTERACTION_TYPES_12 = [
  'true-false',
  'choice',
  'fill-in',
  'matching',
  'performance',
  'sequencing',
  'likert',
  'numeric',
] as const;

export const SCORM12_ELEMENTS: readonly ElementDef[] = [
  el('cmi._version', 'ro', versionString('3.4'), { keyword: '_version' }),
  children('cmi.core'),
  el('cmi.core.student_id', 'ro', CMI_IDENTIFIER),
  el('cmi.core.student_name', 'ro', STRING255),
  el('cmi.core.lesson_location', 'rw', STRING255),
  el('cmi.core.credit', 'ro', vocabulary('CMIVocabulary (Credit)', ['credit', 'no-credit'])),
  el(
    'cmi.core.lesson_status',
    'rw',
    vocabulary('CMIVocabulary (Status)', LESSON_STATUS_12, {
      'not attempted': 'only the LMS sets "not attempted"; a SCO reports one of the other statuses',
    }),
  ),
  el('cmi.core.entry', 'ro', vocabulary('CMIVocabulary (Entry)', ['ab-initio', 'resume', ''])),
  children('cmi.core.score'),
  el('cmi.core.score.raw', 'rw', SCORE),
  el('cmi.core.score.min', 'rw', SCORE),
  el('cmi.core.score.max', 'rw', SCORE),
  el('cmi.core.total_time', 'ro', CMI_TIMESPAN),
  el('cmi.core.lesson_mode', 'ro', vocabulary('CMIVocabulary (Mode)', ['browse', 'normal', 'review'])),
  el('cmi.core.exit', 'wo', vocabulary('CMIVocabulary (Exit)', ['time-out', 'suspend', 'logout', ''])),
  el('cmi.core.session_time', 'wo', CMI_TIMESPAN),
  el('cmi.suspend_data', 'rw', STRING4096),
  el('cmi.launch_data', 'ro', STRING4096),
  el('cmi.comments', 'rw', STRING4096),
  el('cmi.comments_from_lms', 'ro', STRING4096),
  children('cmi.objectives'),
  count('cmi.objectives'),
  el('cmi.objectives.n.id', 'rw', CMI_IDENTIFIER),
  children('cmi.objectives.n.score'),
  el('cmi.objectives.n.score.raw', 'rw', SCORE),
  el('cmi.objectives.n.score.min', 'rw', SCORE),
  el('cmi.objectives.n.score.max', 'rw', SCORE),
  el(
    'cmi.objectives.n.status',
    'rw',
    vocabulary('CMIVocabulary (Status)', [...LESSON_STATUS_12, 'not attempted']),
  ),
  children('cmi.student_data'),
  el('cmi.student_data.mastery_score', 'ro', cmiDecimal({ min: 0, max: 100 })),
  el('cmi.student_data.max_time_allowed', 'ro', CMI_TIMESPAN),
  el(
    'cmi.student_data.time_limit_action',
    'ro',
    vocabulary('CMIVocabulary (Time Limit Action)', [
      'exit,message',
      'exit,no message',
      'continue,message',
      'continue,no message',
    ]),
  ),
  children('cmi.student_preference'),
  el('cmi.student_preference.audio', 'rw', cmiSInteger(-1, 100)),
  el('cmi.student_preference.language', 'rw', STRING255),
  el('cmi.student_preference.speed', 'rw', cmiSInteger(-100, 100)),
  el('cmi.student_preference.text', 'rw', cmiSInteger(-1, 1)),
  children('cmi.interactions'),
  count('cmi.interactions'),
  el('cmi.interactions.n.id', 'wo', CMI_IDENTIFIER),
  count('cmi.interactions.n.objectives'),
  el('cmi.interactions.n.objectives.n.id', 'wo', CMI_IDENTIFIER),
  el('cmi.interactions.n.time', 'wo', CMI_TIME),
  el('cmi.interactions.n.type', 'wo', vocabulary('CMIVocabulary (Interaction)', INTERACTION_TYPES_12)),
  count('cmi.interactions.n.correct_responses'),
  el('cmi.interactions.n.correct_responses.n.pattern', 'wo', CMI_FEEDBACK, { response: 'pattern' }),
  el('cmi.interactions.n.weighting', 'wo', cmiDecimal()),
  el('cmi.interactions.n.student_response', 'wo', CMI_FEEDBACK, { response: 'learner_response' }),
  el(
    'cmi.interactions.n.result',
    'wo',
    oneOf('CMIVocabulary (Result) | CMIDecimal', [
      vocabulary('CMIVocabulary (Result)', ['correct', 'wrong', 'unanticipated', 'neutral']),
      cmiDecimal(),
    ]),
  ),
  el('cmi.interactions.n.latency', 'wo', CMI_TIMESPAN),
];
