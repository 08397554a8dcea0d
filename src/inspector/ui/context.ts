/** What every panel gets: the store, the session, and a way to run an action on it. */
import type { InspectorAction } from '../protocol.js';
import type { FeedStore } from './store.js';

export interface PanelContext {
  store: FeedStore;
  sessionId: string;
  /** Posts the action; resolves when the server answered (errors are shown in the header). */
  act: (action: InspectorAction, label: string) => Promise<void>;
  /** True while an action is in flight or the session is closed. */
  busy: boolean;
}
