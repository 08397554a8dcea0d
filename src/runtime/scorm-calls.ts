/**
 * The SCORM API as the tools reach it: calls made for the agent (recorded with source "tool"), the
 * engine's data model and shared data, the record settled, and the navigation answers the SCO reads.
 */
import { fail } from '../core/errors.js';
import type { NavigationOracle, NavValiditySnapshot } from '../rte/adapter/navigation-oracle.js';
import { apiMethodName } from './api-method-name.js';
import { recordedState, type RecordedState } from './data-model/recorded-state.js';
import type { PageTimeLimit } from './page-time-limit.js';
import type { PlayerChannel } from './player-channel.js';
import { toolAnswerMatches } from './received-record.js';
import type { ApiCallRecord } from './records.js';
import type { RuntimeLifecycle } from './runtime-lifecycle.js';
import type { RuntimeLog } from './runtime-log.js';

export class ScormCalls {
  /** The values the current attempt was launched with: the base the record's changes apply to. */
  launchValues: Readonly<Record<string, string>>;

  constructor(
    private readonly version: '1.2' | '2004',
    /** The SCO the runtime was opened with, until the record names one. */
    private readonly firstScoId: string,
    launchValues: Readonly<Record<string, string>>,
    private oracle: NavigationOracle,
    private readonly channel: PlayerChannel,
    private readonly limit: PageTimeLimit,
    private readonly log: RuntimeLog,
    private readonly lifecycle: RuntimeLifecycle,
  ) {
    this.launchValues = launchValues;
  }

  /**
   * Calls the SCORM API as a tool would (recorded with source "tool"). Accepts either version's
   * method names ("GetValue" works on a 1.2 course). Returns the recorded call.
   */
  async callApi(method: string, args: unknown[] = []): Promise<ApiCallRecord> {
    this.lifecycle.ensureUsable();
    const name = apiMethodName(this.version, method);
    if (!Array.isArray(args)) fail('INVALID_ARGUMENT', 'args must be an array of values.');
    const res = await this.limit.run(`the ${name} call`, () =>
      this.channel.control<{
        from?: number;
        to?: number;
        threw?: string | null;
        error?: string;
        result?: string | null;
        code?: string;
      }>('callApi', [name, args]),
    );
    if (res.error === 'NO_ATTEMPT') fail('RUNTIME_NOT_OPEN', 'No SCO is loaded in this runtime.');
    if (res.error) fail('INVALID_SCORM_METHOD', `${name} is not available on this API.`);
    await this.limit.run('recording the call', () => this.log.waitForSeq(res.to ?? 0));
    let rec: ApiCallRecord | undefined;
    for (let s = res.from ?? 0; s <= (res.to ?? 0); s++) rec = this.log.takeToolCall(s) ?? rec;
    if (res.threw) {
      fail('SCORM_API_ERROR', `The run-time engine threw during ${name}: ${res.threw}`, { record: rec });
    }
    if (!rec) fail('INTERNAL_ERROR', `The ${name} call ran but its record did not arrive.`);
    this.checkToolAnswer(name, rec, res);
    return rec;
  }

  /**
   * The answer to the agent's call comes from its record: it must say what the engine answered, which
   * the player sends beside the record. A difference means the record was bent on its way to Node: the
   * run stops rather than hand the agent an answer the engine did not give.
   */
  private checkToolAnswer(
    name: string,
    rec: ApiCallRecord,
    engine: { result?: string | null; code?: string },
  ): void {
    if (toolAnswerMatches(rec, engine)) return;
    const answered = engine.result ?? null;
    const attempt = { scoId: this.log.currentScoId ?? this.firstScoId, attempt: this.log.currentAttempt };
    this.log.addIntegrity({
      kind: 'record_engine_mismatch',
      detail:
        `the record of the tool's ${name} call reached Node answering ${JSON.stringify(rec.result)} with error code ` +
        `${JSON.stringify(rec.errorCode)}, while the engine answered ${JSON.stringify(answered)} with ${JSON.stringify(engine.code)}`,
      ...(typeof rec.args[0] === 'string' ? { element: rec.args[0] } : {}),
      recorded: typeof rec.result === 'string' ? rec.result : null,
      engine: answered,
      runStopped: true,
      ...attempt,
      timestamp: Date.now(),
    });
    this.lifecycle.markCrashed(
      `the record of the tool's ${name} call did not say what the engine answered (anomaly record_engine_mismatch, attempt ${attempt.attempt}); the run was stopped`,
    );
    this.lifecycle.ensureUsable();
  }

