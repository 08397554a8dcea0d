/**
 * Everything one runtime observed, in order, with typed events and event-driven waits. The browser side
 * pushes batches into ingest(); nothing here touches the browser.
 */
import { EventEmitter } from 'node:events';
import { ScormTesterError } from '../core/errors.js';
import { cancelledError, throwIfCancelled } from '../core/progress.js';
import type { NavRequestEvent } from '../rte/adapter/navigation-oracle.js';
import {
  callFromWire,
  canonicalMethod,
  changeFromCall,
  changeFromWire,
  countChangesFromCall,
  integrityFromWire,
  type ApiCallRecord,
  type BlockedRequest,
  type ConsoleEntry,
  type DataChange,
  type DialogEntry,
  type InitializeState,
  type IntegrityEvent,
  type NavigationBlocked,
  type NetworkEntry,
  type RuntimeEvents,
  type WireBatch,
} from './records.js';

/** Caps that keep a runaway course from exhausting memory; calls and changes are never dropped below them. */
export const LOG_LIMITS = {
  calls: 1_000_000,
  changes: 1_000_000,
  console: 5_000,
  network: 5_000,
  dialogs: 1_000,
};
export type LogLimits = typeof LOG_LIMITS;

/** LOG_LIMITS, with the call cap from SCORM_TESTER_MAX_RECORDED_CALLS when that is a positive integer. */
export function logLimits(env: NodeJS.ProcessEnv = process.env): LogLimits {
  const calls = Number(env.SCORM_TESTER_MAX_RECORDED_CALLS);
  return Number.isSafeInteger(calls) && calls > 0 ? { ...LOG_LIMITS, calls } : { ...LOG_LIMITS };
}

interface CallWaiter {
  method: string;
  fromIndex: number;
  resolve: (r: ApiCallRecord) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

export class RuntimeLog {
  readonly calls: ApiCallRecord[] = [];
  readonly dataChanges: DataChange[] = [];
  readonly consoleMessages: ConsoleEntry[] = [];
  readonly networkRequests: NetworkEntry[] = [];
  readonly blockedRequests: BlockedRequest[] = [];
  readonly dialogs: DialogEntry[] = [];
  readonly navigationBlocked: NavigationBlocked[] = [];
  readonly navRequests: NavRequestEvent[] = [];
  /** What the player reported a course doing to it (see IntegrityEvent); capped like dialogs. */
  readonly integrity: IntegrityEvent[] = [];
  readonly missingFiles = new Set<string>();
  /**
   * Entries not kept because a cap was reached, per list. Calls past the cap still count for the
   * attempt's state, and a tool's own call still gets its answer (flagged recorded: false).
   */
  readonly dropped = { calls: 0, changes: 0, console: 0, network: 0, dialogs: 0 };

  private readonly emitter = new EventEmitter();
  private lastSeqSeen = 0;
  private readonly seqWaiters: Array<{ seq: number; resolve: () => void }> = [];
  private readonly callWaiters = new Set<CallWaiter>();
  private readonly attemptStates = new Map<number, InitializeState>();
  private readonly toolCalls = new Map<number, ApiCallRecord>();
  private frameLoadWaiters: Array<{ match: (url: string) => boolean; resolve: (url: string) => void }> = [];
  currentAttempt = 0;
  currentScoId: string | null = null;
  currentUrl: string | null = null;
  launches = 0;
  frameLoads = 0;
  /** URL of the SCO frame's latest load ('about:blank' once the SCO was unloaded). */
  lastFrameUrl = '';
  /** The SCORM attempt (RTE: a resumed attempt keeps its number) each launch began or resumed, when told. */
  readonly scormAttempts = new Map<number, number>();
  /** The SCORM attempt number the next launch begins or resumes, set by whoever launches it. */
  nextScormAttempt: number | null = null;
  /** Launches the LMS replaced undelivered (the launch before sequencing started): no anomaly is about them. */
  readonly discardedAttempts = new Set<number>();

  constructor(readonly limits: LogLimits = logLimits()) {
    this.emitter.setMaxListeners(100);
  }

  /** The underlying emitter (event names and payloads: RuntimeEvents), for once/off/listenerCount. */
  get events(): EventEmitter {
    return this.emitter;
  }

