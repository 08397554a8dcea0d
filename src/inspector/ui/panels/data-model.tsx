/** The data model: each element the course or a tool changed, its current value, and its history. */
import type { VNode } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import type { DataChange } from '../../../runtime/records.js';
import type { PanelContext } from '../context.js';
import { formatTime } from '../format.js';
import { useSlices } from '../hooks.js';
import { VirtualList } from '../virtual-list.js';

export function DataModelPanel({ ctx }: { ctx: PanelContext }): VNode {
  const revision = useSlices(ctx.store, 'changes');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const { elements, history } = ctx.store.state;
  const shown = useMemo(() => {
    const q = query.toLowerCase();
    return elements.filter((e) => e.toLowerCase().includes(q)).sort(compareElements);
  }, [elements, query, revision]);
  const selected = chosen === null ? null : shown.indexOf(chosen);
  const changes = chosen === null ? undefined : history.get(chosen);

  return (
    <div class="panel-body data-model">
      <div class="toolbar">
        <label>
          Element{' '}
          <input
            type="search"
            placeholder="cmi.interactions"
            value={query}
            onInput={(e) => setQuery(e.currentTarget.value)}
          />
        </label>
        <span class="count">{`${shown.length} elements`}</span>
      </div>
      <VirtualList
        label="Data model elements"
        count={shown.length}
        columns="cols-dm"
        empty="No data model element has changed yet."
        follow={false}
        selected={selected === -1 ? null : selected}
        onSelect={(position) => setChosen(shown[position] ?? null)}
        header={
          <>
            <span role="columnheader">Element</span>
            <span role="columnheader">Value</span>
            <span role="columnheader" aria-label="Number of changes">
              #
            </span>
          </>
        }
        renderRow={(position) => {
          const element = shown[position]!;
          const list = history.get(element) ?? [];
          const value = list[list.length - 1]?.newValue ?? '';
          return (
            <>
              <span role="gridcell" class="element" title={element}>
                {element}
              </span>
              <span role="gridcell" title={value}>
                {value}
              </span>
              <span role="gridcell" class="num">
                {list.length}
              </span>
            </>
          );
        }}
      />
      {chosen !== null && changes ? <ElementHistory element={chosen} changes={changes} /> : null}
    </div>
  );
}

function ElementHistory({ element, changes }: { element: string; changes: DataChange[] }): VNode {
  return (
    <section class="history" aria-label={`History of ${element}`}>
      <h3>History of {element}</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
            <th scope="col">By</th>
            <th scope="col">SCO (attempt)</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c, i) => (
            <tr key={i}>
              <td class="time">{formatTime(c.timestamp)}</td>
              <td>
                {c.previousValue === null ? (
                  <em>unset</em>
                ) : (
                  shorten(c.previousValue, c.previousValueTruncated)
                )}
              </td>
              <td>{shorten(c.newValue, c.newValueTruncated)}</td>
              <td>{c.source === 'internal' ? 'the LMS' : 'SetValue'}</td>
              <td>
                {c.scoId} ({c.attempt})
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function shorten(value: string, truncated: boolean): string {
  return truncated ? `${value}…` : value;
}

/** cmi.interactions.2.id before cmi.interactions.10.id. */
function compareElements(a: string, b: string): number {
  return a.localeCompare(b, undefined, { numeric: true });
}
