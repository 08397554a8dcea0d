/** Each panel's content, by id. */
import type { VNode } from 'preact';
import type { PanelId } from '../../protocol.js';
import type { PanelContext } from '../context.js';
import { useSlices } from '../hooks.js';
import { PlayerPanel } from '../player-panel.js';
import { ApiLogPanel } from './api-log.js';
import { ArtifactsPanel } from './artifacts.js';
import { ConsolePanel } from './console.js';
import { DataModelPanel } from './data-model.js';
import { FindingsPanel } from './findings.js';
import { NetworkPanel } from './network.js';
import { OutlinePanel } from './outline.js';
import { SequencingPanel } from './sequencing.js';

function PlayerSlot({ ctx }: { ctx: PanelContext }): VNode {
  useSlices(ctx.store, 'mirror', 'runtime');
  const { mirror, runtime } = ctx.store.state;
  return <PlayerPanel sessionId={ctx.sessionId} mirror={mirror} runtime={runtime} />;
}

export const PANELS: Record<PanelId, (props: { ctx: PanelContext }) => VNode> = {
  outline: OutlinePanel,
  player: PlayerSlot,
  api: ApiLogPanel,
  data_model: DataModelPanel,
  sequencing: SequencingPanel,
  findings: FindingsPanel,
  console: ConsolePanel,
  network: NetworkPanel,
  artifacts: ArtifactsPanel,
};
