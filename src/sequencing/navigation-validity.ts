/**
 * Which navigation requests would be valid now (adl.nav.request_valid.*, the LMS's Continue/Previous
 * controls and its table of contents). Each answer runs the same processes as the request itself: the
 * navigation request process in dry-run mode on the real state, the termination on a copy
 * (termination-preview.ts), the sequencing request in dry-run mode on what that termination leaves.
 */
import { quoted, type CourseTexts } from '../core/course-text.js';
import {
  NAV_REQUESTS,
  type NavBoolean,
  type NavValiditySnapshot,
  type SimpleNavRequest,
} from '../rte/adapter/navigation-oracle.js';
import type { SeqActivity } from './activity-tree.js';
import { isLeaf } from './activity-tree.js';
import { deliveryRequestProcess } from './delivery-request-process.js';
import { deliveryPreconditions } from './content-delivery-environment-process.js';
import type { NavigationRequest, SequencingRequest } from './navigation-request.js';
import { navigationRequestProcess } from './navigation-request-process.js';
import { attemptCompleted, objectiveSatisfied, primaryObjective } from './objective-maps.js';
import { currentActivity, stateOf, type SequencingContext } from './sequencing-context.js';
import { sequencingRequestProcess } from './sequencing-request-process.js';
import { sequencingRulesCheckProcess } from './sequencing-rules-check-process.js';
import { previewTermination, type TerminationPreview } from './termination-preview.js';
import type { TraceSink } from './trace.js';
import { isAvailable } from './tree-queries.js';

export interface Verdict {
  valid: boolean;
  /** Why not, naming the rule or control (absent when valid). */
  reason?: string;
  code?: string;
  /** The course text the reason refers to (course-text-out.ts). */
  course_text?: CourseTexts;
}

export interface TocEntry {
  id: string;
  title: string;
  parentId: string | null;
  depth: number;
  isLeaf: boolean;
  /** The LMS lists it: isvisible="true" and not hidden from choice (itself or an ancestor). */
  visible: boolean;
  /** A hiddenFromChoice precondition rule applies now. */
  hiddenFromChoice: boolean;
  /** Selected for the current attempt of its parent (selection controls). */
  available: boolean;
  current: boolean;
  active: boolean;
  suspended: boolean;
  attemptCount: number;
  completionStatus: 'completed' | 'incomplete' | 'unknown';
  successStatus: 'passed' | 'failed' | 'unknown';
  /** A choice of this activity would be valid now. */
  selectable: boolean;
  whyNot?: string;
  /** The course text whyNot refers to. */
  course_text?: CourseTexts;
}

export interface ControlState {
  /** adlnav:hideLMSUI of the current activity hides it. */
  hidden: boolean;
  /** Shown and the request is valid now (it will deliver, end the session or end the attempt). */
  enabled: boolean;
  /**
   * Shown and the navigation request process (NB.2.1) alone accepts the request. ADL's sample LMS
   * enables its Continue button on this, and the ADL suite's UI questions follow it: CM-07d expects
   * Continue enabled where the continue then fails in the flow (SB.2.2-1). Only the conformance
   * replay answers from it; every other consumer reads `enabled`.
   */
  acceptedByNavigation: boolean;
}

/** The LMS controls for navigation requests: the simple requests a SCO can ask about too. */
export const LMS_CONTROLS = NAV_REQUESTS;
export type LmsControl = (typeof LMS_CONTROLS)[number];

export interface NavigationState {
  currentActivity: string | null;
  suspendedActivity: string | null;
  validity: NavValiditySnapshot;
  requests: Record<SimpleNavRequest | 'start' | 'resumeAll', Verdict>;
  controls: Record<LmsControl, ControlState>;
  /** A choice can be made through the TOC now. */
  tocEnabled: boolean;
  toc: TocEntry[];
}

/** Runs `fn` with no state changes; its trace goes to `sink` (none by default: the TOC checks every activity). */
function dryRun<T>(ctx: SequencingContext, fn: () => T, sink: TraceSink | null = null): T {
  const { trace, lastDenial, dryRun: was } = ctx;
  ctx.trace = sink;
  ctx.dryRun = true;
  try {
    return fn();
  } finally {
    ctx.trace = trace;
    ctx.dryRun = was;
    ctx.lastDenial = lastDenial;
  }
}

