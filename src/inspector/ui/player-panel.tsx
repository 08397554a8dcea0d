/**
 * Stub until the insp-mirror branch brings the live player view (it owns this file): shows what the
 * runtime is doing and the mirror's size.
 */
import type { VNode } from 'preact';
import type { MirrorFrame, RuntimeView } from '../protocol.js';

export function PlayerPanel(props: {
  sessionId: string;
  mirror: MirrorFrame | null;
  runtime: RuntimeView;
}): VNode {
  const { runtime, mirror } = props;
  return (
    <div class="panel-body player">
      <p>
        {runtime.open ? `Playing ${runtime.sco_id ?? 'a SCO'}` : 'The runtime is not open.'}
        {mirror ? ` (view ${mirror.seq})` : ''}
      </p>
    </div>
  );
}
