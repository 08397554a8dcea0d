/** One attempt in the player: a scorm-again instance, its facade and the record's shadow of its data. */
import type { PlayerLaunchConfig } from '../wire.js';

/** The parts of scorm-again's API objects the player uses (internals included: the page pins the version). */
export interface Engine {
  _errorHandlingService?: { _lastErrorCode: string; _lastDiagnostic: string };
  lastErrorCode?: unknown;
  getLmsErrorMessageDetails(code: string, detail: boolean): string;
  getCMIValue(element: string): unknown;
  renderCMIToJSONObject(): Record<string, unknown>;
  loadFromFlattenedJSON(values: Record<string, string>): void;
  cmi: { core?: { getCurrentTotalTime?: () => string; _total_time?: string; total_time?: unknown } };
  adl?: { nav?: { request?: unknown } };
}
export type EngineCtor = new (settings: PlayerLaunchConfig['settings']) => Engine;
export type ApiFunction = (...args: unknown[]) => unknown;

export interface Attempt {
  cfg: PlayerLaunchConfig;
  api: Engine;
  facade: Readonly<Record<string, ApiFunction>>;
  /** Last value the record shows per element (null prototype). */
  shadow: Record<string, string>;
  nav: PlayerLaunchConfig['nav'];
  pendingNav: string;
  state: 'none' | 'initialized' | 'terminated';
  attempt: number;
  noError: [string, string];
  /** When the record was last compared with the engine (ms since epoch). */
  checkedAt: number;
}
