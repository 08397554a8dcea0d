/**
 * The LMS under test in Node, on our sequencing engine: packages are read from the conformance folder,
 * the engine decides every delivery (start or resumeAll, TOC choices, the SCO's adl.nav.request at
 * Terminate, LMS-side requests), and each delivery gets a fresh strict SCORM 2004 API object
 * initialised from what the engine says plus the activity's saved run-time data when it resumes.
 * Learner state (tracking, per-activity run-time data, global objectives, shared data buckets) lives
 * here per learner and package, so it survives relaunches; `reset` clears it between families.
 */
import { basename } from 'node:path';
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
import { StrictApi2004 } from '../rte/strict/strict-2004.js';
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
  current?: Delivery & { api: StrictApi2004 };
  ended: boolean;
}

const key = (...parts: string[]) => parts.join('\u0000');
const ABANDON = new Set(['abandon', 'abandonAll']);

export class SequencingLms implements LmsUnderTest {
  private open_: Open | undefined;
  private readonly packages = new Map<string, PackageState>();
  private readonly globalObjectives = new Map<string, GlobalStore>();
  private readonly sharedData = new Map<string, SharedStore>();

  constructor(private readonly corpus: Corpus) {}

  async open(packageId: string, learner: Learner): Promise<void> {
    this.close();
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
    return Promise.resolve(this.follow(outcome));
  }

  choose(title: string): Promise<Delivery | undefined> {
    const o = this.session();
    const target = o.session.tree.activities.find((a) => a.title === title.trim());
    if (!target) throw new LmsCapabilityError(`the TOC has no entry titled "${title}"`);
    return Promise.resolve(this.request({ type: 'choice', target: target.id }));
  }

  scoFinished(): Promise<Delivery | undefined> {
    const o = this.session();
    const current = o.current;
    if (!current || current.api.lifeState !== 'terminated') return Promise.resolve(undefined);
    o.current = undefined;
    const report = this.finish(current);
    // An abandoned attempt's run-time data does not become tracking data (SX-04b).
    const abandoned = ABANDON.has(report.navRequest ?? '');
    return Promise.resolve(
      this.follow(
        o.session.terminate(current.itemId, abandoned ? { navRequest: report.navRequest } : report),
      ),
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
    return Promise.resolve(this.request(request));
  }

  uiState(): UiState {
    const nav = this.session().session.navigationState();
    return {
      continueEnabled: nav.controls.continue.enabled,
      previousEnabled: nav.controls.previous.enabled,
      tocEnabled: nav.tocEnabled,
      toc: nav.toc.map((e) => ({ title: e.title, visible: e.visible, selectable: e.selectable })),
    };
  }

  sessionEnded(): boolean {
    const o = this.open_;
    return !o || o.ended || o.session.currentActivity === null;
  }

  exit(): Promise<void> {
    const o = this.open_;
    if (o && !this.sessionEnded()) this.request({ type: 'exitAll' });
    this.close();
    return Promise.resolve();
  }

  reset(scope: 'all' | 'globalObjectives'): void {
    this.globalObjectives.clear();
    if (scope !== 'all') return;
    this.close();
    this.packages.clear();
    this.sharedData.clear();
  }

  /** An LMS-side request: a SCO still running is unloaded first (its own pending request is ignored). */
  private request(request: NavigationRequest): Delivery | undefined {
    const o = this.session();
    const running = o.current;
    if (running?.api.lifeState === 'running') running.api.Terminate('');
    if (running) {
      const report = this.finish(running);
      if (!ABANDON.has(request.type)) o.session.commit(running.itemId, { ...report, navRequest: '_none_' });
    }
    o.current = undefined;
    return this.follow(o.session.navigate(request));
  }

  /** Saves the delivery's run-time data and reads what the engine needs from it. */
  private finish(delivery: Delivery & { api: StrictApi2004 }): RuntimeAttemptReport {
    const values = delivery.api.snapshot();
    this.session().state.runtime.set(delivery.itemId, values);
    return attemptReport(values, delivery.api.pendingNavRequest, delivery.api.setByContent());
  }

  private follow(outcome: SessionOutcome): Delivery | undefined {
    const o = this.session();
    if (outcome.kind === 'ended') o.ended = true;
    if (outcome.kind !== 'deliver') {
      o.state.tracking = o.session.serialize();
      return undefined;
    }
    o.ended = false;
    o.current = this.deliver(o, outcome.activityId, outcome.runtime);
    o.state.tracking = o.session.serialize();
    return o.current;
  }

  private deliver(o: Open, itemId: string, runtime: RuntimeInit): Delivery & { api: StrictApi2004 } {
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
    const api = new StrictApi2004({
      init,
      sharedData: { maps, store },
      navigation: () => o.session.validity(),
    });
    return {
      itemId,
      title: item?.title ?? '',
      launchUrl: launch.launchUrl,
      page: basename(launch.path),
      scormType: launch.scormType ?? 'sco',
      api,
    };
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
  private close(): void {
    const o = this.open_;
    if (!o) return;
    const running = o.current;
    if (running?.api.lifeState === 'running') {
      running.api.Terminate('');
      o.session.commit(running.itemId, { ...this.finish(running), navRequest: '_none_' });
    }
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
