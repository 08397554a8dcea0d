/** The course outline: the organization's items with their live status; the current one marked. */
import type { VNode } from 'preact';
import type { OutlineNode } from '../../protocol.js';
import type { PanelContext } from '../context.js';
import { useSlices } from '../hooks.js';

export function OutlinePanel({ ctx }: { ctx: PanelContext }): VNode {
  useSlices(ctx.store, 'outline', 'sequencing');
  const { outline, sequencing } = ctx.store.state;
  const choosable = new Set(sequencing.choice_targets.map((t) => t.id));
  if (outline.length === 0) return <p class="panel-body empty">No items.</p>;
  return (
    <div class="panel-body outline">
      <OutlineList nodes={outline} choosable={choosable} ctx={ctx} />
    </div>
  );
}

function OutlineList(props: { nodes: OutlineNode[]; choosable: Set<string>; ctx: PanelContext }): VNode {
  return (
    <ul>
      {props.nodes.map((node) => (
        <li
          key={node.id}
          class={node.is_current ? 'current' : ''}
          aria-current={node.is_current ? 'step' : undefined}
        >
          {props.choosable.has(node.id) ? (
            <button
              type="button"
              class="link"
              disabled={props.ctx.busy}
              onClick={() =>
                void props.ctx.act(
                  { action: 'nav', request: 'choice', target: node.id },
                  `Choose ${node.title}`,
                )
              }
            >
              {node.title}
            </button>
          ) : (
            <span>{node.title}</span>
          )}
          {node.is_current ? <span class="badge current-badge">current</span> : null}
          <Status node={node} />
          {node.children.length > 0 ? (
            <OutlineList nodes={node.children} choosable={props.choosable} ctx={props.ctx} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Status({ node }: { node: OutlineNode }): VNode | null {
  const s = node.status;
  if (!s) return null;
  const parts = [s.completion, s.success].filter((p): p is string => p !== null && p !== 'unknown');
  if (parts.length === 0) parts.push(s.attempted ? 'attempted' : 'not attempted');
  return <span class="status">{parts.join(', ')}</span>;
}
