/** Detection over every SCO frame: each frame's signatures, the recognised player and where it lives. */
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { scoFrames, type ScoFrame } from '../frames.js';
import { capData, failApart } from './course-text-apart.js';
import { runProbe } from './probe-runner.js';
import { recognise, type Recognition } from './recognise.js';
import type { FrameFacts } from './types.js';

export interface Detection {
  frames: ScoFrame[];
  facts: Array<FrameFacts | null>;
  recognition: Recognition;
  /** The frame the recognised player (or the content) lives in. */
  frame: ScoFrame;
  frameFacts: FrameFacts;
  /** Frames that could not be read, and why. */
  notes: string[];
}

/** PAGE_CONTEXT_ERROR when no frame of the SCO can be read at all. */
export async function detectPlayer(runtime: CourseRuntime): Promise<Detection> {
  const frames = await scoFrames(runtime);
  const facts: Array<FrameFacts | null> = [];
  const notes: string[] = [];
  for (const frame of frames) {
    const outcome = await runProbe<FrameFacts>(runtime, frame, { op: 'detect' });
    facts.push(outcome.ok ? outcome.value : null);
    if (!outcome.ok) notes.push(outcome.error);
  }
  const recognition = recognise(facts);
  const index = recognition.frameIndex;
  const frame = index === null ? undefined : frames[index];
  const frameFacts = index === null ? null : facts[index];
  if (!frame || !frameFacts) {
    failApart(
      'PAGE_CONTEXT_ERROR',
      `No frame of the SCO could be read: ${notes.join('; ') || 'the SCO has no frame'}. ` +
        'Check scorm_get_console_errors; if the course is stuck, close and reopen the runtime.',
      { frames: frames.map((f) => capData(f.label)), notes },
    );
  }
  return { frames, facts, recognition, frame, frameFacts, notes };
}

/** How results show the recognised player (the recognition's reason is a sentence: `message`). */
export function playerView(d: Detection): Record<string, unknown> {
  return {
    name: d.recognition.player,
    confidence: d.recognition.confidence,
    evidence: d.recognition.evidence,
    ...(d.recognition.reason ? { message: d.recognition.reason } : {}),
  };
}
