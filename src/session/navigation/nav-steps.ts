/**
 * Navigation steps as people write them: `scorm-tester run --nav continue,choice:quiz,suspendAll` and the
 * `navigation_sequence` of scorm_test_navigation_flow. Each step is one SCORM 2004 navigation request.
 */
import { fail } from '../../core/errors.js';
import { NAV_REQUESTS } from '../../rte/adapter/navigation-oracle.js';
import type { NavigationRequest, NavigationRequestType } from '../../sequencing/index.js';

export interface NavStep {
  /** The step as written. */
  text: string;
  request: NavigationRequest;
}

/** Request names without a target, as the SN book spells them. */
const PLAIN = [...NAV_REQUESTS, 'start', 'resumeAll', 'retry', 'retryAll'] as const;

/** Every navigation request an LMS can make, targeted ones included. */
export const LMS_REQUEST_TYPES = [
  ...PLAIN,
  'choice',
  'jump',
] as const satisfies readonly NavigationRequestType[];

/** Words an LMS's buttons use for the same requests. */
const ALIASES: Record<string, (typeof PLAIN)[number]> = {
  next: 'continue',
  prev: 'previous',
  back: 'previous',
};

export const MAX_NAV_STEPS = 100;
const MAX_STEP_LENGTH = 4_000;

const STEP_FORMS =
  'next|continue, previous|prev, choice:ID, jump:ID, start, resumeAll, exit, exitAll, abandon, abandonAll, suspendAll, retry, retryAll ({target=ID}choice and {target=ID}jump work too)';

/** One step, or undefined with nothing thrown when it is not a navigation request. */
export function parseNavStep(raw: string): NavigationRequest | undefined {
  const text = raw.trim();
  const short = /^(choice|jump)[:=](.+)$/i.exec(text);
  const adl = /^\{target=([^}]+)\}(choice|jump)$/i.exec(text);
  const type = short?.[1] ?? adl?.[2];
  const target = (short?.[2] ?? adl?.[1])?.trim();
  if (type !== undefined) {
    if (!target) return undefined;
    return { type: type.toLowerCase() as 'choice' | 'jump', target };
  }
  const lower = text.toLowerCase();
  const alias = ALIASES[lower];
  if (alias) return { type: alias };
  const plain = PLAIN.find((name) => name.toLowerCase() === lower);
  return plain ? ({ type: plain } as NavigationRequest) : undefined;
}

/**
 * Parses every step or fails with INVALID_ARGUMENT naming the first bad one (callers that are not MCP
 * turn the message into their own usage error). `where` names the parameter or flag for the message.
 */
export function parseNavSteps(steps: readonly string[], where: string): NavStep[] {
  if (steps.length > MAX_NAV_STEPS)
    fail('INVALID_ARGUMENT', `${where}: at most ${MAX_NAV_STEPS} steps (got ${steps.length}).`);
  return steps.map((text, i) => {
    const request = text.length <= MAX_STEP_LENGTH ? parseNavStep(text) : undefined;
    if (!request) {
      const shown = text.length > 80 ? `${text.slice(0, 80)}…` : text;
      fail(
        'INVALID_ARGUMENT',
        `${where}: step ${i + 1} ("${shown}") is not a navigation request. Use one of: ${STEP_FORMS}.`,
      );
    }
    return { text, request };
  });
}

/** A request as one short word, for reports: "continue", "choice:quiz". */
export function navStepText(request: NavigationRequest): string {
  return 'target' in request ? `${request.type}:${request.target}` : request.type;
}

/**
 * The steps left to send once the course has been launched: a leading "start" or "resumeAll" is the
 * launch itself (as in navigation_sequence ["start", "next", …]).
 */
export function afterLaunch(steps: readonly NavStep[]): NavStep[] {
  const first = steps[0]?.request.type;
  return first === 'start' || first === 'resumeAll' ? steps.slice(1) : [...steps];
}
