/**
 * Gives each element of an audit finding its ref: the same refs the DOM tools give (the element's ref in
 * its document's DOM-tools world, src/dom/snapshot/control-world.ts), so a finding's element can be
 * clicked, queried or read by it. Elements that are no longer in the page keep no ref.
 */
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { scoFrames } from '../frames.js';
import { ControlWorlds } from '../snapshot/control-world.js';
import type * as Controls from '../snapshot/page/controls.js';
import type { A11yAudit, A11yNode } from './audit.js';

const REFS_TIMEOUT_MS = 5_000;

/** Adds `ref` to the audit's nodes where one is found; returns a note when a frame could not be asked. */
export async function attachRefs(runtime: CourseRuntime, audit: A11yAudit): Promise<string | null> {
  const byFrame = new Map<string, A11yNode[]>();
  for (const finding of [...audit.violations, ...audit.incomplete]) {
    for (const node of finding.nodes) {
      const list = byFrame.get(node.frame) ?? [];
      list.push(node);
      byFrame.set(node.frame, list);
    }
  }
  if (byFrame.size === 0) return null;
  const worlds = ControlWorlds.of(runtime);
  let note: string | null = null;
  for (const frame of await scoFrames(runtime)) {
    const nodes = byFrame.get(frame.label);
    if (!nodes) continue;
    try {
      const refs = await worlds.call(
        frame.frame,
        'giving refs to the audit',
        REFS_TIMEOUT_MS,
        (selectors: string[]) =>
          selectors.map((s) =>
            (globalThis as unknown as { scormTesterControls: typeof Controls }).scormTesterControls.refFor(s),
          ),
        nodes.map((n) => n.selector),
      );
      nodes.forEach((node, i) => {
        const ref = refs[i];
        if (ref) node.ref = ref;
      });
    } catch {
      note = 'Refs were left out of some frames: their page did not answer in time.';
    }
  }
  return note;
}