  on<K extends keyof RuntimeEvents>(event: K, listener: (payload: RuntimeEvents[K]) => void): () => void {
    this.emitter.on(event, listener);
    return () => this.emitter.off(event, listener);
  }

  emit<K extends keyof RuntimeEvents>(event: K, payload: RuntimeEvents[K]): void {
    if (this.emitter.listenerCount(event) > 0) this.emitter.emit(event, payload);
  }

  get lastSeq(): number {
    return this.lastSeqSeen;
  }

  get initializeState(): InitializeState {
    return this.attemptStates.get(this.currentAttempt) ?? 'none';
  }

  /** The latest call the engine answered, recorded or not. */
  get lastCall(): ApiCallRecord | null {
    return this.latestCall;
  }
  private latestCall: ApiCallRecord | null = null;

  ingest(batch: WireBatch): void {
    const h = batch.h;
    for (const m of batch.m) {
      if (m.s > this.lastSeqSeen) this.lastSeqSeen = m.s;
      switch (m.k) {
        case undefined: {
          const kept = this.calls.length < this.limits.calls;
          const rec = callFromWire(m, h, this.calls.length + this.dropped.calls);
          if (kept) this.calls.push(rec);
          else {
            rec.recorded = false;
            this.dropped.calls += 1;
          }
          if (rec.source === 'tool') this.toolCalls.set(m.s, rec);
          if (rec.result === 'true') {
            const c = canonicalMethod(rec.method);
            if (c === 'Initialize') this.attemptStates.set(rec.attempt, 'initialized');
            else if (c === 'Terminate') this.attemptStates.set(rec.attempt, 'terminated');
          }
          this.latestCall = rec;
          if (kept) this.emit('api_call', rec);
          if (rec.result === 'true' && canonicalMethod(rec.method) === 'Terminate') {
            const { scoId, attempt, source, timestamp } = rec;
            this.emit('terminate', { scoId, attempt, source, timestamp });
          }
          const ch = changeFromCall(m, rec);
          if (ch) this.addChange(ch);
          for (const count of countChangesFromCall(m, rec)) this.addChange(count);
          this.resolveCallWaiters(rec);
          break;
        }
        case 'c':
          this.addChange(changeFromWire(m, h));
          break;
        case 'n': {
          const ev: NavRequestEvent = {
            scoId: m.sco ?? h.sco ?? '',
            request: m.q,
            phase: m.ph,
            timestamp: h.b + m.t,
          };
          this.navRequests.push(ev);
          this.emit('nav_request', ev);
          break;
        }
        case 'l':
          this.currentAttempt = h.at ?? this.currentAttempt;
          if (this.nextScormAttempt !== null)
            this.scormAttempts.set(this.currentAttempt, this.nextScormAttempt);
          this.nextScormAttempt = null;
          this.currentScoId = h.sco ?? null;
          this.currentUrl = m.url;
          this.launches += 1;
          this.emit('launch', { scoId: h.sco ?? '', attempt: h.at ?? 0, url: m.url, timestamp: h.b + m.t });
          break;
        case 'i':
          this.addIntegrity(integrityFromWire(m, h));
          break;
        case 'f': {
          this.frameLoads += 1;
          this.lastFrameUrl = m.url;
          this.emit('frame_load', { url: m.url, scoId: h.sco ?? null, timestamp: h.b + m.t });
          const waiting = this.frameLoadWaiters;
          this.frameLoadWaiters = [];
          for (const w of waiting) {
            if (w.match(m.url)) w.resolve(m.url);
            else this.frameLoadWaiters.push(w);
          }
          break;
        }
      }
    }
    if (this.seqWaiters.length > 0) {
      for (let i = this.seqWaiters.length - 1; i >= 0; i--) {
        const w = this.seqWaiters[i];
        if (w && w.seq <= this.lastSeqSeen) {
          this.seqWaiters.splice(i, 1);
          w.resolve();
        }
      }
    }
  }

  addIntegrity(ev: IntegrityEvent): void {
    if (this.integrity.length >= LOG_LIMITS.dialogs) return;
    this.integrity.push(ev);
    this.emit('integrity', ev);
  }

  private addChange(ch: DataChange): void {
    if (this.dataChanges.length >= this.limits.changes) {
      this.dropped.changes += 1;
      return;
    }
    this.dataChanges.push(ch);
    this.emit('data_change', ch);
  }

