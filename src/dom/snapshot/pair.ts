/**
 * Pairs the nodes of Playwright's accessibility snapshot (page_state's YAML) with the controls of our own
 * page read, so the YAML shows our refs. Both lists are in document order: each node takes the next
 * control whose role, checked state and link target agree with it, preferring one whose name sources
 * (text, labels, aria-label) give the node's accessible name. A node left unpaired shows no ref.
 */
import { CONTROL_ROLES, type FlatNode } from './aria.js';
import type { ScanCandidate } from './page/types.js';

/** How many candidates ahead a node looks for its own (past candidates the snapshot does not list). */
const WINDOW = 24;
/** Characters of a name compared (texts are clipped in the page). */
const NAME_PROBE = 60;

type Fit = 'exact' | 'partial' | 'unknown' | 'none';

/** Each node's control, for the nodes that found one. */
export function pairNodes(nodes: FlatNode[], candidates: ScanCandidate[]): Map<FlatNode, ScanCandidate> {
  // Playwright lists only rendered elements that receive pointer events.
  const listable = candidates.filter((c) => c.rendered && c.pointerEvents);
  const pairs = new Map<FlatNode, ScanCandidate>();
  let front = 0;
  for (const node of nodes) {
    const at = pick(node, listable, front);
    if (at < 0) continue;
    pairs.set(node, listable[at] as ScanCandidate);
    front = at + 1;
  }
  return pairs;
}

/** Index of the node's candidate from `front` on, or -1. */
function pick(node: FlatNode, listable: ScanCandidate[], front: number): number {
  const end = Math.min(listable.length, front + WINDOW);
  let partial = -1;
  for (let i = front; i < end; i++) {
    const f = fit(node, listable[i] as ScanCandidate);
    if (f === 'exact') return i;
    // Without a name to go by, only the very next candidate is taken: skipping ahead could take another's.
    if (f === 'unknown' && i === front) return i;
    if (f === 'partial' && partial < 0) partial = i;
  }
  return partial;
}

function fit(flat: FlatNode, c: ScanCandidate): Fit {
  const { node } = flat;
  if (!rolesAgree(node.role, c.ariaRole)) return 'none';
  if (c.checked !== null && CHECKABLE.has(node.role) && (node.checked ?? false) !== c.checked) {
    return 'none';
  }
  if (node.url !== undefined && c.href !== null && !c.href.startsWith('data:') && node.url !== c.href) {
    return 'none';
  }
  const name = normalize(node.name || flat.text);
  const sources = [c.label, c.labelledBy, c.text].map(normalize).filter((s) => s.length > 0);
  if (!name || sources.length === 0) return 'unknown';
  if (sources.some((s) => s === name)) return 'exact';
  const probe = name.slice(0, NAME_PROBE);
  return sources.some((s) => s.includes(probe) || name.includes(s)) ? 'partial' : 'none';
}

const CHECKABLE = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);

/** Control roles must be equal; a clickable non-control node (a generic div) takes a candidate without one. */
function rolesAgree(nodeRole: string, candidateRole: string | null): boolean {
  if (nodeRole === candidateRole) return true;
  const candidateIsControl = candidateRole !== null && CONTROL_ROLES.has(candidateRole);
  return !CONTROL_ROLES.has(nodeRole) && !candidateIsControl;
}

function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}
