import type { LaunchChain } from '../../src/lint/launch-chain/chain.js';

/** A SCO whose launch page loads `scripts` (in that order) at start, as the launch-chain walk reports it. */
export function launchChainOf(resource: string, launch: string, scripts: readonly string[]): LaunchChain {
  return {
    launch: { file: launch, resource, items: [`item_${resource}`] },
    files: [launch, ...scripts].map((file, i) => ({
      file,
      via: i === 0 ? null : `${launch} <script src>`,
      depth: i === 0 ? 0 : 1,
      atStart: true,
    })),
    missing: [],
    truncated: null,
    notFollowed: [],
    scripts: scripts.length,
    initializeHints: [],
  };
}
