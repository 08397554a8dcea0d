/**
 * SCOs coming and going in the player's frame: a launch (a new engine instance in the same page) and an
 * unload as a learner leaving would cause it, after which the record is checked against the engine.
 */
import { fail, isScormTesterError } from '../core/errors.js';
import type { Mount } from './content-server.js';
import type { LaunchAttemptSpec } from './course-runtime-spec.js';
import { checkLaunchFile } from './launch-check.js';
import type { MemoryBudgetStop } from './memory-budget-stop.js';
import type { PageTimeLimit } from './page-time-limit.js';
import type { PlayerChannel } from './player-channel.js';
import type { PlayerLaunchConfig } from './player/player-page.js';
import type { PopupWindows } from './popup-windows.js';
import type { InitializeState } from './records.js';
import type { RuntimeLifecycle } from './runtime-lifecycle.js';
import type { RuntimeLog } from './runtime-log.js';
import type { ScormCalls } from './scorm-calls.js';
import { unrecordedCalls } from './unrecorded-calls.js';
import type { EngineValues, RecordCheck } from './player/wire.js';
import { receivedRecordDifferences } from './received-record.js';

export interface ScoAttemptsSpec {
  scormVersion: '1.2' | '2004';
  scoId: string;
  recordCalls?: boolean;
}

export class ScoAttempts {
  constructor(
    private readonly spec: ScoAttemptsSpec,
    private readonly mount: Mount,
    private readonly channel: PlayerChannel,
    private readonly limit: PageTimeLimit,
    private readonly log: RuntimeLog,
    private readonly lifecycle: RuntimeLifecycle,
    private readonly calls: ScormCalls,
    private readonly memory: MemoryBudgetStop,
    private readonly popups: PopupWindows,
  ) {}

  /**
   * Leaves the SCO as a learner closing the window would: the SCO frame goes to about:blank so its
   * unload handlers run (and may call Terminate), then every window it opened is closed (theirs run
   * too, e.g. a popup that found the API through window.opener); all their calls are recorded before
   * this resolves. With closeWindow, the player window's own pagehide/unload handlers (those the course
   * registered on window.top) run first, as when the learner closes the LMS window.
   */
  async unload(
    options: { closeWindow?: boolean } = {},
  ): Promise<{ initializeState: InitializeState; callCount: number }> {
    this.lifecycle.ensureUsable();
    // The player sees the frame unload through its own script: a page the memory budget stopped runs again
    // to leave (the course's unload handlers too, as a browser would); the same attempt is not stopped twice.
    await this.memory.scriptsBackOn();
    let stuck: unknown;
    if (options.closeWindow) {
      // A handler stuck on the window is stopped (COURSE_TIMEOUT); the SCO frame still unloads, as a browser would.
      await this.limit
        .run('closing the player window', () => this.channel.control('closeWindow'))
        .catch((err: unknown) => {
          if (!isScormTesterError(err) || err.code !== 'COURSE_TIMEOUT') throw err;
          stuck = err;
        });
    }
    const blank = this.log.waitForFrameLoad((url) => url === 'about:blank');
    await this.limit.run('unloading the SCO', async () => {
      await this.channel.control('blankFrame');
      await blank;
    });
    await this.popups.closeAll();
    await this.calls.settle('recording the unload calls');
    await this.checkRecordComplete();
    await this.checkReceivedRecord();
    if (stuck) throw stuck;
    return { initializeState: this.log.initializeState, callCount: this.log.calls.length };
  }