/** The verdict of a check just made on `ctx`: its latest denial says why not. */
function verdict(ctx: SequencingContext, ok: boolean, fallback: string): Verdict {
  if (ok) return { valid: true };
  const d = ctx.lastDenial;
  return d
    ? { valid: false, reason: `${d.message} (${d.code})`, code: d.code }
    : { valid: false, reason: fallback };
}

/**
 * The termination previews a snapshot shares: every request with the same termination request ends the
 * current attempt the same way, and the sequencing request a termination puts in place of the
 * navigation's own (post-condition rules, exitAll) is judged once.
 */
interface Lookahead {
  previews: Map<string, TerminationPreview>;
  replaced: Map<string, Verdict>;
}

function lookahead(): Lookahead {
  return { previews: new Map(), replaced: new Map() };
}

/**
 * Would `req` be valid now, that is, would carrying it out deliver an activity, end the sequencing
 * session or end the attempt it asks to end? The same processes as the overall sequencing process run:
 * the navigation request process in dry-run mode on the real state, the termination request on a copy
 * (termination-preview.ts), then the sequencing request process (SB.2.12 and the request's own process),
 * the delivery request process and the content delivery environment's preconditions in dry-run mode
 * on what that termination leaves. The checks' trace goes to `sink` when given.
 */
export function requestValidity(
  ctx: SequencingContext,
  req: NavigationRequest,
  look: Lookahead = lookahead(),
  sink: TraceSink | null = null,
): Verdict {
  const nav = dryRun(
    ctx,
    () => {
      ctx.lastDenial = null;
      const result = navigationRequestProcess(ctx, req);
      return { result, verdict: verdict(ctx, result.valid, 'not valid now') };
    },
    sink,
  );
  if (!nav.verdict.valid) return nav.verdict;
  const { result } = nav;
  if (!result.termination)
    return dryRun(ctx, () => sequencingValidity(ctx, result.sequencing, result.target), sink);
  const key = `${result.termination}/${result.sequencing ?? ''}`;
  let preview = look.previews.get(key);
  if (!preview) {
    preview = previewTermination(ctx, result.termination, result.sequencing);
    look.previews.set(key, preview);
  }
  if (!preview.valid)
    return { valid: false, reason: `${preview.reason} (${preview.code})`, code: preview.code };
  const after = preview.after;
  if (!preview.replacement || preview.replacement === result.sequencing)
    return dryRun(after, () => sequencingValidity(after, result.sequencing, result.target), sink);
  const replacement = preview.replacement;
  let replaced = look.replaced.get(key);
  if (!replaced) {
    replaced = dryRun(after, () => sequencingValidity(after, replacement, result.target), sink);
    look.replaced.set(key, replaced);
  }
  // An exit-type request has done its job once the termination is through (overall-sequencing-process.ts).
  if (replaced.valid || result.sequencing === 'exit') return { valid: true };
  const how =
    result.termination === 'exit'
      ? `ending ${quoted(ctx.state.currentActivity ?? '')} applies a post-condition rule that turns ${req.type} into ${replacement}`
      : `${req.type} ends with ${replacement}`;
  return { ...replaced, reason: `${how}, and ${replaced.reason ?? 'that is not possible'}` };
}

/**
 * Whether the sequencing request, run on the state `ctx` holds now, would deliver an activity, end the
 * sequencing session, or leave nothing to deliver without an exception (exit of a non-root activity).
 */
function sequencingValidity(
  ctx: SequencingContext,
  sequencing: SequencingRequest | undefined,
  target: SeqActivity | undefined,
): Verdict {
  ctx.lastDenial = null;
  if (!sequencing) return { valid: true };
  const seq = sequencingRequestProcess(ctx, sequencing, target ?? null);
  if (seq.endSequencingSession) return { valid: true };
  if (seq.exception) return verdict(ctx, false, `${sequencing} is not possible now (${seq.exception})`);
  if (!seq.delivery) return { valid: true };
  if (deliveryRequestProcess(ctx, seq.delivery) !== null) return verdict(ctx, false, 'cannot be delivered');
  return verdict(ctx, deliveryPreconditions(ctx, seq.delivery) === null, 'cannot be delivered');
}

