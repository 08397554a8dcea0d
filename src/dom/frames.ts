/**
 * The frames a DOM or automation tool acts in: the SCO's frame and every frame nested in it (authoring
 * tools often put the content in an inner iframe of a launch page). Never the player page itself.
 */
import type { Frame } from 'playwright-core';
import type { CourseRuntime } from '../runtime/course-runtime.js';
import { within } from '../core/within.js';
import { ControlWorlds } from './snapshot/control-world.js';
import { ID_AS_NAME_MAX } from './id-as-name.js';

export interface ScoFrame {
  frame: Frame;
  /** Where the frame sits, for results: "sco", "sco > iframe#content", "sco > iframe[name=main] > frame 2". */
  label: string;
  /** 0 for the SCO frame, 1 for a frame inside it, ... */
  depth: number;
}

/** The SCO frame first, then its descendants depth-first in document order. Detached frames are skipped. */
/** The label of the SCO's own document; its frames are labelled below it ("sco > iframe#content"). */
export const SCO_FRAME = 'sco';

export async function scoFrames(runtime: CourseRuntime): Promise<ScoFrame[]> {
  const root = await runtime.actingFrame();
  const out: ScoFrame[] = [];
  const visit = async (frame: Frame, label: string, depth: number): Promise<void> => {
    if (frame.isDetached()) return;
    out.push({ frame, label, depth });
    const children = frame.childFrames();
    for (let i = 0; i < children.length; i++) {
      const child = children[i] as Frame;
      await visit(child, `${label} > ${await frameTag(runtime, child, i + 1)}`, depth + 1);
    }
  };
  await visit(root, SCO_FRAME, 0);
  return out;
}

/**
 * "iframe#id", "iframe[name=x]" or "frame N" for a child frame, from its element when it can be read. The id
 * and name are read in Playwright's isolated world, the tag from the browser's DOM through the DevTools
 * protocol (the course can fake none of them); only the four tags a frame can have are taken.
 */
async function frameTag(runtime: CourseRuntime, frame: Frame, position: number): Promise<string> {
  const element = await frame.frameElement().catch(() => null);
  if (!element) return `frame ${position}`;
  try {
    const said = await within(
      ControlWorlds.of(runtime)
        .ownerTag(frame)
        .catch(() => null),
      TAG_READ_MS,
    );
    const tag = typeof said === 'string' && FRAME_TAGS.has(said) ? said : 'iframe';
    const id = await element.getAttribute('id').catch(() => null);
    if (id && id.length <= ID_AS_NAME_MAX) return `${tag}#${id}`;
    const name = await element.getAttribute('name').catch(() => null);
    return name && name.length <= ID_AS_NAME_MAX ? `${tag}[name=${name}]` : `frame ${position}`;
  } finally {
    await element.dispose().catch(() => undefined);
  }
}

/** How long the read of a frame's tag may take (a busy renderer delays it): past it the frame is an iframe. */
const TAG_READ_MS = 1_000;
const FRAME_TAGS = new Set(['iframe', 'frame', 'object', 'embed']);

/** The frame with this label (as reported in an earlier result), or undefined when it is gone. */
export async function findScoFrame(runtime: CourseRuntime, label: string): Promise<ScoFrame | undefined> {
  return (await scoFrames(runtime)).find((f) => f.label === label);
}
