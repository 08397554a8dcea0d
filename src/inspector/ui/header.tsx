/**
 * The header: course, session and runtime state, the runtime's buttons, the layout, the feed's state.
 * A disabled runtime (e.g. the package failed validation) shows its reason; a person may still open it.
 */
import type { VNode } from 'preact';
import type { DevelopmentMode } from '../protocol.js';
import type { PanelContext } from './context.js';
import type { FeedStatus } from './feed.js';
import { useSlices } from './hooks.js';
import { DEVELOPMENT_MODES } from './layout.js';

const FEED_LABELS: Record<FeedStatus, string> = {
  connecting: 'connecting…',
  live: 'live',
  reconnecting: 'reconnecting…',
};

interface HeaderProps {
  ctx: PanelContext;
  feed: FeedStatus;
  mode: DevelopmentMode;
  onMode: (mode: DevelopmentMode) => void;
}

export function Header({ ctx, feed, mode, onMode }: HeaderProps): VNode {
  useSlices(ctx.store, 'session', 'runtime');
  const { session, runtime, loaded } = ctx.store.state;
  const closed = session?.state === 'closed';
  const disabled = runtime.disabled_reason !== null;
  return (
    <header class="top" role="banner">
      <h1>{session?.title ?? 'SCORM inspector'}</h1>
      <dl class="facts">
        {session ? (
          <>
            <dt>SCORM</dt>
            <dd>{session.scorm_version}</dd>
            <dt>Session</dt>
            <dd class={`state ${session.state}`} data-testid="session-state">
              {session.state}
              {session.origin === 'mcp' ? ' (shared with an agent)' : ''}
            </dd>
          </>
        ) : null}
        <dt>Runtime</dt>
        <dd
          class={`runtime ${runtime.open ? 'open' : disabled ? 'disabled' : 'closed'}`}
          data-testid="runtime-state"
        >
          {!loaded
            ? '…'
            : runtime.open
              ? `open${runtime.sco_id ? ` · ${runtime.sco_id}` : ''}`
              : disabled
                ? `disabled: ${runtime.disabled_reason}`
                : 'closed'}
        </dd>
        <dt>Feed</dt>
        <dd class={`feed ${feed}`}>{FEED_LABELS[feed]}</dd>
      </dl>
      <div class="actions">
        {runtime.open ? (
          <button
            type="button"
            disabled={ctx.busy}
            onClick={() => void ctx.act({ action: 'close_runtime' }, 'Close runtime')}
          >
            Close runtime
          </button>
        ) : (
          <button
            type="button"
            disabled={ctx.busy || !loaded || closed}
            title={
              disabled ? 'The server may refuse, or the course may fail: see the reason beside.' : undefined
            }
            onClick={() => void ctx.act({ action: 'open_runtime' }, 'Open runtime')}
          >
            Open runtime
          </button>
        )}
        <label>
          Layout{' '}
          <select value={mode} onChange={(e) => onMode(e.currentTarget.value as DevelopmentMode)}>
            {Object.entries(DEVELOPMENT_MODES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
    </header>
  );
}
