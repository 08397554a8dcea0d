/** Which panels lead for each development mode, and the panels' names. No DOM here. */
import { LEADING_PANELS, PANEL_IDS, type DevelopmentMode, type PanelId } from '../protocol.js';

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

export interface PanelLayout {
  /** Always visible, side by side. */
  lead: PanelId[];
  /** Sharing a tab strip below the leading panels. */
  tabs: PanelId[];
}

/** The mode's leading panels (protocol's LEADING_PANELS), the others in PANEL_IDS order. */
export function panelLayout(mode: DevelopmentMode): PanelLayout {
  const lead = LEADING_PANELS[mode] ?? LEADING_PANELS.debug_api;
  return { lead, tabs: PANEL_IDS.filter((id) => !lead.includes(id)) };
}
