/**
 * SCORM 2004 4th Edition run-time data model (RTE section 4) and the ADL extensions
 * (adl.nav.*, adl.data.*): every element, its access and its value space.
 */
import { children, el, type Access, type ElementDef } from './element-def.js';
import { COUNT, versionString } from './keyword-types.js';
import { characterstring } from './types/characterstring.js';
import { LONG_IDENTIFIER } from './types/identifier-uri.js';
import { INTERACTION_TYPES_2004 } from './types/interaction-response.js';
import { LANGUAGE_TYPE } from './types/language.js';
import { localizedString } from './types/localized-string.js';
import { NAV_REQUEST } from './types/nav-request.js';
import { real107 } from './types/real.js';
import { TIME_SECOND } from './types/time-second.js';
import { TIMEINTERVAL } from './types/timeinterval.js';
import { vocabulary } from './types/vocabulary.js';
import { oneOf } from './value-type.js';

const count = (prefix: string): ElementDef => el(`${prefix}._count`, 'ro', COUNT, { keyword: '_count' });

const REAL = real107();
const SCALED = real107({ min: -1, max: 1 });
const UNIT = real107({ min: 0, max: 1 });
const NON_NEGATIVE = real107({ min: 0 });
const COMPLETION = vocabulary('state (completion_status)', [
  'completed',
  'incomplete',
  'not attempted',
  'unknown',
]);
const SUCCESS = vocabulary('state (success_status)', ['passed', 'failed', 'unknown']);
const NAV_VALID = vocabulary('state (true, false, unknown)', ['true', 'false', 'unknown']);

function comments(prefix: string, access: Access): ElementDef[] {
  return [
    children(prefix),
    count(prefix),
    el(`${prefix}.n.comment`, access, localizedString(4000)),
    el(`${prefix}.n.location`, access, characterstring(250)),
    el(`${prefix}.n.timestamp`, access, TIME_SECOND),
  ];
}

export const SCORM2004_ELEMENTS: readonly ElementDef[] = [
  el('cmi._version', 'ro', versionString('1.0'), { keyword: '_version' }),
  ...comments('cmi.comments_from_learner', 'rw'),
  ...comments('cmi.comments_from_lms', 'ro'),
  el('cmi.completion_status', 'rw', COMPLETION),
  el('cmi.completion_threshold', 'ro', UNIT),
  el('cmi.credit', 'ro', vocabulary('state (credit)', ['credit', 'no-credit'])),
  el('cmi.entry', 'ro', vocabulary('state (entry)', ['ab-initio', 'resume', ''])),
  el('cmi.exit', 'wo', vocabulary('state (exit)', ['time-out', 'suspend', 'logout', 'normal', ''])),
  children('cmi.interactions'),
  count('cmi.interactions'),
  el('cmi.interactions.n.id', 'rw', LONG_IDENTIFIER),
  el('cmi.interactions.n.type', 'rw', vocabulary('state (interaction type)', INTERACTION_TYPES_2004)),
  count('cmi.interactions.n.objectives'),
  el('cmi.interactions.n.objectives.n.id', 'rw', LONG_IDENTIFIER),
  el('cmi.interactions.n.timestamp', 'rw', TIME_SECOND),
  count('cmi.interactions.n.correct_responses'),
  el('cmi.interactions.n.correct_responses.n.pattern', 'rw', characterstring(4000), { response: 'pattern' }),
  el('cmi.interactions.n.weighting', 'rw', REAL),
  el('cmi.interactions.n.learner_response', 'rw', characterstring(4000), { response: 'learner_response' }),
  el(
    'cmi.interactions.n.result',
    'rw',
    oneOf('state (result) | real(10,7)', [
      vocabulary('state (result)', ['correct', 'incorrect', 'unanticipated', 'neutral']),
      REAL,
    ]),
  ),
  el('cmi.interactions.n.latency', 'rw', TIMEINTERVAL),
  el('cmi.interactions.n.description', 'rw', localizedString(250)),
  el('cmi.launch_data', 'ro', characterstring(4000)),
  el('cmi.learner_id', 'ro', LONG_IDENTIFIER),
  el('cmi.learner_name', 'ro', localizedString(250)),
  children('cmi.learner_preference'),
  el('cmi.learner_preference.audio_level', 'rw', NON_NEGATIVE),
  el('cmi.learner_preference.language', 'rw', LANGUAGE_TYPE),
  el('cmi.learner_preference.delivery_speed', 'rw', NON_NEGATIVE),
  el('cmi.learner_preference.audio_captioning', 'rw', vocabulary('state (-1, 0, 1)', ['-1', '0', '1'])),
  el('cmi.location', 'rw', characterstring(1000)),
  el('cmi.max_time_allowed', 'ro', TIMEINTERVAL),
  el('cmi.mode', 'ro', vocabulary('state (mode)', ['browse', 'normal', 'review'])),
  children('cmi.objectives'),
  count('cmi.objectives'),
  el('cmi.objectives.n.id', 'rw', LONG_IDENTIFIER),
  children('cmi.objectives.n.score'),
  el('cmi.objectives.n.score.scaled', 'rw', SCALED),
  el('cmi.objectives.n.score.raw', 'rw', REAL),
  el('cmi.objectives.n.score.min', 'rw', REAL),
  el('cmi.objectives.n.score.max', 'rw', REAL),
  el('cmi.objectives.n.success_status', 'rw', SUCCESS),
  el('cmi.objectives.n.completion_status', 'rw', COMPLETION),
  el('cmi.objectives.n.progress_measure', 'rw', UNIT),
  el('cmi.objectives.n.description', 'rw', localizedString(250)),
  el('cmi.progress_measure', 'rw', UNIT),
  el('cmi.scaled_passing_score', 'ro', SCALED),
  children('cmi.score'),
  el('cmi.score.scaled', 'rw', SCALED),
  el('cmi.score.raw', 'rw', REAL),
  el('cmi.score.min', 'rw', REAL),
  el('cmi.score.max', 'rw', REAL),
  el('cmi.session_time', 'wo', TIMEINTERVAL),
  el('cmi.success_status', 'rw', SUCCESS),
  el('cmi.suspend_data', 'rw', characterstring(64000)),
  el(
    'cmi.time_limit_action',
    'ro',
    vocabulary('state (time_limit_action)', [
      'exit,message',
      'continue,message',
      'exit,no message',
      'continue,no message',
    ]),
  ),
  el('cmi.total_time', 'ro', TIMEINTERVAL),
  el('adl.nav.request', 'rw', NAV_REQUEST),
  el('adl.nav.request_valid.continue', 'ro', NAV_VALID),
  el('adl.nav.request_valid.previous', 'ro', NAV_VALID),
  el('adl.nav.request_valid.choice.{target=ID}', 'ro', NAV_VALID),
  el('adl.nav.request_valid.jump.{target=ID}', 'ro', NAV_VALID),
  children('adl.data'),
  count('adl.data'),
  el('adl.data.n.id', 'ro', LONG_IDENTIFIER),
  el('adl.data.n.store', 'rw', characterstring(64000)),
];
