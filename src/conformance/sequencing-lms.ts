/**
 * The LMS under test, on our sequencing engine: packages are read from the conformance folder, the
 * engine decides every delivery (start or resumeAll, TOC choices, the SCO's adl.nav.request at
 * Terminate, LMS-side requests), and each delivery gets a fresh run-time data model initialised from
 * what the engine says plus the activity's saved run-time data when it resumes. Where that delivery
 * runs is the target's business (delivery-target.ts: Node objects or the real player in Chromium);
 * the decisions and the learner state are the same for both. Learner state (tracking, per-activity
 * run-time data, global objectives, shared data buckets) lives here per learner and package, so it
 * survives relaunches; `reset` clears it between families.
 */
import { basename } from 'node:path';
import type { NavValiditySnapshot } from '../rte/adapter/navigation-oracle.js';
import {
  defaultOrganization,
  parseManifestFile,
  resolveLaunch,
  walkItems,
  type ScormManifest,
} from '../manifest/index.js';
import { sharedDataMapsOf } from '../rte/adapter/from-manifest.js';
import { rteInitForDelivery } from '../rte/adapter/from-sequencing.js';
import { memorySharedDataStore } from '../rte/strict/shared-data.js';
import {
  attemptReport,
  createMemoryGlobalObjectiveStore,
  createSequencingSession,
  type NavigationRequest,
  type RuntimeAttemptReport,
  type RuntimeInit,
  type SequencingSession,
  type SessionOutcome,
} from '../sequencing/index.js';
import { manifestPath, type Corpus } from './corpus.js';
import type { DeliveryTarget, RunningDelivery } from './delivery-target.js';
import { variantOf } from './driver/page-variants.js';
import { NodeDeliveryTarget } from './node-target.js';
import {
  LmsCapabilityError,
  type Delivery,
  type Learner,
  type LmsUnderTest,
  type UiEvent,
  type UiState,
} from './lms.js';

type GlobalStore = ReturnType<typeof createMemoryGlobalObjectiveStore>;
type SharedStore = ReturnType<typeof memorySharedDataStore>;

/** What the learner leaves behind in one package between sessions. */
interface PackageState {
  tracking?: unknown;
  /** Run-time data of each activity's last delivery, restored when the engine resumes it. */
  runtime: Map<string, Record<string, string>>;
  /** Buckets scoped to this package's attempt (sharedDataGlobalToSystem="false"). */
  sharedData: SharedStore;
}

interface Open {
  packageId: string;
  manifest: ScormManifest;
  learner: Learner;
  session: SequencingSession;
  state: PackageState;
  current?: { delivery: Delivery; running: RunningDelivery };
  ended: boolean;
}

const key = (...parts: string[]) => parts.join('\u0000');
const ABANDON = new Set(['abandon', 'abandonAll']);

export class SequencingLms implements LmsUnderTest {
  private open_: Open | undefined;
  private readonly packages = new Map<string, PackageState>();
  private readonly globalObjectives = new Map<string, GlobalStore>();
  private readonly sharedData = new Map<string, SharedStore>();

  constructor(
    private readonly corpus: Corpus,
    private readonly target: DeliveryTarget = new NodeDeliveryTarget(),
  ) {}

  async open(packageId: string, learner: Learner): Promise<void> {
    await this.close();
    const { manifest } = await parseManifestFile(manifestPath(this.corpus, packageId));
    const state = this.packageState(learner, packageId);
    // objectivesGlobalToSystem="false" is the engine's business: it keeps those objectives in the tracking state.
    const session = createSequencingSession(manifest, {
      learnerId: learner.id,
      globalObjectives: this.learnerObjectives(learner),
      ...(state.tracking === undefined ? {} : { restore: state.tracking }),
    });
    this.open_ = { packageId, manifest, learner, session, state, ended: false };
  }

  start(): Promise<Delivery | undefined> {
    const o = this.session();
    const outcome = o.session.launch();
    if (outcome.how !== 'resumeAll' && outcome.kind === 'deliver') o.state.sharedData.clear();
    return this.follow(outcome);
  }

  choose(title: string): Promise<Delivery | undefined> {
    return this.request({ type: 'choice', target: this.activityByTitle(title) });
  }

  async scoFinished(): Promise<Delivery | undefined> {
    const o = this.session();
    const current = o.current;
    if (!current || (await current.running.lifeState()) !== 'terminated') return undefined;
    o.current = undefined;
    const report = await this.finish(current);
    // An abandoned attempt's run-time data does not become tracking data (SX-04b).
    const abandoned = ABANDON.has(report.navRequest ?? '');
    return this.follow(
      o.session.terminate(current.delivery.itemId, abandoned ? { navRequest: report.navRequest } : report),
    );
  }

  navigate(event: UiEvent): Promise<Delivery | undefined> {
    const o = this.session();
    const request: NavigationRequest =
      event.kind === 'choice'
        ? { type: 'choice', target: this.activityByTitle(event.title) }
        : event.kind === 'choiceRoot'
          ? { type: 'choice', target: o.session.tree.root.id }
          : { type: event.kind };
    return this.request(request);
  }

  uiState(): UiState {
    const nav = this.session().session.navigationState();
    return {
      // ADL's sample LMS enables Continue when the navigation request process accepts it (CM-07d), and
      // Previous only when a previous would succeed (CM-02a, CM-07a).
      continueEnabled: nav.controls.continue.acceptedByNavigation,
      previousEnabled: nav.controls.previous.enabled,
      tocEnabled: nav.tocEnabled,
      toc: nav.toc.map((e) => ({ title: e.title, visible: e.visible, selectable: e.selectable })),
    };
  }

