/** The console of the player and the SCO: messages and uncaught errors. */
import type { VNode } from 'preact';
import { useState } from 'preact/hooks';
import type { PanelContext } from '../context.js';
import { formatTime } from '../format.js';
import { useSlices } from '../hooks.js';
import { VirtualList } from '../virtual-list.js';

export function ConsolePanel({ ctx }: { ctx: PanelContext }): VNode {
  useSlices(ctx.store, 'console');
  const [selected, setSelected] = useState<number | null>(null);
  const entries = ctx.store.state.console;
  const chosen = selected === null ? undefined : entries[selected];
  return (
    <div class="panel-body console">
      <VirtualList
        label="Console"
        count={entries.length}
        columns="cols-console"
        empty="No console messages."
        follow={true}
        selected={selected}
        onSelect={setSelected}
        header={
          <>
            <span role="columnheader">Time</span>
            <span role="columnheader">From</span>
            <span role="columnheader">Type</span>
            <span role="columnheader">Message</span>
            <span role="columnheader">Where</span>
          </>
        }
        renderRow={(position) => {
          const e = entries[position]!;
          const where = e.url ? `${e.url}${e.line !== null ? `:${e.line}` : ''}` : '';
          const type = e.source === 'pageerror' ? 'uncaught' : e.type;
          return (
            <>
              <span role="gridcell" class="time">
                {formatTime(e.timestamp)}
              </span>
              <span role="gridcell">{e.origin}</span>
              <span role="gridcell" class={type === 'error' || type === 'uncaught' ? 'error' : ''}>
                {type}
              </span>
              <span role="gridcell" title={e.text}>
                {e.text}
              </span>
              <span role="gridcell" title={where}>
                {where}
              </span>
            </>
          );
        }}
      />
      {chosen ? (
        <pre class="details" aria-label="Console message">
          {chosen.text}
          {chosen.stack ? `\n${chosen.stack}` : ''}
        </pre>
      ) : null}
    </div>
  );
}
