/**
 * The LMS under test in Node, without a sequencing engine: packages are read from the conformance
 * folder, a TOC choice delivers the item with that title, and each delivery gets a fresh strict
 * SCORM 2004 API object. Everything that needs sequencing (default start, navigation requests,
 * UI state) answers "sequencing engine not connected".
 */
import { basename } from 'node:path';
import {
  defaultOrganization,
  leafItems,
  parseManifestFile,
  resolveLaunch,
  type ScormManifest,
} from '../manifest/index.js';
import { buildRteInit } from '../rte/adapter/rte-init.js';
import { launchFieldsFromItem } from '../rte/adapter/from-manifest.js';
import { memorySharedDataStore } from '../rte/strict/shared-data.js';
import { StrictApi2004 } from '../rte/strict/strict-2004.js';
import { manifestPath, type Corpus } from './corpus.js';
import {
  LmsCapabilityError,
  type Delivery,
  type Learner,
  type LmsUnderTest,
  type UiEvent,
  type UiState,
} from './lms.js';

const NOT_CONNECTED = 'sequencing engine not connected';

export class NodeLmsWithoutSequencing implements LmsUnderTest {
  private manifest: ScormManifest | undefined;
  private learner: Learner | undefined;
  private current: (Delivery & { api: StrictApi2004 }) | undefined;
  /** Suspended SCO attempts (cmi.exit = suspend), by learner, package and item. */
  private readonly suspended = new Map<string, Record<string, string>>();
  private packageId = '';
  /** Shared data buckets per learner (adlcp:sharedDataGlobalToSystem) or per package attempt. */
  private readonly sharedData = new Map<string, ReturnType<typeof memorySharedDataStore>>();

  constructor(private readonly corpus: Corpus) {}

  async open(packageId: string, learner: Learner): Promise<void> {
    const parsed = await parseManifestFile(manifestPath(this.corpus, packageId));
    this.manifest = parsed.manifest;
    this.learner = learner;
    this.packageId = packageId;
    this.current = undefined;
  }

  start(): Promise<Delivery | undefined> {
    return Promise.reject(
      new LmsCapabilityError(`${NOT_CONNECTED}: the default start of a package is a sequencing request`),
    );
  }

  choose(title: string): Promise<Delivery | undefined> {
    this.keepAttempt();
    return Promise.resolve(this.deliver(title));
  }

  scoFinished(): Promise<Delivery | undefined> {
    this.keepAttempt();
    const pending = this.current?.api.pendingNavRequest ?? '_none_';
    if (pending !== '_none_') {
      return Promise.reject(new LmsCapabilityError(`${NOT_CONNECTED}: the SCO requested "${pending}"`));
    }
    return Promise.resolve(undefined);
  }

  navigate(event: UiEvent): Promise<Delivery | undefined> {
    return Promise.reject(new LmsCapabilityError(`${NOT_CONNECTED}: UI event "${event.kind}"`));
  }

  uiState(): UiState {
    throw new LmsCapabilityError(`${NOT_CONNECTED}: UI questions are answered from navigation state`);
  }

  sessionEnded(): boolean {
    return this.current === undefined;
  }

  exit(): Promise<void> {
    this.current = undefined;
    return Promise.resolve();
  }

  reset(scope: 'all' | 'globalObjectives'): void {
    if (scope !== 'all') return;
    this.sharedData.clear();
    this.suspended.clear();
  }

  private attemptKey(itemId: string): string {
    return [this.learner?.id ?? '', this.packageId, itemId].join('\u0000');
  }

  /** A terminated SCO that suspended keeps its data for its next delivery; any other exit ends the attempt. */
  private keepAttempt(): void {
    const current = this.current;
    if (!current || current.api.lifeState !== 'terminated') return;
    const key = this.attemptKey(current.itemId);
    if (current.api.exitValue === 'suspend') this.suspended.set(key, current.api.snapshot());
    else this.suspended.delete(key);
  }

  private deliver(title: string): Delivery {
    const manifest = this.manifest;
    const learner = this.learner;
    if (!manifest || !learner) throw new LmsCapabilityError('no package is open');
    const org = defaultOrganization(manifest);
    const item = org ? leafItems(org).find((i) => (i.title ?? '').trim() === title.trim()) : undefined;
    if (!item?.identifier) throw new LmsCapabilityError(`the TOC has no entry titled "${title}"`);
    const launch = resolveLaunch(manifest, item.identifier);
    const restore = this.suspended.get(this.attemptKey(item.identifier));
    const init = buildRteInit({
      version: '2004',
      scoId: item.identifier,
      ...(restore ? { restore } : {}),
      learnerId: learner.id,
      learnerName: learner.name,
      ...launchFieldsFromItem(item, '2004', manifest.sequencingCollection),
    });
    const globalData = org?.sharedDataGlobalToSystem !== false;
    const storeKey = globalData ? learner.id : `${learner.id}\u0000${manifest.identifier ?? ''}`;
    let store = this.sharedData.get(storeKey);
    if (!store) this.sharedData.set(storeKey, (store = memorySharedDataStore()));
    const maps = item.data
      .filter((m) => m.targetID)
      .map((m) => ({
        targetId: (m.targetID ?? '').trim(),
        read: m.readSharedData !== false,
        write: m.writeSharedData !== false,
      }));
    const api = new StrictApi2004({ init, sharedData: { maps, store } });
    this.current = {
      itemId: item.identifier,
      title: item.title ?? '',
      launchUrl: launch.launchUrl,
      page: basename(launch.path),
      scormType: launch.scormType ?? 'sco',
      api,
    };
    return this.current;
  }
}
