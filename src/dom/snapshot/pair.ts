/**
 * Pairs Playwright's snapshot nodes with the in-page pass's candidates, without boxes (which would cost
 * the snapshot a third of its time). Both lists are in document order: each node takes the next candidate
 * whose role, checked state and link target agree with it, preferring one whose name sources (text,
 * labels, aria-label) give the node's accessible name. Nodes this leaves unpaired (a clickable div the
 * pass does not list, a control in a shadow root, a role the pass guessed differently) are resolved
 * exactly from their refs afterwards (read-page.ts), which also corrects a pairing that took another
 * node's candidate.
 */
import { CONTROL_ROLES, type FlatNode } from './aria.js';
import type { ScanCandidate } from './page-scan.js';
import type { ScoFrame } from '../frames.js';

/** One control: the snapshot node and/or the in-page candidate it was paired with. */
export interface ReadControl {
  frame: ScoFrame;
  node: FlatNode | null;
  candidate: ScanCandidate | null;
  /** Selector of the element a node's ref resolves to, when no candidate is that element. */
  locatedSelector: string | null;
}

/** How many candidates ahead a node looks for its own (past candidates the snapshot does not list). */
const WINDOW = 24;
/** Characters of a name compared (texts are clipped in the page). */
const NAME_PROBE = 60;

type Fit = 'exact' | 'partial' | 'unknown' | 'none';

/**
 * Snapshot nodes with their candidates, then rendered candidates the snapshot does not list as controls
 * (kept without a ref); candidates that are not rendered are returned as hidden.
 */
export function match(
  frame: ScoFrame,
  nodes: FlatNode[],
  candidates: ScanCandidate[],
): { controls: ReadControl[]; hidden: ScanCandidate[] } {
  const hidden: ScanCandidate[] = [];
  // Playwright gives refs only to rendered elements that receive pointer events.
  const listable: ScanCandidate[] = [];
  for (const c of candidates) {
    if (!c.rendered) hidden.push(c);
    else if (c.pointerEvents) listable.push(c);
  }
  const paired = new Set<ScanCandidate>();
  const controls: ReadControl[] = [];
  let front = 0;
  for (const node of nodes) {
    const at = pick(node, listable, front);
    const candidate = at >= 0 ? (listable[at] as ScanCandidate) : null;
    if (candidate) {
      paired.add(candidate);
      front = at + 1;
    }
    controls.push({ frame, node, candidate, locatedSelector: null });
  }
  // Rendered candidates no node took (a tabindex div the snapshot calls generic, pointer-events: none).
  for (const candidate of candidates) {
    if (candidate.rendered && !paired.has(candidate)) {
      controls.push({ frame, node: null, candidate, locatedSelector: null });
    }
  }
  return { controls, hidden };
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
  if (c.checked !== null && CHECKABLE.has(node.role) && (node.checked === true) !== c.checked) {
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
