/**
 * What the course told the learner of each answer. A question without a Submit is judged when the learner
 * leaves its page: lectora-1 shows an alert, "You answered the question incorrectly." or "Correct", after
 * Next. Our tools record the course's dialogs among the session's events (scorm_session_events), read once
 * after such a Next. On a retake, an answer the course said was right is given again and only the others
 * change: lectora-1 draws ten of its 24 questions at random and wants eight right, which changing every
 * answer at each retake almost never gives. A verdict may come after the look (lectora-1's first question of
 * each test: its alert was among the events only at the next look): the question waits for the next look,
 * where the dialogs are given to the questions in the order they were left.
 */
import type { LearnerCall } from './learner-step.js';

export type Verdict = 'right' | 'wrong';

const MAX_PAGES = 3;

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
  /** Questions left whose verdict was not yet among the events at the last look: judged at the next. */
  private late: string[] = [];
  /** The last event looked at; null before the first look. */
  private lastEvent: number | null = null;
  /** Steps of the journey so far, and the step of the last look (or of the last sync). */
  private steps = 0;
  private lookedAt = -1;

  /**
   * A question answered with no Submit pressed. The first time, where the session's events stand is asked
   * (an id past the last gives the latest id and no events), so that each later look reads only what came
   * after: a look from the start would page through every API call of the course so far.
   */
  async answeredWithoutSubmit(call: LearnerCall, session_id: string, question: string): Promise<void> {
    this.pending.push(question);
    // Questions one after the other are looked at from the last look; a test begun again after other
    // steps from where the events stand now: after lectora-1's SUBMIT, results and retake (each of its
    // variables reads and writes suspend_data again), three pages of events never reached the verdict of
    // the retake's first question.
    const inARow = this.lookedAt >= this.steps - 1;
    if (this.lastEvent !== null && (inARow || this.late.length > 0)) return;
    const r = await call('scorm_session_events', { session_id, since_event_id: Number.MAX_SAFE_INTEGER });
    this.lastEvent = typeof r.data?.latest_event_id === 'number' ? r.data.latest_event_id : 0;
    this.lookedAt = this.steps;
  }

  /** A step of the journey begins. */
  newStep(): void {
    this.steps++;
  }

  /** Whether questions wait for the verdict the course gives when their page is left. */
  get waiting(): boolean {
    return this.pending.length > 0;
  }

  of(question: string): Verdict | undefined {
    return this.said.get(question);
  }

  /**
   * After the Next that left the waiting questions' page: the course's dialogs since the last look are the
   * verdicts of the questions left, in order (a question whose verdict came late first). No dialog yet:
   * the questions wait for the next look, once. Returns what the step log says, or null when the course
   * showed no dialog.
   */
  async readAfterLeaving(call: LearnerCall, session_id: string): Promise<string | null> {
    this.lookedAt = this.steps;
    const questions = [...this.late, ...this.pending];
    const leftNow = this.pending;
    this.pending = [];
    const dialogs: string[] = [];
    // The events come in pages of bounded size: the next page only while one remains.
    for (let page = 0; page < MAX_PAGES; page++) {
      const r = await call('scorm_session_events', {
        session_id,
        since_event_id: this.lastEvent ?? 0,
        max_events: 5_000,
      });
      if (typeof r.data?.latest_event_id === 'number') this.lastEvent = r.data.latest_event_id;
      for (const e of (r.data?.events ?? []) as SessionEvent[])
        if (e.type === 'dialog') dialogs.push(String(e.payload?.course_text?.message?.text ?? ''));
      if (!r.ok || r.data?.events_remaining === 0 || typeof r.data?.events_remaining !== 'number') break;
    }
    // No dialog yet: the questions just left wait for the next look (once); else the verdicts are given.
    this.late = dialogs.length === 0 ? leftNow : [];
    const given = this.give(questions, dialogs);
    const last = dialogs.at(-1);
    if (last === undefined) return null;
    const verdict = verdictOf(last);
    const several = given > 1 ? ` (${given} verdicts, one for each question left)` : '';
    return `the course said "${last.slice(0, 50)}"${verdict ? ` (${verdict})` : ''}${several}`;
  }

  /**
   * Gives the dialogs to the questions from the last: the last dialog is the last question's, the one
   * before it the question left before (a late verdict). Returns how many questions got one.
   */
  private give(questions: string[], dialogs: string[]): number {
    const n = Math.min(questions.length, dialogs.length);
    for (let i = 1; i <= n; i++) {
      const verdict = verdictOf(dialogs[dialogs.length - i]!);
      if (verdict) this.said.set(questions[questions.length - i]!, verdict);
    }
    return n;
  }
}
