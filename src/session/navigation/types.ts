/**
 * What the session navigator answers: the shapes the navigation tools (scorm_sn_*, scorm_nav_*,
 * scorm_trace_sequencing, scorm_test_navigation_flow) and the CLI build on. Field names are the MCP
 * results' (snake_case), so tools pass them through unchanged.
 */
import type { CourseTexts } from '../../core/course-text.js';
import type { NotApplicableCode } from '../../core/not-applicable.js';
import type { SavedStateWriter } from '../saved-state-writer.js';
import type { ReportedObjective } from './foreign-objectives.js';
import type { NavigationRequest, TraceEvent } from '../../sequencing/index.js';

/** A request the LMS side can make (the learner's buttons, the TOC, an operator). */
export type LmsRequest = NavigationRequest;

/**
 * Why navigation does not apply to this session: success with sn_available/applicable false (as the
 * specification says), and the project's one not-applicable shape (core/not-applicable.ts).
 */
export interface NotApplicable {
  success: false;
  applicable: false;
  sn_available: false;
  not_applicable: { code: Extract<NotApplicableCode, 'SN_NOT_INITIALIZED' | 'SINGLE_SCO'>; message: string };
}

/** The SCO a request unloaded before acting, and how its attempt ended. */
export interface UnloadedSco {
  activity_id: string;
  /** course: it called Terminate (itself or in its unload handler); tester: we ended the attempt; none: it never initialized. */
  terminated_by: 'course' | 'tester' | 'none';
  /** The adl.nav.request the SCO left pending (ignored: an LMS-side request wins). */
  ignored_nav_request: string | null;
}

/** An activity the player delivered (loaded into the frame with its own run-time data). */
export interface DeliveredSco {
  activity_id: string;
  title: string;
  launch_url: string;
  /** ab-initio, or resume when the engine resumed a suspended attempt (its saved cmi data restored). */
  entry: 'ab-initio' | 'resume';
  /** The player's attempt number in the runtime (each delivery is a new attempt in the same page). */
  runtime_attempt: number;
}

/** What one navigation request did. A denied request is an answer (success false), never an exception. */
export interface NavOutcome {
  applicable: true;
  sn_available: true;
  /** The request as processed, e.g. "continue", "choice:intro", or the SCO's "{target=x}jump". */
  request: string;
  /** Who asked: an LMS-side request (tool/CLI/operator), or the SCO's adl.nav.request at Terminate. */
  source: 'lms' | 'sco';
  /** True when the request was valid and carried out (delivered, ended the session, or nothing to do). */
  success: boolean;
  outcome: 'delivered' | 'ended' | 'denied' | 'nothing';
  /**
   * When denied: "not valid, because …" naming the rule or control; else what happened. The course's
   * ids and titles are not in it: it refers to them as `course_text.quoted[i]`. (A sentence: `message`,
   * not `reason`, which in answers is always a code.)
   */
  message: string | null;
  /** The course text the message refers to. */
  course_text?: CourseTexts;
  /** SN exception code (e.g. NB.2.1-2, SB.2.12-3) when denied. */
  code: string | null;
  /** SN process that denied it. */
  process: string | null;
  unloaded: UnloadedSco | null;
  delivered: DeliveredSco | null;
  current_activity: string | null;
  /** True once the sequencing session ended (exitAll, suspendAll, abandonAll, end of the course). */
  session_ended: boolean;
}

export interface RequestVerdictView {
  valid: boolean;
  /** Why not, in words (the sequencing engine's reason). */
  message?: string;
  code?: string;
  /** The course text the message refers to. */
  course_text?: CourseTexts;
}

export interface TocEntryView {
  id: string;
  title: string;
  parent_id: string | null;
  depth: number;
  is_leaf: boolean;
  visible: boolean;
  hidden_from_choice: boolean;
  available: boolean;
  current: boolean;
  active: boolean;
  suspended: boolean;
  attempt_count: number;
  completion_status: 'completed' | 'incomplete' | 'unknown';
  success_status: 'passed' | 'failed' | 'unknown';
  /** A choice of this activity would be valid now; why_not says which rule or control prevents it. */
  can_choose: boolean;
  why_not?: string;
  /** The course text why_not refers to. */
  course_text?: CourseTexts;
}

/** scorm_nav_get_state when sequencing runs. */
export interface NavStateView {
  sn_available: true;
  applicable: true;
  current_activity: string | null;
  suspended_activity: string | null;
  session_ended: boolean;
  /** Each LMS-side request (start, resumeAll, continue, previous, exit, exitAll, abandon, abandonAll, suspendAll): valid now, or why not. */
  valid_requests: Record<string, RequestVerdictView>;
  /** The LMS controls adlnav:hideLMSUI hides for the current activity. */
  hidden_lms_controls: string[];
  controls: Record<string, { hidden: boolean; enabled: boolean }>;
  toc_enabled: boolean;
  toc: TocEntryView[];
  /** The SCO in the frame now, with its attempt's Initialize state. */
  delivered: (DeliveredSco & { initialize_state: 'none' | 'initialized' | 'terminated' }) | null;
}

/** One entry of the navigator's delivery log (what navigation-flow and trace tools report). */
export interface NavLogEntry extends NavOutcome {
  at: string;
  /** SN trace events of this request (filter by level with filterTrace). */
  trace: TraceEvent[];
}

/** scorm_sn_init / scorm_sn_reset. */
export interface SnInitResult {
  success: true;
  sn_available: true;
  /** How the first activity was delivered: resumeAll after a suspend, start, or the first choosable leaf. */
  how: 'start' | 'resumeAll' | 'choice';
  /** The saved sequencing state was restored (suspendAll → close → reopen). */
  restored: boolean;
  activity_count: number;
  outcome: NavOutcome;
  /** Global objectives the course reads that another course wrote (set by the session before the start). */
  foreign_global_objectives?: ReportedObjective[];
  /** With restored: which package wrote the sequencing state restored. */
  saved_state_writer?: SavedStateWriter;
}