  sessionEnded(): boolean {
    const o = this.open_;
    return !o || o.ended || o.session.currentActivity === null;
  }

  async exit(): Promise<void> {
    const o = this.open_;
    if (o && !this.sessionEnded()) await this.request({ type: 'exitAll' });
    await this.close();
  }

  async reset(scope: 'all' | 'globalObjectives'): Promise<void> {
    this.globalObjectives.clear();
    if (scope !== 'all') return;
    await this.close();
    this.packages.clear();
    this.sharedData.clear();
  }

  async dispose(): Promise<void> {
    await this.close();
    await this.target.dispose();
  }

  /** An LMS-side request: a SCO still there is unloaded first (its own pending request is ignored). */
  private async request(request: NavigationRequest): Promise<Delivery | undefined> {
    const o = this.session();
    const current = o.current;
    o.current = undefined;
    if (current) {
      const { report } = await this.leave(current);
      if (!ABANDON.has(request.type))
        o.session.commit(current.delivery.itemId, { ...report, navRequest: '_none_' });
    }
    return this.follow(o.session.navigate(request));
  }

  /**
   * The SCO goes away before the LMS acts: its unload handler runs and may Terminate; a SCO still running
   * after that has its attempt ended for it.
   */
  private async leave(current: {
    delivery: Delivery;
    running: RunningDelivery;
  }): Promise<{ report: RuntimeAttemptReport; wasRunning: boolean }> {
    const wasRunning = (await current.running.lifeState()) === 'running';
    await current.running.unload();
    if ((await current.running.lifeState()) === 'running') await current.running.endAttempt();
    return { report: await this.finish(current), wasRunning };
  }

  /** Saves the delivery's run-time data and reads what the engine needs from it. */
  private async finish(current: {
    delivery: Delivery;
    running: RunningDelivery;
  }): Promise<RuntimeAttemptReport> {
    const { values, navRequest, setByContent } = await current.running.results();
    this.session().state.runtime.set(current.delivery.itemId, values);
    return attemptReport(values, navRequest, setByContent);
  }

  private async follow(outcome: SessionOutcome): Promise<Delivery | undefined> {
    const o = this.session();
    if (outcome.kind === 'ended') o.ended = true;
    if (outcome.kind !== 'deliver') {
      o.state.tracking = o.session.serialize();
      return undefined;
    }
    o.ended = false;
    o.current = await this.deliver(o, outcome.activityId, outcome.runtime);
    o.state.tracking = o.session.serialize();
    return o.current.delivery;
  }

  private async deliver(
    o: Open,
    itemId: string,
    runtime: RuntimeInit,
  ): Promise<{ delivery: Delivery; running: RunningDelivery }> {
    const launch = resolveLaunch(o.manifest, itemId);
    const item = findItem(o.manifest, itemId);
    const saved = o.state.runtime.get(itemId);
    const init = rteInitForDelivery({
      scoId: itemId,
      learnerId: o.learner.id,
      learnerName: o.learner.name,
      runtime,
      ...(saved ? { saved } : {}),
    });
    const org = defaultOrganization(o.manifest);
    const store =
      org?.sharedDataGlobalToSystem === false ? o.state.sharedData : this.learnerSharedData(o.learner);
    const maps = sharedDataMapsOf(item);
    const page = basename(launch.path);
    const validity = o.session.validity();
    const running = await this.target.launch({
      packageId: o.packageId,
      itemId,
      launchUrl: launch.launchUrl,
      variant: variantOf(page),
      init,
      sharedData: { maps, store },
      navigation: (): NavValiditySnapshot => validity,
    });
    const delivery: Delivery = {
      itemId,
      title: item?.title ?? '',
      launchUrl: launch.launchUrl,
      page,
      scormType: launch.scormType ?? 'sco',
      sco: running.page,
    };
    return { delivery, running };
  }

  private activityByTitle(title: string): string {
    const found = this.session().session.tree.activities.find((a) => a.title === title.trim());
    if (!found) throw new LmsCapabilityError(`the TOC has no entry titled "${title}"`);
    return found.id;
  }

  private session(): Open {
    if (!this.open_) throw new LmsCapabilityError('no package is open');
    return this.open_;
  }

  /** Ends this LMS session (the learner closes the window): a running SCO is unloaded and its data kept. */
  async close(): Promise<void> {
    const o = this.open_;
    if (!o) return;
    const current = o.current;
    o.current = undefined;
    const left = current ? await this.leave(current) : undefined;
    if (current && left?.wasRunning)
      o.session.commit(current.delivery.itemId, { ...left.report, navRequest: '_none_' });
    o.state.tracking = o.session.serialize();
    this.open_ = undefined;
  }

  private packageState(learner: Learner, packageId: string): PackageState {
    const k = key(learner.id, packageId);
    let state = this.packages.get(k);
    if (!state) {
      state = { runtime: new Map(), sharedData: memorySharedDataStore() };
      this.packages.set(k, state);
    }
    return state;
  }

  private learnerObjectives(learner: Learner): GlobalStore {
    let store = this.globalObjectives.get(learner.id);
    if (!store) this.globalObjectives.set(learner.id, (store = createMemoryGlobalObjectiveStore()));
    return store;
  }

  private learnerSharedData(learner: Learner): SharedStore {
    let store = this.sharedData.get(learner.id);
    if (!store) this.sharedData.set(learner.id, (store = memorySharedDataStore()));
    return store;
  }
}

function findItem(manifest: ScormManifest, itemId: string) {
  const org = defaultOrganization(manifest);
  return org ? walkItems(org).find((i) => i.identifier?.trim() === itemId) : undefined;
}