export function navigationState(ctx: SequencingContext): NavigationState {
  const nb = (v: Verdict): NavBoolean => (v.valid ? 'true' : 'false');
  const requests = {} as NavigationState['requests'];
  const look = lookahead();
  for (const type of [...LMS_CONTROLS, 'start', 'resumeAll'] as const)
    requests[type] = requestValidity(ctx, { type }, look);
  const current = currentActivity(ctx);
  const hide = new Set(current?.hideLMSUI ?? []);
  const controls = {} as NavigationState['controls'];
  for (const c of LMS_CONTROLS)
    controls[c] = {
      hidden: hide.has(c),
      enabled: !hide.has(c) && requests[c].valid,
      acceptedByNavigation: !hide.has(c) && navigationAccepts(ctx, { type: c }),
    };
  const toc: TocEntry[] = [];
  const choice: Record<string, NavBoolean> = {};
  const jump: Record<string, NavBoolean> = {};
  const hidden = new Map<SeqActivity, boolean>();
  for (const a of ctx.tree.activities) {
    const v = requestValidity(ctx, { type: 'choice', target: a.id }, look);
    choice[a.id] = nb(v);
    jump[a.id] = current ? nb(requestValidity(ctx, { type: 'jump', target: a.id }, look)) : 'false';
    const own = dryRun(ctx, () => sequencingRulesCheckProcess(ctx, a, 'pre', ['hiddenFromChoice']) !== null);
    hidden.set(a, own || (a.parent !== null && hidden.get(a.parent) === true));
    toc.push(tocEntry(ctx, a, v, own, hidden.get(a) === true));
  }
  const validity: NavValiditySnapshot = {
    requests: Object.fromEntries(
      LMS_CONTROLS.map((c) => [c, nb(requests[c])]),
    ) as NavValiditySnapshot['requests'],
    choice,
    jump,
    otherTargets: 'false',
  };
  return {
    currentActivity: ctx.state.currentActivity,
    suspendedActivity: ctx.state.suspendedActivity,
    validity,
    requests,
    controls,
    // A TOC whose only choice is the activity being experienced offers no choice.
    tocEnabled: toc.some((e) => e.selectable && e.visible && !(e.current && e.active)),
    toc,
  };
}

function navigationAccepts(ctx: SequencingContext, req: NavigationRequest): boolean {
  return dryRun(ctx, () => navigationRequestProcess(ctx, req).valid);
}

/**
 * A TOC entry. Like ADL's sample LMS, the TOC leaves out entries hidden from choice (with their
 * descendants).
 */
function tocEntry(
  ctx: SequencingContext,
  a: SeqActivity,
  choice: Verdict,
  hiddenRule: boolean,
  hiddenTree: boolean,
): TocEntry {
  const s = stateOf(ctx, a);
  const completed = dryRun(ctx, () => attemptCompleted(ctx, a));
  const satisfied = dryRun(ctx, () => objectiveSatisfied(ctx, a, primaryObjective(a)));
  const entry: TocEntry = {
    id: a.id,
    title: a.title,
    parentId: a.parent?.id ?? null,
    depth: a.depth,
    isLeaf: isLeaf(a),
    visible: a.isVisible && !hiddenTree,
    hiddenFromChoice: hiddenRule,
    available: isAvailable(ctx, a),
    current: ctx.state.currentActivity === a.id,
    active: s.isActive,
    suspended: s.isSuspended,
    attemptCount: s.attemptCount,
    completionStatus: completed === undefined ? 'unknown' : completed ? 'completed' : 'incomplete',
    successStatus: satisfied === undefined ? 'unknown' : satisfied ? 'passed' : 'failed',
    selectable: choice.valid,
  };
  if (!choice.valid && choice.reason) entry.whyNot = choice.reason;
  return entry;
}