  /** Resolves with the first call to `method` at or after call index `fromIndex` (default: any so far). */
  waitForCall(
    method: string,
    timeoutMs = 10_000,
    fromIndex = 0,
    signal?: AbortSignal,
  ): Promise<ApiCallRecord> {
    this.lifecycle.ensureUsable();
    return Promise.race([this.log.waitForCall(method, timeoutMs, fromIndex, signal), this.lifecycle.crashed]);
  }

  /** Every data model element (collections expanded, `_count` included) as the engine holds it now. */
  async getDataModel(): Promise<Record<string, string>> {
    const dm = await this.limit.run('reading the data model', () =>
      this.channel.control<Record<string, string> | null>('dataModel'),
    );
    if (!dm) fail('RUNTIME_NOT_OPEN', 'No SCO is loaded in this runtime.');
    return dm as Record<string, string>;
  }

  /**
   * The current attempt's data model rebuilt from the record alone (launch values plus recorded changes):
   * readable whatever state the page is in, even after the runtime closed or its browser died.
   */
  recordedState(): RecordedState {
    return recordedState(
      this.launchValues,
      this.log.dataChanges,
      { scoId: this.log.currentScoId ?? this.firstScoId, attempt: this.log.currentAttempt },
      this.log.dropped.changes,
    );
  }

  /** Replaces the navigation oracle (a sequencer taking over) and gives the SCO its answers. */
  async setNavigationOracle(oracle: NavigationOracle): Promise<NavValiditySnapshot | null> {
    this.oracle = oracle;
    return this.log.frameLoads > 0 ? this.refreshNavigation() : null;
  }

  /** The adl.nav.request_valid answers a launch of `scoId` starts with. */
  navigationFor(scoId: string): NavValiditySnapshot {
    return this.oracle.snapshot(scoId);
  }

  /** Resolves once every call the page has made so far is in the record (initializeState, navRequests, calls). */
  async settle(what = 'recording the calls'): Promise<void> {
    this.lifecycle.ensureUsable();
    await this.limit.run(what, async () => {
      const seq = await this.channel.control<number>('flush');
      await this.log.waitForSeq(seq);
    });
  }

  /**
   * The adl.data buckets of the current SCO as they are now, by target id: the values it was launched
   * with plus what it wrote (for saving them per learner). Readable after Terminate and unload too,
   * until the next launchAttempt.
   */
  async readSharedData(): Promise<Record<string, string>> {
    const buckets = await this.limit.run('reading shared data', () =>
      this.channel.control<Record<string, string> | null>('sharedData'),
    );
    if (!buckets) fail('RUNTIME_NOT_OPEN', 'No SCO is loaded in this runtime.');
    return buckets;
  }

  /** The elements the current SCO set itself (SCORM 2004), for the sequencing report; readable until the next launchAttempt. */
  async readSetByContent(): Promise<Set<string>> {
    const names = await this.limit.run('reading what the SCO set', () =>
      this.channel.control<string[] | null>('setByContent'),
    );
    if (!names) fail('RUNTIME_NOT_OPEN', 'No SCO is loaded in this runtime.');
    return new Set(names);
  }

  /** Re-reads the navigation oracle and gives the SCO the new adl.nav.request_valid answers. */
  async refreshNavigation(): Promise<NavValiditySnapshot> {
    const snap = this.oracle.snapshot(this.log.currentScoId ?? this.firstScoId);
    await this.limit.run('updating navigation state', () => this.channel.control('setNav', snap));
    return snap;
  }
}
