/** Which panels lead for each development mode, and the panels' names. No DOM here. */
import type { DevelopmentMode, PanelId } from '../protocol.js';

export const PANEL_TITLES: Record<PanelId, string> = {
  outline: 'Outline',
  player: 'Player',
  api: 'API calls',
  data_model: 'Data model',
  sequencing: 'Sequencing',
  findings: 'Findings',
  console: 'Console',
  network: 'Network',
  artifacts: 'Artifacts',
};

export const DEVELOPMENT_MODES: Record<DevelopmentMode, string> = {
  debug_api: 'Debug the API',
  validate_live: 'Validate live',
  sequence_test: 'Test sequencing',
  content_edit: 'Edit content',
};

/** Every panel, leading ones first. */
const ORDER: Record<DevelopmentMode, PanelId[]> = {
  debug_api: [
    'api',
    'data_model',
    'player',
    'sequencing',
    'outline',
    'findings',
    'console',
    'network',
    'artifacts',
  ],
  validate_live: [
    'findings',
    'player',
    'console',
    'network',
    'api',
    'data_model',
    'sequencing',
    'outline',
    'artifacts',
  ],
  sequence_test: [
    'outline',
    'sequencing',
    'player',
    'api',
    'data_model',
    'findings',
    'console',
    'network',
    'artifacts',
  ],
  content_edit: [
    'player',
    'findings',
    'console',
    'network',
    'outline',
    'sequencing',
    'api',
    'data_model',
    'artifacts',
  ],
};

/** How many panels are always visible; the others share a tab strip below them. */
export const LEAD_COUNT = 3;

export interface PanelLayout {
  lead: PanelId[];
  tabs: PanelId[];
}

export function panelLayout(mode: DevelopmentMode): PanelLayout {
  const order = ORDER[mode] ?? ORDER.debug_api;
  return { lead: order.slice(0, LEAD_COUNT), tabs: order.slice(LEAD_COUNT) };
}
