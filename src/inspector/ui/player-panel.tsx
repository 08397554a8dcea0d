/**
 * The player panel: the running SCO, live, as the mirror sends it (see mirror-view.ts for how it is shown
 * and how clicks and typing go back to the real page). Actions are sent one after another, in the order
 * the person made them, each through the inspector's actions route (the same tool handlers an agent
 * calls); the line above the view says what is being sent and what failed.
 */
import type { VNode } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { InspectorAction, MirrorFrame, RuntimeView } from '../protocol.js';
import { postAction } from './client.js';
import { MirrorView } from './mirror-view.js';

const LABELS: Record<string, string> = {
  mirror_click: 'click',
  mirror_fill: 'typing',
  mirror_key: 'key',
};

interface Status {
  text: string;
  error: boolean;
}

export function PlayerPanel(props: {
  sessionId: string;
  mirror: MirrorFrame | null;
  runtime: RuntimeView;
}): VNode {
  const { sessionId, mirror, runtime } = props;
  const frameRef = useRef<HTMLIFrameElement>(null);
  const viewRef = useRef<MirrorView | null>(null);
  const [status, setStatus] = useState<Status | null>(null);

  useEffect(() => {
    const iframe = frameRef.current;
    if (!iframe) return;
    let queue = Promise.resolve();
    const send = (action: InspectorAction): void => {
      const label = LABELS[action.action] ?? action.action;
      queue = queue.then(async () => {
        setStatus({ text: `Sending ${label} to the course…`, error: false });
        const response = await postAction(sessionId, action);
        setStatus(
          response.ok
            ? null
            : {
                text: `The ${label} did not reach the course: ${response.error.code}: ${response.error.message}`,
                error: true,
              },
        );
      });
    };
    const view = new MirrorView(iframe, send);
    viewRef.current = view;
    return () => {
      view.dispose();
      viewRef.current = null;
    };
  }, [sessionId]);

  useEffect(() => {
    if (mirror) viewRef.current?.show(mirror);
  }, [mirror]);

  const live = runtime.open && runtime.disabled_reason === null;
  return (
    <div
      class="panel-body player"
      style={{ display: 'flex', flexDirection: 'column', gap: '6px', height: '100%' }}
    >
      {runtime.disabled_reason !== null ? (
        <p role="status" data-testid="player-disabled">
          runtime disabled: {runtime.disabled_reason}
        </p>
      ) : !runtime.open ? (
        <p role="status">The runtime is not open: open it to see the course here.</p>
      ) : (
        <p id="player-hint" class="muted">
          {mirror ? 'Live view of the SCO. ' : 'Waiting for the first view of the SCO… '}
          <button type="button" onClick={() => viewRef.current?.focusInside()}>
            Focus in course
          </button>{' '}
          Clicks, Enter and typing here go to the real course, like an agent's DOM tools.
        </p>
      )}
      <p
        class={status?.error ? 'error' : 'muted'}
        role={status?.error ? 'alert' : 'status'}
        data-testid="player-status"
      >
        {status?.text ?? ''}
      </p>
      <iframe
        ref={frameRef}
        title="Course: live view of the running SCO"
        sandbox="allow-same-origin"
        aria-describedby="player-hint"
        data-testid="player-mirror"
        hidden={!live || mirror === null}
        style={{
          flex: '1 1 auto',
          width: '100%',
          minHeight: '480px',
          border: '1px solid var(--line)',
          background: '#fff',
        }}
      />
    </div>
  );
}
