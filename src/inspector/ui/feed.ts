/**
 * The session's live feed: an EventSource whose events are named after FeedMessage kinds. The browser
 * reconnects by itself after a dropped connection and the server starts every connection with a
 * snapshot, so a reconnect catches up; when the browser gives up (the server answered an error), we
 * open a new one after a pause.
 */
import type { FeedKind, FeedMessage } from '../protocol.js';
import type { FeedStore } from './store.js';

export type FeedStatus = 'connecting' | 'live' | 'reconnecting';

const KINDS: FeedKind[] = [
  'snapshot',
  'session',
  'outline',
  'runtime',
  'sequencing',
  'findings',
  'api_calls',
  'data_changes',
  'console',
  'network',
  'artifacts',
  'events',
  'mirror',
];
const RETRY_MS = 2000;

export function connectFeed(
  url: string,
  store: FeedStore,
  onStatus: (status: FeedStatus) => void,
): () => void {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  // Messages of one task are applied together, so a burst renders once.
  let pending: FeedMessage[] = [];
  const flush = (): void => {
    const batch = pending;
    pending = [];
    store.apply(batch);
  };
  const receive = (event: MessageEvent<string>): void => {
    if (pending.length === 0) queueMicrotask(flush);
    pending.push(JSON.parse(event.data) as FeedMessage);
  };
  const open = (): void => {
    source = new EventSource(url);
    for (const kind of KINDS) source.addEventListener(kind, receive);
    source.addEventListener('snapshot', () => {
      if (performance.getEntriesByName('inspector-live').length === 0) performance.mark('inspector-live');
      onStatus('live');
    });
    source.onerror = () => {
      if (stopped || !source) return;
      onStatus('reconnecting');
      if (source.readyState === EventSource.CLOSED) {
        source = null;
        retry = setTimeout(open, RETRY_MS);
      }
    };
  };
  onStatus('connecting');
  open();
  return () => {
    stopped = true;
    clearTimeout(retry);
    source?.close();
  };
}