  /** Resolves once every message up to `seq` has been ingested. */
  waitForSeq(seq: number): Promise<void> {
    if (seq <= this.lastSeqSeen) return Promise.resolve();
    return new Promise((resolve) => this.seqWaiters.push({ seq, resolve }));
  }

  takeToolCall(seq: number): ApiCallRecord | undefined {
    const rec = this.toolCalls.get(seq);
    this.toolCalls.delete(seq);
    return rec;
  }

  /** The next SCO frame load whose URL passes `match`. */
  waitForFrameLoad(match: (url: string) => boolean): Promise<string> {
    return new Promise((resolve) => this.frameLoadWaiters.push({ match, resolve }));
  }

  /**
   * The first call to `method` (either version's name: "Initialize" matches "LMSInitialize") at or after
   * call index `fromIndex`; resolves at once if it already happened.
   */
  waitForCall(
    method: string,
    timeoutMs: number,
    fromIndex = 0,
    signal?: AbortSignal,
  ): Promise<ApiCallRecord> {
    const want = canonicalMethod(method);
    for (let i = Math.max(0, fromIndex); i < this.calls.length; i++) {
      const rec = this.calls[i];
      if (rec && canonicalMethod(rec.method) === want) return Promise.resolve(rec);
    }
    throwIfCancelled(signal, `Waiting for ${method}`);
    return new Promise((resolve, reject) => {
      const waiter: CallWaiter = {
        method: want,
        fromIndex,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.callWaiters.delete(waiter);
          reject(
            new ScormTesterError(
              'WAIT_TIMEOUT',
              `No ${method} call within ${timeoutMs} ms (${this.calls.length} calls recorded so far). ` +
                'Check that the course reaches that point, or wait longer.',
              { method, timeoutMs, callsRecorded: this.calls.length },
            ),
          );
        }, timeoutMs),
      };
      this.callWaiters.add(waiter);
      signal?.addEventListener(
        'abort',
        () => {
          if (!this.callWaiters.delete(waiter)) return;
          clearTimeout(waiter.timer);
          reject(cancelledError(`Waiting for ${method}`));
        },
        { once: true },
      );
    });
  }

  private resolveCallWaiters(rec: ApiCallRecord): void {
    if (this.callWaiters.size === 0) return;
    const c = canonicalMethod(rec.method);
    for (const w of [...this.callWaiters]) {
      if (w.method === c && rec.index >= w.fromIndex) {
        clearTimeout(w.timer);
        this.callWaiters.delete(w);
        w.resolve(rec);
      }
    }
  }

  /** Fails every pending wait (the runtime closed or crashed). */
  abortWaits(err: ScormTesterError): void {
    for (const w of this.callWaiters) {
      clearTimeout(w.timer);
      w.reject(err);
    }
    this.callWaiters.clear();
    for (const w of this.seqWaiters.splice(0)) w.resolve();
  }

  addConsole(entry: ConsoleEntry): void {
    if (entry.origin !== 'player' && this.currentScoId !== null && entry.scoId === undefined) {
      entry.scoId = this.currentScoId;
      entry.attempt = this.currentAttempt;
    }
    if (this.consoleMessages.length >= this.limits.console) this.dropped.console += 1;
    else this.consoleMessages.push(entry);
    this.emit('console', entry);
  }

  addRequest(entry: NetworkEntry): void {
    if (this.networkRequests.length >= this.limits.network) this.dropped.network += 1;
    else this.networkRequests.push(entry);
    this.emit('request', entry);
  }

  addBlocked(entry: BlockedRequest): void {
    if (this.blockedRequests.length < this.limits.network) this.blockedRequests.push(entry);
    this.emit('request_blocked', entry);
  }

  addDialog(entry: DialogEntry): void {
    if (this.dialogs.length >= this.limits.dialogs) this.dropped.dialogs += 1;
    else this.dialogs.push(entry);
    this.emit('dialog', entry);
  }

  addNavigationBlocked(entry: NavigationBlocked): void {
    this.navigationBlocked.push(entry);
    this.emit('navigation_blocked', entry);
  }

  addMissingFile(path: string): void {
    this.missingFiles.add(path);
    this.emit('not_found', { path, timestamp: Date.now() });
  }
}
