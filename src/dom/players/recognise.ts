/** Which player a set of frames shows, from the signatures the page script found: pure, unit-tested. */
import { quoted } from '../../core/course-text.js';
import type { Evidence, FrameFacts, PlayerName } from './types.js';

/** A player counts as recognised from this confidence on. */
export const RECOGNISED = 0.5;

export type RecognisedName = PlayerName | 'generic' | 'unknown';

export interface Recognition {
  player: RecognisedName;
  confidence: number;
  evidence: string[];
  /** Index in the frames given; null when no frame could be read. */
  frameIndex: number | null;
  /** Why the player is generic or unknown, and weaker candidates. */
  reason?: string;
}

/** Independent signals combined: 1 - Π(1 - weight), two decimals, never 1. */
export function confidence(evidence: readonly Evidence[]): number {
  let miss = 1;
  for (const e of evidence) miss *= 1 - Math.min(0.99, Math.max(0, e.weight));
  return Math.min(0.99, Math.round((1 - miss) * 100) / 100);
}

export function recognise(frames: ReadonlyArray<FrameFacts | null>): Recognition {
  let best: Recognition | null = null;
  const weak: string[] = [];
  frames.forEach((facts, frameIndex) => {
    if (!facts) return;
    for (const [name, evidence] of Object.entries(facts.players) as Array<[PlayerName, Evidence[]]>) {
      const score = confidence(evidence);
      if (score < RECOGNISED) {
        weak.push(`${name} ${score} (${evidence.map((e) => e.signal).join(', ')})`);
        continue;
      }
      // Our template's API is the most reliable source wherever it is; otherwise the strongest signature wins.
      const rank = (r: Recognition): number => (r.player === 'automation_api' ? 2 : 0) + r.confidence;
      const candidate: Recognition = {
        player: name,
        confidence: score,
        evidence: evidence.map((e) => e.signal),
        frameIndex,
      };
      if (!best || rank(candidate) > rank(best)) best = candidate;
    }
  });
  if (best) return best;
  const weakNote = weak.length > 0 ? ` Weaker signatures: ${weak.join('; ')}.` : '';
  const genericIndex = frames.findIndex((f) => f !== null && hasGenericIndicators(f));
  if (genericIndex >= 0) {
    const g = (frames[genericIndex] as FrameFacts).generic;
    const evidence = [
      g.indicator ? `indicator text ${quoted(g.indicator.text)}` : null,
      g.slides ? g.slides.source : null,
      g.progress ? `progress from ${g.progress.source}` : null,
    ].filter((x): x is string => x !== null);
    return {
      player: 'generic',
      confidence: 0.5,
      evidence,
      frameIndex: genericIndex,
      reason: `No authoring-tool player recognised; slide indicators read from the page.${weakNote}`,
    };
  }
  const readable = frames.filter((f) => f !== null).length;
  return {
    player: 'unknown',
    confidence: 0,
    evidence: [],
    frameIndex: readable > 0 ? contentFrameIndex(frames) : null,
    reason:
      readable > 0
        ? `No player signature and no slide indicator ("3 / 10", aria-current, progress bar, [data-slide]) in ${readable} frame(s).${weakNote}`
        : 'No frame of the SCO could be read.',
  };
}

function hasGenericIndicators(f: FrameFacts): boolean {
  return f.generic.indicator !== null || f.generic.slides !== null || f.generic.progress !== null;
}

/** Without a player, the frame that shows the content: the deepest one with a heading, else the SCO frame. */
function contentFrameIndex(frames: ReadonlyArray<FrameFacts | null>): number {
  for (let i = frames.length - 1; i >= 0; i--) if (frames[i]?.generic.heading) return i;
  return frames.findIndex((f) => f !== null);
}
