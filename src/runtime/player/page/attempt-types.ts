/** One attempt in the player: its engine, its facade and the record's shadow of its data. */
import type { PlayerLaunchConfig } from '../wire.js';
import type { PageEngine } from './engine.js';

export type ApiFunction = (...args: unknown[]) => unknown;

export interface Attempt {
  cfg: PlayerLaunchConfig;
  engine: PageEngine;
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
