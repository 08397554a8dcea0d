/**
 * Runs validations off the server's main thread, so that one heavy or hostile package cannot hold up
 * other requests. Workers start on first use and stay alive (warm schema cache); a second one starts
 * only while the first is busy. A worker that runs past the time bound is terminated
 * (VALIDATION_TIMEOUT) and one that dies is replaced (VALIDATION_WORKER_CRASHED); the next call gets a
 * fresh worker.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { ScormTesterError } from '../../core/errors.js';
import { cancelledError, throwIfCancelled, type Progress, type WorkControl } from '../../core/progress.js';
import type { ValidateOptions, ValidationSummary } from '../validate-package.js';
import type { ValidationReply, ValidationRequest } from './protocol.js';

/** A validation's result; `release()` removes what it extracted, once any report has been written. */
export interface PooledValidation extends ValidationSummary {
  release(): Promise<void>;
}

export interface ValidationPoolOptions {
  /** Most workers alive at once (default: 2, or 1 on a single core). */
  size?: number;
  /** Time bound of one validation, from the moment a worker takes it. */
  timeoutMs?: number;
  /** The worker script (tests use their own to prove crash handling). */
  workerUrl?: URL;
  resourceLimits?: ResourceLimits;
}

export const DEFAULT_VALIDATION_TIMEOUT_MS = 120_000;

// A hostile manifest must not take the server's memory with it; real validations stay far below this.
const DEFAULT_RESOURCE_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 1536 };

interface Job {
  request: ValidationRequest;
  resolve(summary: ValidationSummary): void;
  reject(error: Error): void;
  progress: Progress | undefined;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

export class ValidationPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private readonly size: number;
  private readonly timeoutMs: number;
  private readonly workerUrl: URL;
  private readonly resourceLimits: ResourceLimits;

  constructor(options: ValidationPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? Math.min(2, availableParallelism()));
    this.timeoutMs = options.timeoutMs ?? DEFAULT_VALIDATION_TIMEOUT_MS;
    this.workerUrl = options.workerUrl ?? new URL('./validation-worker.js', import.meta.url);
    this.resourceLimits = options.resourceLimits ?? DEFAULT_RESOURCE_LIMITS;
  }

  /**
   * Validates in a worker. `control.progress` receives the worker's progress; `control.signal` cancels:
   * a queued validation is dropped, a running one stops at once (its worker is terminated and replaced
   * on next use), and the call fails with CANCELLED.
   */
  async validate(
    path: string,
    options: ValidateOptions,
    control: WorkControl = {},
  ): Promise<PooledValidation> {
    throwIfCancelled(control.signal, 'The validation');
    const tempRoot = await mkdtemp(join(tmpdir(), 'scorm-tester-validate-'));
    const release = (): Promise<void> => rm(tempRoot, { recursive: true, force: true });
    let onAbort: (() => void) | undefined;
    try {
      const summary = await new Promise<ValidationSummary>((resolve, reject) => {
        const job: Job = {
          request: { id: this.nextId++, path, options: { ...options, tempRoot } },
          resolve,
          reject,
          progress: control.progress,
        };
        onAbort = () => this.cancel(job);
        if (control.signal?.aborted) return reject(cancelledError('The validation'));
        control.signal?.addEventListener('abort', onAbort, { once: true });
        this.queue.push(job);
        this.dispatch();
      });
      return { ...summary, release };
    } catch (error) {
      await release();
      throw error;
    } finally {
      if (onAbort) control.signal?.removeEventListener('abort', onAbort);
    }
  }

  private cancel(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      job.reject(cancelledError('The validation'));
      return;
    }
    const slot = this.slots.find((s) => s.job === job);
    if (slot) void this.retire(slot, cancelledError('The validation'));
  }

  /** Terminates every worker; queued and running validations fail. */
  async close(): Promise<void> {
    for (const job of this.queue.splice(0)) job.reject(new Error('the validation pool was closed'));
    await Promise.all([...this.slots].map((slot) => this.retire(slot, null)));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => s.job === null) ?? this.spawn();
      if (!slot) return;
      const job = this.queue.shift() as Job;
      slot.job = job;
      slot.worker.ref();
      slot.timer = setTimeout(() => {
        void this.retire(
          slot,
          new ScormTesterError(
            'VALIDATION_TIMEOUT',
            `Validating ${job.request.path} took longer than ${this.timeoutMs} ms and was stopped. The package is too large or too complex to check (very many elements or files); split it, or raise SCORM_TESTER_VALIDATION_TIMEOUT_MS.`,
            { path: job.request.path, timeout_ms: this.timeoutMs },
          ),
        );
      }, this.timeoutMs);
      slot.worker.postMessage(job.request);
    }
  }

  private spawn(): Slot | undefined {
    if (this.slots.length >= this.size) return undefined;
    const worker = new Worker(this.workerUrl, { resourceLimits: this.resourceLimits });
    const slot: Slot = { worker, job: null, timer: null };
    worker.on('message', (reply: ValidationReply) => this.settle(slot, reply));
    worker.on('error', (error: Error) => void this.retire(slot, crashed(slot, error.message)));
    worker.on('exit', (code) => void this.retire(slot, crashed(slot, `the worker exited with code ${code}`)));
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private settle(slot: Slot, reply: ValidationReply): void {
    const job = slot.job;
    if (!job || job.request.id !== reply.id) return;
    if ('progress' in reply) {
      job.progress?.(reply.progress);
      return;
    }
    this.free(slot);
    if (reply.ok) job.resolve(reply.summary);
    else if (reply.error.code)
      job.reject(new ScormTesterError(reply.error.code, reply.error.message, reply.error.details));
    else job.reject(new Error(reply.error.message));
    this.dispatch();
  }

  private free(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    slot.worker.unref();
  }

  /** Removes a worker for good; its running job, if any, fails with `error`. */
  private async retire(slot: Slot, error: Error | null): Promise<void> {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    const job = slot.job;
    this.free(slot);
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => undefined);
    if (job) job.reject(error ?? new Error('the validation pool was closed'));
    await slot.worker.terminate();
    this.dispatch();
  }
}

function crashed(slot: Slot, reason: string): ScormTesterError {
  const path = slot.job?.request.path ?? '(no package)';
  return new ScormTesterError(
    'VALIDATION_WORKER_CRASHED',
    `The validation of ${path} stopped unexpectedly (${reason}); nothing was reported for it. The server goes on with a fresh worker: try again, and if it fails the same way, the package exhausts the validator (memory or nesting) and should be reported to the scorm-tester maintainers.`,
    { path, reason },
  );
}

let shared: ValidationPool | undefined;

/** The server's pool; SCORM_TESTER_VALIDATION_TIMEOUT_MS sets the time bound of one validation. */
export function sharedValidationPool(): ValidationPool {
  shared ??= new ValidationPool({ timeoutMs: validationTimeoutMs() });
  return shared;
}

function validationTimeoutMs(): number {
  const value = Number(process.env.SCORM_TESTER_VALIDATION_TIMEOUT_MS);
  return Number.isFinite(value) && value >= 100 ? value : DEFAULT_VALIDATION_TIMEOUT_MS;
}
