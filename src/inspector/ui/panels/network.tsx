/** Requests of the player and the course; the blocked ones with the reason they were refused. */
import type { VNode } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import type { BlockedRequest, NetworkEntry } from '../../../runtime/records.js';
import type { PanelContext } from '../context.js';
import { formatTime } from '../format.js';
import { useSlices } from '../hooks.js';
import { VirtualList } from '../virtual-list.js';

/** A request as listed: from the request log, or a blocked request the log does not hold. */
interface NetworkRow {
  timestamp: number;
  method: string;
  url: string;
  resourceType: string;
  scope: string;
  status: string;
  blockedReason: string | null;
}

export function networkRows(requests: NetworkEntry[], blocked: BlockedRequest[]): NetworkRow[] {
  const reasons = new Map<string, BlockedRequest[]>();
  for (const b of blocked) reasons.set(b.url, [...(reasons.get(b.url) ?? []), b]);
  const rows: NetworkRow[] = requests.map((r) => {
    const reason = r.blocked ? (reasons.get(r.url)?.shift()?.reason ?? 'blocked') : null;
    return {
      timestamp: r.timestamp,
      method: r.method,
      url: r.url,
      resourceType: r.resourceType,
      scope: r.scope,
      status: r.error ?? (r.statusCode !== undefined ? String(r.statusCode) : '…'),
      blockedReason: reason,
    };
  });
  for (const left of reasons.values()) {
    for (const b of left) {
      rows.push({
        timestamp: b.timestamp,
        method: b.method,
        url: b.url,
        resourceType: b.resourceType,
        scope: '',
        status: 'blocked',
        blockedReason: b.reason,
      });
    }
  }
  return rows.sort((a, b) => a.timestamp - b.timestamp);
}

export function NetworkPanel({ ctx }: { ctx: PanelContext }): VNode {
  const revision = useSlices(ctx.store, 'network');
  const [selected, setSelected] = useState<number | null>(null);
  const { network, blocked } = ctx.store.state;
  const rows = useMemo(() => networkRows(network, blocked), [network, blocked, revision]);
  const blockedCount = rows.filter((r) => r.blockedReason !== null).length;
  return (
    <div class="panel-body network">
      <div class="toolbar">
        <span class="count">
          {rows.length} requests, {blockedCount} blocked
        </span>
      </div>
      <VirtualList
        label="Network requests"
        count={rows.length}
        columns="cols-network"
        empty="No requests yet."
        follow={true}
        selected={selected}
        onSelect={setSelected}
        header={
          <>
            <span role="columnheader">Time</span>
            <span role="columnheader">Method</span>
            <span role="columnheader">Status</span>
            <span role="columnheader">Type</span>
            <span role="columnheader">URL</span>
          </>
        }
        renderRow={(position) => {
          const r = rows[position]!;
          return (
            <>
              <span role="gridcell" class="time">
                {formatTime(r.timestamp)}
              </span>
              <span role="gridcell">{r.method}</span>
              <span role="gridcell" class={r.blockedReason ? 'error' : ''}>
                {r.blockedReason ? `blocked: ${r.blockedReason}` : r.status}
              </span>
              <span role="gridcell">{r.scope ? `${r.scope} ${r.resourceType}` : r.resourceType}</span>
              <span role="gridcell" title={r.url}>
                {r.url}
              </span>
            </>
          );
        }}
      />
    </div>
  );
}
