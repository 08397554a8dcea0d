/**
 * The results of scorm_test_navigation_flow, kept so that their steps can be read in pages: a flow of a
 * hundred steps does not fit one answer, and running it again would not give the same steps (it is a new
 * attempt, or the session has moved on). A session keeps its latest flow as long as its records are kept;
 * a throwaway run (workspace_path) has no session, so the last few of those are kept by the server.
 * A cursor names its flow and a position in it; a cursor of another run, or of a flow since replaced, is
 * refused rather than read against the wrong steps.
 */
import { randomBytes } from 'node:crypto';
import { fail } from '../../../core/errors.js';
import { cursorPosition } from '../../../output/answer-budget.js';
import type { Session } from '../../../session/session.js';

/** Throwaway runs whose steps stay readable (the oldest is dropped first). */
export const KEPT_THROWAWAY_FLOWS = 8;

export interface KeptFlow<Summary, Step> {
  id: string;
  summary: Summary;
  steps: readonly Step[];
}

const CURSOR = /^(flow_[A-Za-z0-9_-]{12})\.(\d{1,9})$/;

export function flowCursor(flow: { id: string }, position: number): string {
  return `${flow.id}.${position}`;
}

export class KeptFlows<Summary, Step> {
  private readonly bySession = new WeakMap<Session, KeptFlow<Summary, Step>>();
  private readonly throwaway = new Map<string, KeptFlow<Summary, Step>>();

  constructor(
    private readonly noun = 'navigation flow',
    private readonly tool = 'scorm_test_navigation_flow',
  ) {}

  /** Keeps a flow: the session's latest (replacing its previous one), or a throwaway run's. */
  keep(session: Session | null, summary: Summary, steps: readonly Step[]): KeptFlow<Summary, Step> {
    const flow = { id: `flow_${randomBytes(9).toString('base64url')}`, summary, steps };
    if (session) this.bySession.set(session, flow);
    else {
      this.throwaway.set(flow.id, flow);
      for (const id of this.throwaway.keys()) {
        if (this.throwaway.size <= KEPT_THROWAWAY_FLOWS) break;
        this.throwaway.delete(id);
      }
    }
    return flow;
  }

  /** The flow a cursor names and the step it starts at, looked up in the session given (or the throwaway runs). */
  find(
    cursor: string,
    session: Session | null,
    /** What the position counts, when not the steps (a trace's events): checked by the reader then. */
    positions?: 'not_steps',
  ): { flow: KeptFlow<Summary, Step>; position: number } {
    const shown = cursor.slice(0, 40);
    const parts = CURSOR.exec(cursor);
    if (!parts)
      fail(
        'INVALID_ARGUMENT',
        `cursor "${shown}" is not a ${this.noun} cursor: pass the next_cursor of the previous page, or leave cursor out to run the flow.`,
      );
    const flow = session ? this.bySession.get(session) : this.throwaway.get(parts[1]!);
    if (!flow || flow.id !== parts[1]) {
      const where = session
        ? `session ${session.id}'s latest ${this.noun} (a session keeps only its latest; pass the session_id it ran in)`
        : `a throwaway ${this.noun} the server still keeps (the last ${KEPT_THROWAWAY_FLOWS}; one run with session_id needs that session_id)`;
      fail(
        'INVALID_ARGUMENT',
        `cursor "${shown}" is not from ${where}. Run ${this.tool} again without cursor.`,
      );
    }
    const bound = positions === 'not_steps' ? Number.MAX_SAFE_INTEGER : flow.steps.length;
    return { flow, position: cursorPosition(parts[2], bound) };
  }
}
