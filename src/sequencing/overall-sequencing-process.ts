/**
 * OP.1 Overall Sequencing Process: one navigation request through the navigation request, termination
 * request, sequencing request, delivery request and content delivery environment processes. A refused
 * request is an outcome (`denied`, with the exception code and why), never an exception.
 */
import { quoted, type CourseTexts } from '../core/course-text.js';
import { contentDeliveryEnvironmentProcess } from './content-delivery-environment-process.js';
import { deliveryRequestProcess } from './delivery-request-process.js';
import type { NavigationRequest } from './navigation-request.js';
import { navigationRequestProcess } from './navigation-request-process.js';
import { emit, type SequencingContext } from './sequencing-context.js';
import { sequencingRequestProcess } from './sequencing-request-process.js';
import { terminationRequestProcess } from './termination-request-process.js';

/** Each reason refers to the course's ids and titles as `course_text.quoted[i]` once out of the engine. */
export type NavigationOutcome =
  | { kind: 'deliver'; activityId: string; resumed: boolean }
  | { kind: 'ended'; reason: string; course_text?: CourseTexts }
  | { kind: 'denied'; code: string; reason: string; process: string; course_text?: CourseTexts }
  | { kind: 'nothing'; reason: string; course_text?: CourseTexts };

export function overallSequencingProcess(ctx: SequencingContext, req: NavigationRequest): NavigationOutcome {
  ctx.lastDenial = null;
  emit(ctx, {
    level: 'basic',
    process: 'OP.1 Overall Sequencing Process',
    kind: 'request',
    data: { ...req },
  });
  const outcome = run(ctx, req);
  // In a trace `reason` would read as a code; the outcome's sentence is its message there.
  const { reason, ...rest } = outcome as NavigationOutcome & { reason?: string };
  emit(ctx, {
    level: 'basic',
    process: 'OP.1 Overall Sequencing Process',
    kind: 'outcome',
    data: reason === undefined ? rest : { ...rest, message: reason },
  });
  return outcome;
}

function run(ctx: SequencingContext, req: NavigationRequest): NavigationOutcome {
  const nav = navigationRequestProcess(ctx, req);
  if (!nav.valid) return denied(ctx, nav.exception);
  let sequencing = nav.sequencing;
  if (nav.termination) {
    const term = terminationRequestProcess(ctx, nav.termination, nav.sequencing);
    if (!term.valid) return denied(ctx, term.exception);
    if (term.sequencing) sequencing = term.sequencing;
  }
  if (!sequencing) return { kind: 'nothing', reason: `${req.type} done; no activity to deliver` };
  const seq = sequencingRequestProcess(ctx, sequencing, nav.target ?? null);
  if (seq.endSequencingSession) {
    ctx.state.currentActivity = null;
    const suspended = ctx.state.suspendedActivity;
    if (req.type === 'suspendAll' && suspended !== null)
      return {
        kind: 'ended',
        reason: `the sequencing session was suspended at ${quoted(suspended)} (resumeAll resumes it)`,
      };
    return { kind: 'ended', reason: `the sequencing session ended (${req.type})` };
  }
  if (seq.exception) {
    // A request made to end attempts (exit, exitAll, abandon(All), suspendAll) has done so once its
    // termination is through: a sequencing request a post-condition rule put in place of its exit
    // (retry, continue, previous) that then fails leaves the attempt ended, not the request refused.
    if (nav.termination && nav.sequencing === 'exit' && sequencing !== 'exit')
      return { kind: 'nothing', reason: afterTermination(ctx, req.type, sequencing, seq.exception) };
    return denied(ctx, seq.exception);
  }
  if (!seq.delivery) return { kind: 'nothing', reason: `${req.type} done; no activity to deliver` };
  const invalid = deliveryRequestProcess(ctx, seq.delivery);
  if (invalid) return denied(ctx, invalid);
  const delivered = contentDeliveryEnvironmentProcess(ctx, seq.delivery);
  if ('exception' in delivered) return denied(ctx, delivered.exception);
  return { kind: 'deliver', activityId: seq.delivery.id, resumed: delivered.facts.resumed };
}

function afterTermination(ctx: SequencingContext, request: string, sequencing: string, code: string): string {
  const why = ctx.lastDenial?.code === code ? `${ctx.lastDenial.message} (${code})` : code;
  return `${request} ended the attempt; the ${sequencing} a post-condition rule asked for delivers nothing: ${why}`;
}

function denied(ctx: SequencingContext, code: string | undefined): NavigationOutcome {
  const d = ctx.lastDenial;
  if (d && (code === undefined || d.code === code))
    return { kind: 'denied', code: d.code, reason: d.message, process: d.process };
  return {
    kind: 'denied',
    code: code ?? 'unknown',
    reason: 'the request was refused',
    process: 'OP.1 Overall Sequencing Process',
  };
}
