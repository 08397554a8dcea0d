/**
 * What the navigator saves after every step: the tracking state, the run-time data of each activity
 * whose data changed since the last save, this attempt's adl.data buckets, and the learner's state. An
 * activity delivered ab-initio keeps its saved attempt as a previous one at its first save. Saves run one
 * after another; a failure is kept (saveError) for close to report.
 */
import type { ErrorCode } from '../../core/errors.js';
import { isScormTesterError } from '../../core/errors.js';
import type { SequencingSession } from '../../sequencing/index.js';
import { SEQUENCING_STATE_FORMAT } from './engine-setup.js';
import type { LearnerState } from './learner-state.js';
import type { NavigatorHost } from './navigator-host.js';

export class CourseStateSaver {
  /** Run-time data of each activity's last delivery (restored when the engine resumes it). */
  readonly runtimeData = new Map<string, Record<string, string>>();
  private readonly changedActivities = new Set<string>();
  /**
   * Activities delivered ab-initio whose new attempt is not saved yet: its first save keeps the saved
   * attempt as a previous one instead of overwriting it.
   */
  private readonly unsavedNewAttempts = new Set<string>();
  /** The save in progress, if any. */
  private saving: Promise<unknown> = Promise.resolve();
  /** The last save that failed (reported by close). */
  saveError: { error_code: ErrorCode; message: string } | null = null;

  constructor(
    private readonly host: NavigatorHost,
    private readonly seq: SequencingSession,
    private readonly learner: LearnerState,
    /** adl.data buckets of this attempt on the course (sharedDataGlobalToSystem="false"). */
    private readonly attemptBuckets: Map<string, string>,
    /** Whether the sequencing session has ended (saved with the tracking state). */
    private readonly ended: () => boolean,
  ) {}

  /** The SCO's data as it ended (adl.nav.request left out), saved at the next save. */
  keepRuntimeData(activityId: string, values: Record<string, string>): void {
    const data = { ...values };
    delete data['adl.nav.request'];
    this.runtimeData.set(activityId, data);
    this.changedActivities.add(activityId);
  }

  /** The activity was delivered ab-initio: its first save starts a new attempt. */
  newAttempt(activityId: string): void {
    this.unsavedNewAttempts.add(activityId);
  }

  /** Its delivery was undone: no new attempt to save. */
  noNewAttempt(activityId: string): void {
    this.unsavedNewAttempts.delete(activityId);
  }

  /** Saves after the save in progress (a close from the record may start while another is writing). */
  persist(): Promise<string | null> {
    const next = this.saving.then(() => this.save());
    this.saving = next.catch(() => undefined);
    return next;
  }

  private async save(): Promise<string | null> {
    const changed = [...this.changedActivities];
    const activities = Object.fromEntries(changed.map((id) => [id, this.runtimeData.get(id) ?? {}]));
    const newAttempts = new Set(changed.filter((id) => this.unsavedNewAttempts.has(id)));
    try {
      const path = await this.host.store.saveCourse(this.host.stateKey, {
        scormVersion: this.host.version,
        activities,
        newAttempts,
        sequencing: {
          format: SEQUENCING_STATE_FORMAT,
          ended: this.ended(),
          tracking: this.seq.serialize(),
          shared_data: Object.fromEntries(this.attemptBuckets),
        },
      });
      await this.learner.save();
      this.changedActivities.clear();
      for (const id of newAttempts) this.unsavedNewAttempts.delete(id);
      this.saveError = null;
      return path;
    } catch (error) {
      this.saveError = {
        error_code: isScormTesterError(error) ? error.code : 'SESSION_STATE_SAVE_FAILED',
        message: `The learner state could not be written to ${this.host.store.dir}: ${(error as Error).message}. Point SCORM_TESTER_DATA_DIR at a writable directory.`,
      };
      this.host.logger.warn('NAV_STATE_SAVE_FAILED', { error });
      return null;
    }
  }
}
