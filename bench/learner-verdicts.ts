/**
 * What the course told the learner of each answer. A question without a Submit is judged when the learner
 * leaves its page: lectora-1 shows an alert, "You answered the question incorrectly." or "Correct", after
 * Next. Our tools record the course's dialogs among the session's events (scorm_session_events), read once
 * after such a Next. On a retake, an answer the course said was right is given again and only the others
 * change: lectora-1 draws ten of its 24 questions at random and wants eight right, which changing every
 * answer at each retake almost never gives.
 */
import type { LearnerCall } from './learner-step.js';

export type Verdict = 'right' | 'wrong';

const WRONG = /\b(incorrect(ly)?|wrong|not (quite )?(right|correct))\b/i;
const RIGHT = /\b(correct(ly)?|right|well done)\b/i;

/** What a dialog's words say of the answer, or null when they say neither. */
export function verdictOf(message: string): Verdict | null {
  if (WRONG.test(message)) return 'wrong';
  if (RIGHT.test(message)) return 'right';
  return null;
}

interface SessionEvent {
  type?: string;
  payload?: { course_text?: { message?: { text?: unknown } } };
}

export class AnswerVerdicts {
  private readonly said = new Map<string, Verdict>();
  /** Questions answered on the page the learner is on with no Submit pressed: judged when it is left. */
  private pending: string[] = [];
  private lastEvent = 0;

  answeredWithoutSubmit(question: string): void {
    this.pending.push(question);
  }

  /** Whether questions wait for the verdict the course gives when their page is left. */
  get waiting(): boolean {
    return this.pending.length > 0;
  }

  of(question: string): Verdict | undefined {
    return this.said.get(question);
  }

  /**
   * After the Next that left the waiting questions' page: the course's last dialog since the last look is
   * their verdict. Returns what the step log says, or null when the course showed no dialog.
   */
  async readAfterLeaving(call: LearnerCall, session_id: string): Promise<string | null> {
    const questions = this.pending;
    this.pending = [];
    const r = await call('scorm_session_events', {
      session_id,
      since_event_id: this.lastEvent,
      max_events: 5_000,
    });
    if (typeof r.data?.latest_event_id === 'number') this.lastEvent = r.data.latest_event_id;
    const dialogs = ((r.data?.events ?? []) as SessionEvent[])
      .filter((e) => e.type === 'dialog')
      .map((e) => String(e.payload?.course_text?.message?.text ?? ''));
    const last = dialogs.at(-1);
    if (last === undefined) return null;
    const verdict = verdictOf(last);
    if (verdict) for (const q of questions) this.said.set(q, verdict);
    return `the course said "${last.slice(0, 50)}"${verdict ? ` (${verdict})` : ''}`;
  }
}
