/** Validation findings with their file, line and source excerpt, and a button to validate again. */
import type { VNode } from 'preact';
import type { FindingView } from '../../protocol.js';
import type { PanelContext } from '../context.js';
import { formatTime } from '../format.js';
import { useSlices } from '../hooks.js';

export function FindingsPanel({ ctx }: { ctx: PanelContext }): VNode {
  useSlices(ctx.store, 'findings');
  const view = ctx.store.state.findings;
  const count = (severity: FindingView['severity']): number =>
    view ? view.findings.filter((f) => f.severity === severity).length : 0;
  return (
    <div class="panel-body findings">
      <div class="toolbar">
        <button
          type="button"
          disabled={ctx.busy}
          onClick={() => void ctx.act({ action: 'validate' }, 'Re-validate')}
        >
          Re-validate
        </button>
        {view ? (
          <span class={view.valid ? 'ok' : 'error'}>
            {view.valid ? 'Valid' : 'Not valid'} · score {view.score} · {count('error')} errors,{' '}
            {count('warning')} warnings, {count('info')} notes · revision {view.revision} at{' '}
            {formatTime(view.validated_at)}
          </span>
        ) : (
          <span class="empty">Not validated yet.</span>
        )}
      </div>
      {view && view.findings.length > 0 ? (
        <ol class="finding-list">
          {view.findings.map((f, i) => (
            <Finding key={i} finding={f} />
          ))}
        </ol>
      ) : null}
    </div>
  );
}

function Finding({ finding }: { finding: FindingView }): VNode {
  const where = finding.file ? `${finding.file}${finding.line !== null ? `:${finding.line}` : ''}` : null;
  return (
    <li class={`finding ${finding.severity}`}>
      <div>
        <span class={`badge ${finding.severity}`}>{finding.severity}</span>{' '}
        <code class="rule">{finding.rule}</code> {where ? <code class="where">{where}</code> : null}
      </div>
      <p>{finding.message}</p>
      {finding.excerpt ? <Excerpt excerpt={finding.excerpt} line={finding.line} /> : null}
      {finding.fix ? <p class="fix">Fix: {finding.fix}</p> : null}
    </li>
  );
}

function Excerpt(props: { excerpt: NonNullable<FindingView['excerpt']>; line: number | null }): VNode {
  return (
    <pre class="excerpt">
      {props.excerpt.lines.map((text, i) => {
        const number = props.excerpt.first_line + i;
        const hit = number === props.line;
        return (
          <span key={number} class={hit ? 'line hit' : 'line'} aria-current={hit ? 'location' : undefined}>
            <span class="lineno" aria-hidden="true">
              {number}
            </span>
            {text}
            {'\n'}
          </span>
        );
      })}
    </pre>
  );
}
