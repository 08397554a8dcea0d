/** What a recognised player's page script is handed from the course's own files (read by Node, never run). */
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import type { ScoFrame } from '../frames.js';
import { ispringDeck } from './ispring-deck.js';
import type { RecognisedName } from './recognise.js';
import type { PlayerHints } from './types.js';

export async function playerHints(
  runtime: CourseRuntime,
  frame: ScoFrame,
  player: RecognisedName,
): Promise<PlayerHints | undefined> {
  if (player !== 'ispring' || frame.frame.isDetached()) return undefined;
  const deck = await ispringDeck(runtime, frame.frame.url());
  return deck ? { ispringDeck: deck } : undefined;
}
