/**
 * Deliveries in the real player: one Chromium and one player page for the whole run. Each test package
 * is built (manifest, our driver pages, stubs, XSDs) into its own folder under one temporary root that
 * the content server mounts once; every delivery is a new attempt of the player in the same page, with
 * the run-time values the sequencing LMS computed and the navigation answers of the engine. The driver
 * script in the page (driver/cts-driver.ts) runs the steps against the player's API and returns their raw
 * outcomes; the player's record tells whether the SCO terminated and which request it left pending.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import { TIMEOUT, within } from '../core/within.js';
import { unknownNavValidity, type NavigationOracle } from '../rte/adapter/navigation-oracle.js';
import { buildRteInit } from '../rte/adapter/rte-init.js';
import type { LifeState } from '../rte/strict/api-types.js';
import { BrowserPool } from '../runtime/browser-pool.js';
import type { CourseRuntime } from '../runtime/course-runtime.js';
import { openCourseRuntime } from '../runtime/open-course-runtime.js';
import type { Corpus } from './corpus.js';
import type { DeliveryTarget, LaunchSpec, RunningDelivery } from './delivery-target.js';
import { DRIVER_GLOBAL, type CtsDriver } from './driver/wire.js';
import { buildTestPackage } from './fixture.js';
import { LmsCapabilityError, type TestPage } from './lms.js';

const IDLE_PAGE = 'cts-idle.html';
const IDLE_SCO = 'cts-idle';
/** A DMI block runs a few thousand recorded calls in one go. */
const BLOCK_TIMEOUT_MS = 120_000;

export interface BrowserTargetOptions {
  /** Budget for each page interaction (launch, unload, reading the record); default 15 s. */
  timeoutMs?: number;
}

export class BrowserDeliveryTarget implements DeliveryTarget {
  readonly mode = 'browser';
  private readonly root = mkdtempSync(join(tmpdir(), 'scorm-tester-cts-'));
  private readonly built = new Set<string>();
  private readonly pool = new BrowserPool();
  private runtime: Promise<CourseRuntime> | undefined;
  private current: LaunchSpec | undefined;
  private readonly oracle: NavigationOracle = {
    snapshot: () => this.current?.navigation() ?? unknownNavValidity(),
  };

  constructor(
    private readonly corpus: Corpus,
    private readonly options: BrowserTargetOptions = {},
  ) {}

  async launch(spec: LaunchSpec): Promise<RunningDelivery> {
    if (!this.built.has(spec.packageId)) {
      await buildTestPackage(this.corpus, spec.packageId, join(this.root, spec.packageId));
      this.built.add(spec.packageId);
    }
    const runtime = await this.player();
    this.current = spec;
    const { maps, store } = spec.sharedData;
    const buckets: Record<string, string> = {};
    for (const m of maps) {
      const value = store.get(m.targetId);
      if (value !== undefined) buckets[m.targetId] = value;
    }
    await runtime.launchAttempt({
      scoId: spec.itemId,
      launchPath: `${spec.packageId}/${spec.launchUrl}`,
      rte: spec.init,
      sharedData: { maps: [...maps], values: buckets },
    });
    const log = runtime.log;
    const from = { nav: log.navRequests.length, changes: log.dataChanges.length };
    const frame = await runtime.scoFrame();
    const lifeState = async (): Promise<LifeState> => {
      await runtime.settle();
      const state = runtime.initializeState;
      return state === 'none' ? 'not-initialized' : state === 'initialized' ? 'running' : 'terminated';
    };
    return {
      page: testPage(frame),
      lifeState,
      unload: async () => void (await runtime.unload()),
      endAttempt: async () => void (await runtime.callApi('Terminate', [''])),
      results: async () => {
        await runtime.settle();
        const pending = log.navRequests
          .slice(from.nav)
          .filter((n) => n.phase === 'terminate')
          .pop();
        // What the attempt holds, limited as in Node to what it was given at launch or wrote since: the
        // engine's defaults for elements nobody set ("unknown" statuses, empty scores) are not reports.
        const setByContent = await runtime.readSetByContent();
        const written = new Set([...Object.keys(spec.init.values), ...setByContent]);
        for (const c of log.dataChanges.slice(from.changes)) written.add(c.element);
        const held = await runtime.getDataModel();
        // The buckets it wrote go back to the learner's store, as a StrictApi2004 in Node writes through.
        const after = await runtime.readSharedData();
        for (const m of maps) {
          const value = after[m.targetId];
          if (m.write && value !== undefined) store.set(m.targetId, value);
        }
        return {
          values: Object.fromEntries(Object.entries(held).filter(([k]) => written.has(k))),
          navRequest: pending?.request ?? '_none_',
          setByContent,
        };
      },
    };
  }

  async dispose(): Promise<void> {
    const runtime = this.runtime;
    this.runtime = undefined;
    if (runtime) await (await runtime.catch(() => undefined))?.close();
    await this.pool.shutdown();
    rmSync(this.root, { recursive: true, force: true });
  }

  /** The one player page of the run, opened on an idle page until the first delivery. */
  private player(): Promise<CourseRuntime> {
    if (!this.runtime) {
      writeFileSync(join(this.root, IDLE_PAGE), '<!DOCTYPE html><title>conformance run</title>\n');
      this.runtime = openCourseRuntime({
        packageRoot: this.root,
        launchPath: IDLE_PAGE,
        scormVersion: '2004',
        scoId: IDLE_SCO,
        rte: buildRteInit({ version: '2004', scoId: IDLE_SCO }),
        navigationOracle: this.oracle,
        warmSpare: false,
        pool: this.pool,
        title: 'scorm-tester conformance',
        ...(this.options.timeoutMs === undefined ? {} : { timeoutMs: this.options.timeoutMs }),
      });
    }
    return this.runtime;
  }
}

type DriverMethod = 'location' | 'apiVersion' | 'run' | 'terminate';

/** Calls one function of the page's driver (see driver/wire.ts) with JSON arguments, bounded in time. */
async function callDriver<M extends DriverMethod>(
  frame: Frame,
  method: M,
  ...args: Parameters<CtsDriver[M]>
): Promise<ReturnType<CtsDriver[M]>> {
  const answer = await within(
    frame.evaluate(
      ([name, m, a]) => {
        const driver = (window as unknown as Record<string, Record<string, (...x: unknown[]) => unknown>>)[
          name
        ];
        return driver ? { value: driver[m]?.(...a) } : { missing: true };
      },
      [DRIVER_GLOBAL, method, args as unknown[]] as const,
    ),
    BLOCK_TIMEOUT_MS,
  );
  if (answer === TIMEOUT)
    throw new LmsCapabilityError(`the test page did not answer ${method} within ${BLOCK_TIMEOUT_MS} ms`);
  if ('missing' in answer) throw new LmsCapabilityError('the delivered page has no conformance driver');
  return answer.value as ReturnType<CtsDriver[M]>;
}

/** The driver page of one delivery, in the SCO frame. */
function testPage(frame: Frame): TestPage {
  return {
    location: () => callDriver(frame, 'location'),
    apiVersion: () => callDriver(frame, 'apiVersion'),
    run: async (steps, lookups) => {
      const result = await callDriver(frame, 'run', [...steps], lookups);
      if ('error' in result) throw new LmsCapabilityError(`the test page stopped: ${result.error}`);
      Object.assign(lookups, result.lookups);
      return result.outcomes;
    },
    terminate: async () => void (await callDriver(frame, 'terminate')),
  };
}
