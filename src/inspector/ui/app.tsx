/** The inspector page: picks the session, keeps its feed, lays the panels out for the development mode. */
import type { VNode } from 'preact';
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { SESSION_PARAM } from '../protocol.js';
import type { DevelopmentMode, InspectorAction, PanelId, SessionSummary } from '../protocol.js';
import { feedUrl, listSessions, postAction } from './client.js';
import type { PanelContext } from './context.js';
import { connectFeed, type FeedStatus } from './feed.js';
import { addressShowing, followedNotice, onlyCurrentSession, successorOf } from './follow.js';
import { Header } from './header.js';
import { useSlices } from './hooks.js';
import { PANEL_TITLES, panelLayout } from './layout.js';
import { PANELS } from './panels/index.js';
import { FeedStore } from './store.js';
import { PanelTabs } from './tabs.js';

const SESSION_POLL_MS = 1000;
const NOTICE_MS = 4000;

export function App(): VNode {
  const [wanted, setWanted] = useState(() => new URLSearchParams(location.search).get(SESSION_PARAM));
  const [sessions, setSessions] = useState<SessionSummary[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [followed, setFollowed] = useState<string | null>(null);
  // The person's layout stays when the page follows a reloaded course.
  const [chosenMode, setChosenMode] = useState<DevelopmentMode | null>(null);
  const [activeTab, setActiveTab] = useState<PanelId | null>(null);

  // The session on screen was replaced (a reload): show the new one, at an address that says so, without
  // a history entry (Back should not lead to the closed session).
  const follow = useCallback((from: string, to: string) => {
    history.replaceState(history.state, '', addressShowing(location.href, to));
    setFollowed(followedNotice(from, to));
    setWanted(to);
  }, []);

  useEffect(() => {
    if (wanted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = (): void => {
      listSessions()
        .then((list) => {
          setSessions(list);
          setProblem(null);
          if (list.length === 0) timer = setTimeout(poll, SESSION_POLL_MS);
        })
        .catch((err: Error) => {
          setProblem(err.message);
          timer = setTimeout(poll, SESSION_POLL_MS);
        });
    };
    poll();
    return () => clearTimeout(timer);
  }, [wanted]);

  const sessionId = wanted ?? onlyCurrentSession(sessions);
  if (sessionId) {
    return (
      <SessionView
        key={sessionId}
        sessionId={sessionId}
        followed={followed}
        onReplaced={follow}
        layout={{ chosenMode, setChosenMode, activeTab, setActiveTab }}
      />
    );
  }
  return (
    <main class="picker">
      <h1>SCORM inspector</h1>
      {problem ? <p role="alert">{problem}</p> : null}
      {sessions === null ? <p>Loading sessions…</p> : null}
      {sessions?.length === 0 ? <p>No session yet; this page lists them as they open.</p> : null}
      {sessions && sessions.length > 1 ? (
        <ul>
          {sessions.map((s) => (
            <li key={s.id}>
              <a href={`?${SESSION_PARAM}=${encodeURIComponent(s.id)}`}>{s.title}</a> ({s.state}
              {s.replaced_by ? `, reloaded as ${s.replaced_by}` : ''}, {s.origin})
            </li>
          ))}
        </ul>
      ) : null}
    </main>
  );
}

interface Notice {
  text: string;
  error: boolean;
  /** Stays until the next action (says which session is on screen after a reload). */
  sticky?: boolean;
}

interface LayoutChoice {
  chosenMode: DevelopmentMode | null;
  setChosenMode: (mode: DevelopmentMode) => void;
  activeTab: PanelId | null;
  setActiveTab: (tab: PanelId) => void;
}

interface SessionViewProps {
  sessionId: string;
  /** What to say when this view replaced the one of a reloaded session. */
  followed: string | null;
  onReplaced: (from: string, to: string) => void;
  layout: LayoutChoice;
}

function SessionView({ sessionId, followed, onReplaced, layout: choice }: SessionViewProps): VNode {
  const store = useMemo(() => new FeedStore(), [sessionId]);
  const [feed, setFeed] = useState<FeedStatus>('connecting');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(
    followed ? { text: followed, error: false, sticky: true } : null,
  );
  const { chosenMode, setChosenMode, activeTab, setActiveTab } = choice;
  useSlices(store, 'session');

  useEffect(() => connectFeed(feedUrl(sessionId), store, setFeed), [store, sessionId]);
  const successor = successorOf(store.state.session, sessionId);
  useEffect(() => {
    if (successor) onReplaced(sessionId, successor);
  }, [successor, sessionId, onReplaced]);
  // Success notices go away by themselves; errors stay until the next action.
  useEffect(() => {
    if (!notice || notice.error || notice.sticky || notice.text.endsWith('…')) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const act = useCallback(
    async (action: InspectorAction, label: string): Promise<void> => {
      setBusy(true);
      setNotice({ text: `${label}…`, error: false });
      const response = await postAction(sessionId, action);
      setBusy(false);
      setNotice(
        response.ok
          ? { text: `${label}: done`, error: false }
          : { text: `${label}: ${response.error.code}: ${response.error.message}`, error: true },
      );
    },
    [sessionId],
  );

  const session = store.state.session;
  const closed = session?.state === 'closed';
  const ctx: PanelContext = { store, sessionId, act, busy: busy || closed };
  const mode = chosenMode ?? session?.development_mode ?? 'debug_api';
  const layout = panelLayout(mode);
  const active = activeTab !== null && layout.tabs.includes(activeTab) ? activeTab : layout.tabs[0]!;

  return (
    <>
      <Header ctx={ctx} feed={feed} mode={mode} onMode={setChosenMode} />
      {closed ? (
        <p class="banner" role="status">
          This session is closed: what it recorded stays visible; nothing can be run any more.
        </p>
      ) : null}
      <p class={`notice${notice?.error ? ' error' : ''}`} role={notice?.error ? 'alert' : 'status'}>
        {notice?.text ?? ''}
      </p>
      <main class={`layout mode-${mode}`}>
        <div class="lead">
          {layout.lead.map((id) => {
            const Panel = PANELS[id];
            return (
              <section key={id} class={`panel panel-${id}`} aria-labelledby={`heading-${id}`}>
                <h2 id={`heading-${id}`}>{PANEL_TITLES[id]}</h2>
                <Panel ctx={ctx} />
              </section>
            );
          })}
        </div>
        <PanelTabs ids={layout.tabs} active={active} onActivate={setActiveTab} ctx={ctx} />
      </main>
    </>
  );
}