  /**
   * Once the SCO has unloaded and its calls are in: what the engine says the SCO did (the elements it
   * set; for SCORM 1.2 also the Initialize, Commit and Finish calls that succeeded) must all be in the
   * record. What is not reached the engine unrecorded, whatever the way: the run stops with the reason
   * (an unrecorded SCO must not pass for one that did nothing).
   */
  private async checkRecordComplete(): Promise<void> {
    if (this.spec.recordCalls === false) return;
    const check = await this.limit.run('checking the record against the engine', async () => {
      const engine = await this.channel.control<RecordCheck | null>('recordCheck');
      if (engine) await this.log.waitForSeq(engine.seq);
      return engine;
    });
    if (!check || this.log.dropped.calls > 0) return;
    const attempt = { scoId: this.log.currentScoId ?? this.spec.scoId, attempt: this.log.currentAttempt };
    const missing = unrecordedCalls(check, this.log.calls, attempt, this.spec.scormVersion);
    if (missing.length === 0) return;
    const listed = `${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}`;
    this.log.addIntegrity({
      kind: 'unrecorded_calls',
      detail: `the engine holds what the SCO did through the API that the record does not show (${listed})`,
      ...attempt,
      timestamp: Date.now(),
    });
    // The names are the course's: the reason points at the anomaly that carries them as course text.
    this.lifecycle.markCrashed(
      `the SCO's API calls reached the engine without being recorded (anomaly unrecorded_api_calls, attempt ${attempt.attempt}); the run was stopped`,
    );
    this.lifecycle.ensureUsable();
  }

  /**
   * Once a SCO that terminated has unloaded: the record Node received must end with the values the
   * engine holds (receivedRecordDifferences), read in the same turn as the last flush. A difference means
   * the record was bent after the player's own comparison: the run stops with the reason.
   */
  private async checkReceivedRecord(): Promise<void> {
    if (this.spec.recordCalls === false) return;
    const engine = await this.limit.run('comparing the received record with the engine', async () => {
      const e = await this.channel.control<EngineValues | null>('engineValues');
      if (e) await this.log.waitForSeq(e.seq);
      return e;
    });
    if (!engine || !engine.terminated || this.log.dropped.changes > 0) return;
    const attempt = { scoId: this.log.currentScoId ?? this.spec.scoId, attempt: this.log.currentAttempt };
    const differing = receivedRecordDifferences(this.log.dataChanges, engine.values, attempt);
    const first = differing[0];
    if (!first) return;
    const listed = differing
      .slice(0, 5)
      .map((d) => `${d.element}: record ${JSON.stringify(d.recorded)}, engine ${JSON.stringify(d.engine)}`)
      .join('; ');
    this.log.addIntegrity({
      kind: 'record_engine_mismatch',
      detail: `the record Node received ends otherwise than the engine (${listed}${differing.length > 5 ? `; and ${differing.length - 5} more` : ''})`,
      element: first.element,
      recorded: first.recorded,
      engine: first.engine,
      runStopped: true,
      ...attempt,
      timestamp: Date.now(),
    });
    this.lifecycle.markCrashed(
      `the record Node received for the SCO differs from the engine (anomaly record_engine_mismatch, attempt ${attempt.attempt}); the run was stopped`,
    );
    this.lifecycle.ensureUsable();
  }

  /** Starts a new attempt (new engine instance) in the same page, e.g. the next SCO or a relaunch. */
  async launchAttempt(next: LaunchAttemptSpec): Promise<void> {
    this.lifecycle.ensureUsable();
    if (next.rte.version !== this.spec.scormVersion) {
      fail(
        'INVALID_ARGUMENT',
        `The new attempt is SCORM ${next.rte.version} but this runtime runs ${this.spec.scormVersion}.`,
      );
    }
    await checkLaunchFile(this.mount.root, next.launchPath, next.scoId);
    // A SCO still in the frame leaves first; a frame already blanked (the navigator unloaded it) is not blanked twice.
    if (this.log.frameLoads > 0 && this.log.lastFrameUrl !== 'about:blank') await this.unload();
    if (this.memory.stopped) await this.memory.resume();
    const config: PlayerLaunchConfig = {
      version: next.rte.version,
      scoId: next.scoId,
      scoUrl: this.mount.contentUrl(next.launchPath),
      settings: next.rte.settings,
      values: next.rte.values,
      nav: this.calls.navigationFor(next.scoId),
      ...(next.sharedData ? { sharedData: next.sharedData } : {}),
    };
    const loaded = this.log.waitForFrameLoad((url) => url !== 'about:blank' && url !== '');
    this.calls.launchValues = next.rte.values;
    this.log.nextScormAttempt = next.scormAttempt ?? null;
    await this.limit.run('launching the SCO', async () => {
      await this.channel.control('launch', config);
      await loaded;
    });
  }
}
