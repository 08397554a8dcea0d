/**
 * Which navigation requests would be valid now (adl.nav.request_valid.*, the LMS's Continue/Previous
 * controls and its table of contents). Each answer runs the same processes as the request itself: the
 * navigation request process in dry-run mode on the real state, the termination on a copy
 * (termination-preview.ts), the sequencing request in dry-run mode on what that termination leaves.
 */
import {
  NAV_REQUESTS,
  type NavBoolean,
  type NavValiditySnapshot,
  type SimpleNavRequest,
} from '../rte/adapter/navigation-oracle.js';
import type { SeqActivity } from './activity-tree.js';
import { isLeaf } from './activity-tree.js';
import { choiceRestriction } from './choice-sequencing-request-process.js';
import { deliveryRequestProcess } from './delivery-request-process.js';
import { flowSubprocess } from './flow-subprocess.js';
import type { NavigationRequest, SequencingRequest } from './navigation-request.js';
import { navigationRequestProcess } from './navigation-request-process.js';
import { attemptCompleted, objectiveSatisfied, primaryObjective } from './objective-maps.js';
import { currentActivity, stateOf, type SequencingContext } from './sequencing-context.js';
import { sequencingRulesCheckProcess } from './sequencing-rules-check-process.js';
import { previewExitTermination, type TerminationPreview } from './termination-preview.js';
import type { TraceSink } from './trace.js';
import { isAvailable } from './tree-queries.js';

export interface Verdict {
  valid: boolean;
  /** Why not, naming the rule or control (absent when valid). */
  reason?: string;
  code?: string;
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
}

export interface ControlState {
  /** adlnav:hideLMSUI of the current activity hides it. */
  hidden: boolean;
  /** Shown and the request is valid now. */
  enabled: boolean;
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
 * One preview of the current activity's Exit termination, shared by every request a snapshot checks,
 * with the verdict of the sequencing request a post-condition rule puts in their place (the same for all).
 */
interface Lookahead {
  preview: TerminationPreview | null;
  replaced?: Verdict;
}

function lookahead(): Lookahead {
  return { preview: null };
}

/**
 * Would `req` be valid now? The navigation request process runs on the real state; when the request
 * ends the current attempt (Exit termination), the sequencing request is judged on the state that
 * termination would leave (exit action and post-condition rules applied, rollup done), and a
 * post-condition rule's sequencing request (retry, continue, previous) replaces the request's own, as
 * the overall sequencing process does. The checks' trace goes to `sink` when given.
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
  if (result.termination !== 'exit' || !result.sequencing)
    return dryRun(ctx, () => sequencingValidity(ctx, result.sequencing, result.target), sink);
  look.preview ??= previewExitTermination(ctx);
  const preview = look.preview;
  if (!preview.valid)
    return { valid: false, reason: `${preview.reason} (${preview.code})`, code: preview.code };
  const after = preview.after;
  if (!preview.replacement)
    return dryRun(after, () => sequencingValidity(after, result.sequencing, result.target), sink);
  look.replaced ??= dryRun(after, () => sequencingValidity(after, preview.replacement, undefined), sink);
  if (look.replaced.valid) return look.replaced;
  return {
    ...look.replaced,
    reason: `ending "${ctx.state.currentActivity}" applies a post-condition rule that turns ${req.type} into ${preview.replacement}, and ${look.replaced.reason ?? 'that is not possible'}`,
  };
}

/** Whether the sequencing request would deliver (or end the session) on the state `ctx` holds now. */
function sequencingValidity(
  ctx: SequencingContext,
  sequencing: SequencingRequest | undefined,
  target: SeqActivity | undefined,
): Verdict {
  ctx.lastDenial = null;
  const current = currentActivity(ctx);
  switch (sequencing) {
    case 'continue':
      // Continue leaves the activity even when nothing ahead can be delivered (it may end the session);
      // ADL's sample LMS enables it whenever the navigation request itself is valid (CM-07d).
      return { valid: true };
    case 'previous': {
      if (!current) return verdict(ctx, false, 'no current activity');
      const flow = flowSubprocess(ctx, current, 'backward', false);
      if (!flow.deliverable) return verdict(ctx, false, 'no activity to go back to');
      return verdict(ctx, deliveryRequestProcess(ctx, flow.activity) === null, 'cannot be delivered');
    }
    case 'choice':
      return target ? choiceValidity(ctx, target) : { valid: false, reason: 'no target' };
    case 'jump':
      return target
        ? verdict(ctx, deliveryRequestProcess(ctx, target) === null, 'cannot be delivered')
        : { valid: false, reason: 'no target' };
    case 'retry': {
      if (!current) return verdict(ctx, false, 'no current activity');
      if (isLeaf(current))
        return verdict(ctx, deliveryRequestProcess(ctx, current) === null, 'cannot be delivered');
      const flow = flowSubprocess(ctx, current, 'forward', true);
      if (!flow.deliverable) return verdict(ctx, false, `nothing in "${current.id}" can be delivered`);
      return verdict(ctx, deliveryRequestProcess(ctx, flow.activity) === null, 'cannot be delivered');
    }
    default:
      return { valid: true };
  }
}

function choiceValidity(ctx: SequencingContext, target: SeqActivity): Verdict {
  if (choiceRestriction(ctx, target) !== null) return verdict(ctx, false, 'choice not allowed');
  let leaf = target;
  if (!isLeaf(target)) {
    const flow = flowSubprocess(ctx, target, 'forward', true);
    if (!flow.deliverable) return verdict(ctx, false, `nothing in "${target.id}" can be delivered`);
    leaf = flow.activity;
  }
  return verdict(ctx, deliveryRequestProcess(ctx, leaf) === null, 'cannot be delivered');
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
    controls[c] = { hidden: hide.has(c), enabled: !hide.has(c) && requests[c].valid };
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
