/**
 * The UI's copy of one session, fed by the server's FeedMessages: a 'snapshot' replaces everything (first
 * message of every connection, so a reconnect catches up), the other kinds replace or append one slice.
 * Lists are appended in place and each slice has a revision, so a panel re-renders only when its slice
 * changed and 10,000 calls are never copied per batch. No DOM here (unit-tested in Node).
 */
import type {
  ArtifactView,
  FeedMessage,
  RuntimeView,
  SequencingView,
  SessionSnapshot,
  SessionSummary,
  SnapshotOmissions,
} from '../protocol.js';
import type { ApiCallRecord, DataChange, NetworkEntry } from '../../runtime/records.js';

/** The snapshot's views as they are; the lists the feed appends to, kept for fast appending and lookup. */
export type ViewState = Omit<SessionSnapshot, 'session' | 'api_calls' | 'data_changes' | 'omitted'> & {
  /** False until the first snapshot arrived. */
  loaded: boolean;
  session: SessionSummary | null;
  calls: ApiCallRecord[];
  changes: DataChange[];
  /** Each element's changes in order, and the elements in the order they first changed. */
  history: Map<string, DataChange[]>;
  elements: string[];
  /** How many older entries of each list the snapshot left out (the server keeps the newest). */
  omitted: SnapshotOmissions | null;
};

export type Slice =
  | 'session'
  | 'outline'
  | 'runtime'
  | 'sequencing'
  | 'findings'
  | 'calls'
  | 'changes'
  | 'console'
  | 'network'
  | 'artifacts'
  | 'events'
  | 'mirror';

const ALL_SLICES: Slice[] = [
  'session',
  'outline',
  'runtime',
  'sequencing',
  'findings',
  'calls',
  'changes',
  'console',
  'network',
  'artifacts',
  'events',
  'mirror',
];

export const CLOSED_RUNTIME: RuntimeView = {
  open: false,
  disabled_reason: null,
  sco_id: null,
  sco_url: null,
};
export const NO_SEQUENCING: SequencingView = {
  applicable: false,
  current_activity: null,
  valid_requests: [],
  choice_targets: [],
  ended: false,
};

export function emptyState(): ViewState {
  return {
    loaded: false,
    session: null,
    outline: [],
    runtime: CLOSED_RUNTIME,
    sequencing: NO_SEQUENCING,
    findings: null,
    calls: [],
    changes: [],
    history: new Map(),
    elements: [],
    console: [],
    network: [],
    blocked: [],
    artifacts: [],
    events: [],
    mirror: null,
    omitted: null,
  };
}

export class FeedStore {
  state: ViewState = emptyState();
  /** Revision per slice: bumped whenever the slice changes. */
  readonly revisions = new Map<Slice, number>(ALL_SLICES.map((s) => [s, 0]));
  private readonly listeners = new Set<(changed: ReadonlySet<Slice>) => void>();
  private readonly networkIndex = new Map<number, number>();

  subscribe(listener: (changed: ReadonlySet<Slice>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  revision(slice: Slice): number {
    return this.revisions.get(slice) ?? 0;
  }

  /** Applies messages in order and tells the listeners once which slices changed. */
  apply(messages: FeedMessage[]): void {
    const changed = new Set<Slice>();
    for (const message of messages) for (const slice of this.applyOne(message)) changed.add(slice);
    for (const slice of changed) this.revisions.set(slice, this.revision(slice) + 1);
    if (changed.size > 0) for (const listener of this.listeners) listener(changed);
  }

  private applyOne(message: FeedMessage): Slice[] {
    const s = this.state;
    switch (message.kind) {
      case 'snapshot':
        this.reset(message.snapshot);
        return ALL_SLICES;
      case 'session':
        s.session = message.session;
        return ['session'];
      case 'outline':
        s.outline = message.outline;
        return ['outline'];
      case 'runtime':
        s.runtime = message.runtime;
        return ['runtime'];
      case 'sequencing':
        s.sequencing = message.sequencing;
        return ['sequencing'];
      case 'findings':
        s.findings = message.findings;
        return ['findings'];
      case 'api_calls':
        pushAll(s.calls, message.calls);
        return ['calls'];
      case 'data_changes':
        this.addChanges(message.changes);
        return ['changes'];
      case 'console':
        pushAll(s.console, message.entries);
        return ['console'];
      case 'network':
        this.addNetwork(message.requests);
        pushAll(s.blocked, message.blocked);
        return ['network'];
      case 'artifacts':
        this.addArtifacts(message.artifacts);
        return ['artifacts'];
      case 'events':
        pushAll(s.events, message.events);
        return ['events'];
      case 'mirror':
        s.mirror = message.mirror;
        return ['mirror'];
    }
  }

  private reset(snapshot: SessionSnapshot): void {
    this.state = {
      ...emptyState(),
      loaded: true,
      session: snapshot.session,
      outline: snapshot.outline,
      runtime: snapshot.runtime,
      sequencing: snapshot.sequencing,
      findings: snapshot.findings,
      calls: [...snapshot.api_calls],
      console: [...snapshot.console],
      blocked: [...snapshot.blocked],
      events: [...snapshot.events],
      mirror: snapshot.mirror,
      omitted: snapshot.omitted ?? null,
    };
    this.networkIndex.clear();
    this.addChanges(snapshot.data_changes);
    this.addNetwork(snapshot.network);
    this.addArtifacts(snapshot.artifacts);
  }

  private addChanges(changes: DataChange[]): void {
    const { history, elements } = this.state;
    for (const change of changes) {
      this.state.changes.push(change);
      const list = history.get(change.element);
      if (list) list.push(change);
      else {
        history.set(change.element, [change]);
        elements.push(change.element);
      }
    }
  }

  /** A request is sent again when its status arrives: the later copy replaces the earlier one. */
  private addNetwork(requests: NetworkEntry[]): void {
    const list = this.state.network;
    for (const request of requests) {
      const at = this.networkIndex.get(request.id);
      if (at === undefined) {
        this.networkIndex.set(request.id, list.length);
        list.push(request);
      } else list[at] = request;
    }
  }

  /** By name: the server may send the whole list or only the new artifacts. */
  private addArtifacts(artifacts: ArtifactView[]): void {
    const list = this.state.artifacts;
    for (const artifact of artifacts) {
      const at = list.findIndex((a) => a.name === artifact.name);
      if (at === -1) list.push(artifact);
      else list[at] = artifact;
    }
  }
}

/** push(...items) overflows the stack on very large batches. */
function pushAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}
