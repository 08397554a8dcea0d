/**
 * Answers for `adl.nav.request_valid.*`. The run-time engine makes no sequencing decisions of its own:
 * whoever sequences the course (a future sequencer, a test) plugs in an oracle; without one every
 * answer is "unknown", which SCORM 2004 allows.
 */
export type NavBoolean = 'true' | 'false' | 'unknown';

export const NAV_REQUESTS = [
  'continue',
  'previous',
  'exit',
  'exitAll',
  'abandon',
  'abandonAll',
  'suspendAll',
] as const;
export type SimpleNavRequest = (typeof NAV_REQUESTS)[number];

/** Everything a SCO can ask through adl.nav.request_valid, answered ahead of time (GetValue is synchronous). */
export interface NavValiditySnapshot {
  requests: Record<SimpleNavRequest, NavBoolean>;
  /** adl.nav.request_valid.choice.{target=ID}, by activity id. */
  choice: Record<string, NavBoolean>;
  /** adl.nav.request_valid.jump.{target=ID}, by activity id. */
  jump: Record<string, NavBoolean>;
  /** Answer for a target not listed in choice/jump. */
  otherTargets: NavBoolean;
}

export interface NavigationOracle {
  /** Current answers for the SCO `scoId`; asked at launch and whenever the runtime refreshes navigation. */
  snapshot(scoId: string): NavValiditySnapshot;
}

export function unknownNavValidity(): NavValiditySnapshot {
  const requests = Object.fromEntries(NAV_REQUESTS.map((r) => [r, 'unknown'])) as Record<
    SimpleNavRequest,
    NavBoolean
  >;
  return { requests, choice: {}, jump: {}, otherTargets: 'unknown' };
}

/** The default oracle: nothing is known. */
export const unknownNavigationOracle: NavigationOracle = { snapshot: () => unknownNavValidity() };

/** An oracle with fixed answers (tests, simple single-SCO launches). */
export function staticNavigationOracle(partial: {
  requests?: Partial<Record<SimpleNavRequest, NavBoolean>>;
  choice?: Record<string, NavBoolean>;
  jump?: Record<string, NavBoolean>;
  otherTargets?: NavBoolean;
}): NavigationOracle {
  const base = unknownNavValidity();
  const snap: NavValiditySnapshot = {
    requests: { ...base.requests, ...partial.requests },
    choice: { ...partial.choice },
    jump: { ...partial.jump },
    otherTargets: partial.otherTargets ?? 'unknown',
  };
  return { snapshot: () => snap };
}

/** A navigation request a SCO made with SetValue("adl.nav.request", ...), for a sequencer to act on. */
export interface NavRequestEvent {
  scoId: string;
  /** The value as the engine accepted it, e.g. "continue" or "{target=intro}choice". */
  request: string;
  /** 'set': the SCO just set it; 'terminate': it was pending when the SCO terminated (the time to act). */
  phase: 'set' | 'terminate';
  timestamp: number;
}
