/**
 * Gives each failing element of an audit its snapshot ref: the node of Playwright's accessibility snapshot
 * (the one the DOM tools act on) drawn in the same box in the same frame, the innermost when several are.
 * Elements the snapshot does not list (hidden, presentational) keep no ref.
 */
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { scoFrames } from '../frames.js';
import { refPrefix, takeAriaSnapshot, walkNodes, type FlatNode } from '../snapshot/aria.js';
import { assignNodesToFrames, ownPrefix } from '../snapshot/read-page.js';
import type { A11yAudit, A11yNode } from './audit.js';

const SNAPSHOT_TIMEOUT_MS = 5_000;

/** Adds `ref` to the audit's nodes where one is found; returns a note when the snapshot could not be read. */
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
  const frames = await scoFrames(runtime);
  const root = frames[0];
  if (!root) return null;
  let roots;
  try {
    roots = await takeAriaSnapshot(root.frame, SNAPSHOT_TIMEOUT_MS, { boxes: true });
  } catch {
    return 'Refs were left out: the accessibility snapshot did not finish in time.';
  }
  const flat: FlatNode[] = [];
  walkNodes(roots, (node) => {
    if (node.ref && node.box) flat.push({ node, prefix: refPrefix(node.ref), text: '' });
  });
  const perFrame = await assignNodesToFrames(runtime, flat, frames, ownPrefix(roots));
  for (const [frame, nodes] of perFrame) {
    const failing = byFrame.get(frame.label);
    if (!failing) continue;
    const boxes = await frame.frame
      .evaluate(
        (selectors) =>
          selectors.map((selector) => {
            try {
              const r = document.querySelector(selector)?.getBoundingClientRect();
              return r ? [r.x, r.y, r.width, r.height].map((v) => Math.round(v)).join(',') : null;
            } catch {
              return null;
            }
          }),
        failing.map((n) => n.selector),
      )
      .catch(() => [] as Array<string | null>);
    failing.forEach((node, i) => {
      const key = boxes[i];
      if (!key) return;
      // Pre-order: the last node drawn in this box is the innermost one.
      const hit = nodes.filter((n) => boxKey(n) === key).pop();
      if (hit?.node.ref) node.ref = hit.node.ref;
    });
  }
  return null;
}

function boxKey(n: FlatNode): string {
  const b = n.node.box;
  return b ? [b.x, b.y, b.width, b.height].map((v) => Math.round(v)).join(',') : '';
}
