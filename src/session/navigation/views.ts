/**
 * The navigator's answers as the tools show them (snake_case; the engine's reasons become `message`, as
 * `reason` in answers is always a code). The course's ids and titles are data fields (activity_id, id,
 * title) or `course_text`, which the messages refer to.
 */
import type { NavigationState, SessionOutcome, Verdict } from '../../sequencing/index.js';
import type { DeliveredSco, LmsRequest, NavOutcome, NavStateView, UnloadedSco } from './types.js';

/** "continue", "choice:intro", "jump:quiz". */
export function describeRequest(request: LmsRequest): string {
  return 'target' in request ? `${request.type}:${request.target}` : request.type;
}

/** An LMS-side request the validity check refused, as the outcome of that request. */
export function deniedByVerdict(verdict: Verdict): SessionOutcome {
  return {
    kind: 'denied',
    code: verdict.code ?? 'unknown',
    reason: verdict.reason ?? 'the request is not valid now',
    process: 'NB.2.1 Navigation Request Process',
    ...(verdict.course_text ? { course_text: verdict.course_text } : {}),
  };
}

export function navOutcome(
  request: string,
  source: NavOutcome['source'],
  outcome: SessionOutcome,
  unloaded: UnloadedSco | null,
  delivered: DeliveredSco | null,
  currentActivity: string | null,
  sessionEnded: boolean,
): NavOutcome {
  const denied = outcome.kind === 'denied';
  const texts = outcome.kind === 'deliver' ? undefined : outcome.course_text;
  return {
    applicable: true,
    sn_available: true,
    request,
    source,
    success: !denied,
    outcome: outcome.kind === 'deliver' ? 'delivered' : outcome.kind,
    message: denied
      ? `not valid, because ${outcome.reason} (${outcome.code}, ${outcome.process})`
      : outcome.kind === 'deliver'
        ? `delivered${outcome.resumed ? ' (resumed)' : ''}`
        : outcome.reason,
    ...(texts ? { course_text: texts } : {}),
    code: denied ? outcome.code : null,
    process: denied ? outcome.process : null,
    unloaded,
    delivered,
    current_activity: currentActivity,
    session_ended: sessionEnded,
  };
}

export function navStateView(
  nav: NavigationState,
  sessionEnded: boolean,
  delivered: NavStateView['delivered'],
): NavStateView {
  const controls = Object.fromEntries(
    Object.entries(nav.controls).map(([name, c]) => [name, { hidden: c.hidden, enabled: c.enabled }]),
  );
  return {
    sn_available: true,
    applicable: true,
    current_activity: nav.currentActivity,
    suspended_activity: nav.suspendedActivity,
    session_ended: sessionEnded,
    valid_requests: Object.fromEntries(
      Object.entries(nav.requests).map(([name, v]) => [
        name,
        {
          valid: v.valid,
          ...(v.reason === undefined ? {} : { message: v.reason }),
          ...(v.code === undefined ? {} : { code: v.code }),
          ...(v.course_text === undefined ? {} : { course_text: v.course_text }),
        },
      ]),
    ),
    hidden_lms_controls: Object.entries(nav.controls)
      .filter(([, c]) => c.hidden)
      .map(([name]) => name),
    controls,
    toc_enabled: nav.tocEnabled,
    toc: nav.toc.map((e) => ({
      id: e.id,
      title: e.title,
      parent_id: e.parentId,
      depth: e.depth,
      is_leaf: e.isLeaf,
      visible: e.visible,
      hidden_from_choice: e.hiddenFromChoice,
      available: e.available,
      current: e.current,
      active: e.active,
      suspended: e.suspended,
      attempt_count: e.attemptCount,
      completion_status: e.completionStatus,
      success_status: e.successStatus,
      can_choose: e.selectable,
      ...(e.whyNot === undefined ? {} : { why_not: e.whyNot }),
      ...(e.course_text === undefined ? {} : { course_text: e.course_text }),
    })),
    delivered,
  };
}
