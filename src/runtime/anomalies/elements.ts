/** Element names and limits that differ between SCORM 1.2 and 2004. */
export interface VersionNames {
  initialize: string;
  terminate: string;
  commit: string;
  getLastError: string;
  apiObject: string;
  sessionTime: string;
  exit: string;
  entry: string;
  /** Where a SCO keeps its bookmark. */
  location: string;
  /** Elements through which a SCO reports its status. */
  status: readonly string[];
  scoreRaw: string;
  scoreMin: string;
  scoreMax: string;
  /** Name of an interaction's response field. */
  response: string;
  suspendLimit: number;
  suspendType: string;
}

export const NAMES: Record<'1.2' | '2004', VersionNames> = {
  '1.2': {
    initialize: 'LMSInitialize',
    terminate: 'LMSFinish',
    commit: 'LMSCommit',
    getLastError: 'LMSGetLastError',
    apiObject: 'API',
    sessionTime: 'cmi.core.session_time',
    exit: 'cmi.core.exit',
    entry: 'cmi.core.entry',
    location: 'cmi.core.lesson_location',
    status: ['cmi.core.lesson_status'],
    scoreRaw: 'cmi.core.score.raw',
    scoreMin: 'cmi.core.score.min',
    scoreMax: 'cmi.core.score.max',
    response: 'student_response',
    suspendLimit: 4096,
    suspendType: 'CMIString4096',
  },
  '2004': {
    initialize: 'Initialize',
    terminate: 'Terminate',
    commit: 'Commit',
    getLastError: 'GetLastError',
    apiObject: 'API_1484_11',
    sessionTime: 'cmi.session_time',
    exit: 'cmi.exit',
    entry: 'cmi.entry',
    location: 'cmi.location',
    status: ['cmi.completion_status', 'cmi.success_status'],
    scoreRaw: 'cmi.score.raw',
    scoreMin: 'cmi.score.min',
    scoreMax: 'cmi.score.max',
    response: 'learner_response',
    suspendLimit: 64000,
    suspendType: 'characterstring (SPM 64,000)',
  },
};

export const SUSPEND_DATA = 'cmi.suspend_data';
