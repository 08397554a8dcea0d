/** The API call log: every call, filterable, newest followed; the selected call's details below. */
import type { VNode } from 'preact';
import { useMemo, useRef, useState } from 'preact/hooks';
import { CANONICAL_METHODS, type ApiCallRecord } from '../../../runtime/records.js';
import type { PanelContext } from '../context.js';
import { filterCalls, isErrorCall, NO_FILTER, type CallFilter, type FilteredCalls } from '../filters.js';
import { formatArgs, formatTime, formatValue } from '../format.js';
import { useSlices } from '../hooks.js';
import { VirtualList } from '../virtual-list.js';

export function ApiLogPanel({ ctx }: { ctx: PanelContext }): VNode {
  const revision = useSlices(ctx.store, 'calls');
  const [filter, setFilter] = useState<CallFilter>(NO_FILTER);
  const [selected, setSelected] = useState<number | null>(null);
  const cache = useRef<FilteredCalls | undefined>(undefined);
  const calls = ctx.store.state.calls;
  const omitted = ctx.store.state.omitted?.api_calls ?? 0;
  const filtered = useMemo(() => {
    cache.current = filterCalls(calls, filter, cache.current);
    return cache.current;
  }, [calls, filter, revision]);
  const matches = filtered.matches;
  const update = (patch: Partial<CallFilter>): void => {
    setFilter({ ...filter, ...patch });
    setSelected(null);
  };
  const callAt = (position: number): ApiCallRecord => calls[matches[position]!]!;
  const chosen = selected !== null && selected < matches.length ? callAt(selected) : null;

  return (
    <div class="panel-body api-log">
      <div class="toolbar" role="group" aria-label="Filter the API calls">
        <label>
          Method{' '}
          <select value={filter.method} onChange={(e) => update({ method: e.currentTarget.value })}>
            <option value="">all</option>
            {CANONICAL_METHODS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
        <label>
          Element{' '}
          <input
            type="search"
            placeholder="cmi.score"
            value={filter.element}
            onInput={(e) => update({ element: e.currentTarget.value })}
          />
        </label>
        <label>
          <input
            type="checkbox"
            checked={filter.errorsOnly}
            onChange={(e) => update({ errorsOnly: e.currentTarget.checked })}
          />{' '}
          Errors only
        </label>
        {omitted ? <span class="meta">{omitted} older calls not shown</span> : null}
        <span class="count" aria-live="polite">
          {matches.length === calls.length
            ? `${calls.length} calls`
            : `${matches.length} of ${calls.length} calls`}
        </span>
      </div>
      <VirtualList
        label="API calls"
        count={matches.length}
        columns="cols-api"
        empty="No API calls yet."
        follow={true}
        selected={selected}
        onSelect={setSelected}
        header={
          <>
            <span role="columnheader">#</span>
            <span role="columnheader">Time</span>
            <span role="columnheader">Method</span>
            <span role="columnheader">Arguments</span>
            <span role="columnheader">Result</span>
            <span role="columnheader">Error</span>
            <span role="columnheader">Diagnostic</span>
          </>
        }
        renderRow={(position) => <CallCells call={callAt(position)} />}
      />
      {chosen ? <CallDetails call={chosen} /> : null}
    </div>
  );
}

function CallCells({ call }: { call: ApiCallRecord }): VNode {
  const args = formatArgs(call.args);
  const result = formatValue(call.result);
  const error = isErrorCall(call)
    ? `${call.errorCode} ${call.exception ?? call.errorString}`
    : call.errorCode;
  return (
    <>
      <span role="gridcell" class="num">
        {call.index}
      </span>
      <span role="gridcell" class="time">
        {formatTime(call.timestamp)}
      </span>
      <span role="gridcell" class={`method${call.source === 'tool' ? ' by-tool' : ''}`}>
        {call.method}
      </span>
      <span role="gridcell" title={args}>
        {args}
      </span>
      <span role="gridcell" title={result}>
        {result}
      </span>
      <span role="gridcell" class={isErrorCall(call) ? 'error' : ''} title={error}>
        {error}
      </span>
      <span role="gridcell" title={call.diagnostic}>
        {call.diagnostic}
      </span>
    </>
  );
}

function CallDetails({ call }: { call: ApiCallRecord }): VNode {
  return (
    <dl class="details" aria-label={`Call ${call.index}`}>
      <dt>Call</dt>
      <dd>
        #{call.index} {call.method}({formatArgs(call.args, Infinity)}) at {formatTime(call.timestamp)}, SCO{' '}
        {call.scoId || '—'}, attempt {call.attempt}, by {call.source === 'tool' ? 'a tool' : 'the SCO'}
      </dd>
      <dt>Result</dt>
      <dd>{formatValue(call.result, Infinity)}</dd>
      <dt>Error code</dt>
      <dd>{call.errorCode}</dd>
      <dt>Error string</dt>
      <dd>{call.errorString || '—'}</dd>
      <dt>Diagnostic</dt>
      <dd>{call.diagnostic || '—'}</dd>
      {call.exception ? (
        <>
          <dt>Engine exception</dt>
          <dd>{call.exception}</dd>
        </>
      ) : null}
    </dl>
  );
}
