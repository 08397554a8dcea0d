/**
 * OP.1 Overall Sequencing Process: one navigation request through the navigation request, termination
 * request, sequencing request, delivery request and content delivery environment processes. A refused
 * request is an outcome (`denied`, with the exception code and why), never an exception.
 */
import { contentDeliveryEnvironmentProcess } from './content-delivery-environment-process.js';
import { deliveryRequestProcess } from './delivery-request-process.js';
import type { NavigationRequest } from './navigation-request.js';
import { navigationRequestProcess } from './navigation-request-process.js';
import { emit, type SequencingContext } from './sequencing-context.js';
import { sequencingRequestProcess } from './sequencing-request-process.js';
import { terminationRequestProcess } from './termination-request-process.js';

export type NavigationOutcome =
  | { kind: 'deliver'; activityId: string; resumed: boolean }
  | { kind: 'ended'; reason: string }
  | { kind: 'denied'; code: string; reason: string; process: string }
  | { kind: 'nothing'; reason: string };

export function overallSequencingProcess(ctx: SequencingContext, req: NavigationRequest): NavigationOutcome {
  ctx.lastDenial = null;
  emit(ctx, {
    level: 'basic',
    process: 'OP.1 Overall Sequencing Process',
    kind: 'request',
    data: { ...req },
  });
  const outcome = run(ctx, req);
  emit(ctx, {
    level: 'basic',
    process: 'OP.1 Overall Sequencing Process',
    kind: 'outcome',
    data: { ...outcome },
  });
  return outcome;
}

function run(ctx: SequencingContext, req: NavigationRequest): NavigationOutcome {
  const nav = navigationRequestProcess(ctx, req);
  if (!nav.valid) return denied(ctx, nav.exception);
  let sequencing = nav.sequencing;
  if (nav.termination) {
    const term = terminationRequestProcess(ctx, nav.termination);
    if (!term.valid) return denied(ctx, term.exception);
    if (term.sequencing) sequencing = term.sequencing;
  }
  if (!sequencing) return { kind: 'nothing', reason: `${req.type} done; no activity to deliver` };
  const seq = sequencingRequestProcess(ctx, sequencing, nav.target ?? null);
  if (seq.endSequencingSession) {
    ctx.state.currentActivity = null;
    return { kind: 'ended', reason: `the sequencing session ended (${sequencing})` };
  }
  if (seq.exception) return denied(ctx, seq.exception);
  if (!seq.delivery) return { kind: 'nothing', reason: `${req.type} done; no activity to deliver` };
  const invalid = deliveryRequestProcess(ctx, seq.delivery);
  if (invalid) return denied(ctx, invalid);
  const delivered = contentDeliveryEnvironmentProcess(ctx, seq.delivery);
  if ('exception' in delivered) return denied(ctx, delivered.exception);
  return { kind: 'deliver', activityId: seq.delivery.id, resumed: delivered.facts.resumed };
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
