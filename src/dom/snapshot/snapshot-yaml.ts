/**
 * scorm_get_page_state's snapshot YAML: Playwright's accessibility snapshot of the SCO frame (nested
 * frames included) for the page's structure, with our refs on the controls it pairs with our page read
 * (pair.ts), our refs on its headings (pair-headings.ts), and no ref elsewhere, so every ref an agent sees resolves the same way.
 */
import { quoted } from '../../core/course-text.js';
import type { Frame } from 'playwright-core';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { boundedPageCall } from '../bounded.js';
import {
  controlNodes,
  refPrefix,
  renderSnapshotYaml,
  takeAriaSnapshot,
  walkNodes,
  type AriaNode,
  type FlatNode,
} from './aria.js';
import { pairHeadings } from './pair-headings.js';
import { pairNodes } from './pair.js';
import type { PageRead } from './read-page.js';

/** Above this many elements in the frames read, Playwright's snapshot takes seconds (measured: 50,000 took 6-25 s). */
export const MAX_SNAPSHOT_ELEMENTS = 20_000;

export async function snapshotYaml(
  runtime: CourseRuntime,
  read: PageRead,
  maxChars: number,
  timeoutMs: number,
): Promise<{ yaml: string; truncated: boolean; note: string | null }> {
  const top = read.frames[0];
  if (!top) return { yaml: '', truncated: false, note: null };
  const elements = read.frames.reduce((n, f) => n + (f.scan?.elementCount ?? 0), 0);
  if (elements > MAX_SNAPSHOT_ELEMENTS) {
    return {
      yaml: '',
      truncated: true,
      note:
        `The SCO frames hold ${elements} elements: more than the ${MAX_SNAPSHOT_ELEMENTS} an accessibility snapshot is ` +
        'taken of (it would take many seconds); interactive_elements lists the controls.',
    };
  }
  let roots: AriaNode[] | null;
  try {
    roots = await boundedPageCall(runtime, top.frame.frame, 'the accessibility snapshot', timeoutMs, () =>
      takeAriaSnapshot(top.frame.frame, timeoutMs + 2_000),
    );
  } catch (err) {
    const why = err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err);
    return { yaml: '', truncated: true, note: `The accessibility snapshot failed (${quoted(why)}).` };
  }
  if (!roots) {
    return {
      yaml: '',
      truncated: true,
      note: 'No accessibility snapshot: the SCO document has no body yet (still loading? call again).',
    };
  }
  const ours = new Map<AriaNode, string>();
  const topPrefix = firstPrefix(roots);
  const owners = new Map<string, Promise<Frame | null>>();
  const frameOf = async (prefix: string, ref: string): Promise<PageRead['frames'][number] | undefined> => {
    if (!owners.has(prefix)) {
      owners.set(
        prefix,
        prefix === topPrefix ? Promise.resolve(top.frame.frame) : frameOfSnapshotRef(runtime, ref),
      );
    }
    const owner = await owners.get(prefix);
    return read.frames.find((f) => f.frame.frame === owner);
  };
  for (const [prefix, nodes] of groupByPrefix(controlNodes(roots))) {
    const frame = await frameOf(prefix, nodes[0]?.node.ref ?? '');
    if (!frame) continue;
    for (const [node, control] of pairNodes(nodes, frame.controls)) {
      if (control.ref) ours.set(node.node, control.ref);
    }
  }
  for (const [prefix, nodes] of groupByPrefix(headingNodes(roots))) {
    const frame = await frameOf(prefix, nodes[0]?.node.ref ?? '');
    const pairs = pairHeadings(
      nodes.map((n) => n.node),
      frame?.scan?.headings ?? [],
    );
    for (const [node, ref] of pairs) ours.set(node, ref);
  }
  walkNodes(roots, (node) => {
    const ref = ours.get(node);
    if (ref) node.ref = ref;
    else delete node.ref;
  });
  return { ...renderSnapshotYaml(roots, maxChars), note: null };
}

function groupByPrefix(nodes: FlatNode[]): Map<string, FlatNode[]> {
  const byPrefix = new Map<string, FlatNode[]>();
  for (const n of nodes) {
    const list = byPrefix.get(n.prefix);
    if (list) list.push(n);
    else byPrefix.set(n.prefix, [n]);
  }
  return byPrefix;
}

/** The heading nodes with a ref, in document order. */
function headingNodes(roots: AriaNode[]): FlatNode[] {
  const out: FlatNode[] = [];
  walkNodes(roots, (node) => {
    if (node.role === 'heading' && node.ref) out.push({ node, prefix: refPrefix(node.ref), text: '' });
  });
  return out;
}

/** The snapshotted frame's own ref prefix: its first ref in document order (an iframe's node precedes its content). */
function firstPrefix(roots: AriaNode[]): string | null {
  let prefix: string | null = null;
  walkNodes(roots, (node) => {
    if (prefix === null && node.ref) prefix = refPrefix(node.ref);
  });
  return prefix;
}

/** The frame holding the element of a ref of Playwright's snapshot, or null. */
async function frameOfSnapshotRef(runtime: CourseRuntime, ref: string): Promise<Frame | null> {
  const handle = await runtime.actingPage
    .getByRef(ref)
    .elementHandle({ timeout: 1_000 })
    .catch(() => null);
  if (!handle) return null;
  const owner = await handle.ownerFrame().catch(() => null);
  await handle.dispose().catch(() => undefined);
  return owner;
}
