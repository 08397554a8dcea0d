/** The sequencing state: the current activity and the navigation requests valid now, as buttons. */
import type { VNode } from 'preact';
import type { PanelContext } from '../context.js';
import { useSlices } from '../hooks.js';

const REQUEST_LABELS: Record<string, string> = {
  start: 'Start',
  resumeAll: 'Resume all',
  continue: 'Continue',
  previous: 'Previous',
  exit: 'Exit',
  exitAll: 'Exit all',
  abandon: 'Abandon',
  abandonAll: 'Abandon all',
  suspendAll: 'Suspend all',
  retry: 'Retry',
  retryAll: 'Retry all',
};

export function requestLabel(request: string): string {
  return REQUEST_LABELS[request] ?? request;
}

/** choice and jump need a target: they are offered per target, not as a bare button. */
const TARGETED = new Set(['choice', 'jump']);

export function SequencingPanel({ ctx }: { ctx: PanelContext }): VNode {
  useSlices(ctx.store, 'sequencing', 'outline');
  const seq = ctx.store.state.sequencing;
  if (!seq.applicable) {
    return (
      <div class="panel-body">
        <p class="empty">Sequencing is not running: a single-SCO course, or the runtime is not open.</p>
      </div>
    );
  }
  const requests = seq.valid_requests.filter((r) => !TARGETED.has(r));
  return (
    <div class="panel-body sequencing">
      <p>
        Current activity: <strong>{seq.current_activity ?? 'none'}</strong>
        {seq.ended ? ' — the sequencing session has ended.' : ''}
      </p>
      <div class="nav-buttons" role="group" aria-label="Navigation requests valid now">
        {requests.length === 0 ? <span class="empty">No navigation request is valid now.</span> : null}
        {requests.map((request) => (
          <button
            key={request}
            type="button"
            disabled={ctx.busy}
            onClick={() => void ctx.act({ action: 'nav', request }, requestLabel(request))}
          >
            {requestLabel(request)}
          </button>
        ))}
      </div>
      {seq.choice_targets.length > 0 ? (
        <>
          <h3 id="choice-heading">Choose an activity</h3>
          <ul class="choices" aria-labelledby="choice-heading">
            {seq.choice_targets.map((t) => (
              <li key={t.id}>
                <button
                  type="button"
                  disabled={ctx.busy}
                  aria-current={t.id === seq.current_activity ? 'step' : undefined}
                  onClick={() =>
                    void ctx.act({ action: 'nav', request: 'choice', target: t.id }, `Choose ${t.title}`)
                  }
                >
                  {t.title}
                </button>{' '}
                <code>{t.id}</code>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
