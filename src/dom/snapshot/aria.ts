/**
 * Playwright's accessibility snapshot of the SCO (mode "ai"), the structure behind scorm_get_page_state's
 * YAML: roles, accessible names, states and Playwright's own refs ("f1e7"), which only say which frame a
 * node is in and are replaced by ours before an agent sees them (snapshot-yaml.ts). One snapshot of the
 * SCO frame's body covers the frames nested in it; each frame's refs carry its own "fN" prefix.
 */
import type { Frame } from 'playwright-core';

/** A node of `ariaSnapshotJSON({ mode: 'ai' })`, as far as we read it. */
export interface AriaNode {
  role: string;
  name?: string;
  ref?: string;
  text?: string;
  children?: Array<AriaNode | string>;
  cursor?: string;
  checked?: boolean | 'mixed';
  disabled?: boolean;
  expanded?: boolean;
  pressed?: boolean | 'mixed';
  selected?: boolean;
  active?: boolean;
  level?: number;
  url?: string;
  placeholder?: string;
  [prop: string]: unknown;
}

/** Roles a learner acts on. */
export const CONTROL_ROLES = new Set([
  'button',
  'link',
  'checkbox',
  'radio',
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'tab',
  'switch',
  'slider',
  'spinbutton',
  'treeitem',
]);

export interface FlatNode {
  node: AriaNode;
  /** The ref's frame prefix: "f1" for "f1e7". */
  prefix: string;
  /** Text of the node's string children, for nodes without a name. */
  text: string;
}

/**
 * The snapshot of the frame's body, without element boxes (they cost about a third of its time). A frameset
 * page (Lectora's a001index.html) has a `frameset` where a body would be: its frames are snapshotted through it.
 * Null when the document has neither (not yet parsed, or not HTML).
 */
export async function takeAriaSnapshot(frame: Frame, timeoutMs: number): Promise<AriaNode[] | null> {
  const root = frame.locator(':root > body, :root > frameset').first();
  if ((await root.count()) === 0) return null;
  const json = await root.ariaSnapshotJSON({ mode: 'ai', timeout: timeoutMs });
  return Array.isArray(json) ? (json as unknown as AriaNode[]) : [json as unknown as AriaNode];
}

export function refPrefix(ref: string): string {
  const e = ref.indexOf('e');
  return e > 0 ? ref.slice(0, e) : '';
}

/**
 * The nodes an agent can act on, in document order: controls with a ref, and elements Playwright marks
 * clickable (cursor: pointer) that are not inside a control already listed (non-semantic "NEXT" divs).
 */
export function controlNodes(roots: AriaNode[]): FlatNode[] {
  const out: FlatNode[] = [];
  const visit = (node: AriaNode, insideControl: boolean): void => {
    const isControl = CONTROL_ROLES.has(node.role);
    const clickable = !isControl && !insideControl && node.cursor === 'pointer' && node.role !== 'iframe';
    if (node.ref && (isControl || clickable)) {
      const text = ownText(node);
      if (isControl || text || node.name) out.push({ node, prefix: refPrefix(node.ref), text });
    }
    for (const child of node.children ?? []) {
      if (typeof child !== 'string') visit(child, insideControl || isControl || clickable);
    }
  };
  for (const root of roots) visit(root, false);
  return out;
}

function ownText(node: AriaNode): string {
  if (typeof node.text === 'string') return node.text;
  return (node.children ?? [])
    .filter((c): c is string => typeof c === 'string')
    .join(' ')
    .trim();
}

export function walkNodes(roots: AriaNode[], fn: (node: AriaNode) => void): void {
  const visit = (node: AriaNode): void => {
    fn(node);
    for (const c of node.children ?? []) if (typeof c !== 'string') visit(c);
  };
  for (const r of roots) visit(r);
}

const STATE_KEYS = ['checked', 'disabled', 'expanded', 'pressed', 'selected', 'active', 'level'] as const;

/**
 * The snapshot as YAML in Playwright's "ai" notation (`- button "Next" [disabled] [ref=f1e7]`), without
 * boxes, clipped to `maxChars` at a line boundary.
 */
export function renderSnapshotYaml(
  roots: AriaNode[],
  maxChars: number,
): { yaml: string; truncated: boolean } {
  const lines: string[] = [];
  let size = 0;
  let truncated = false;
  const push = (line: string): boolean => {
    if (size + line.length + 1 > maxChars) {
      truncated = true;
      return false;
    }
    lines.push(line);
    size += line.length + 1;
    return true;
  };
  const visit = (node: AriaNode | string, indent: string): boolean => {
    if (typeof node === 'string') return push(`${indent}- text: ${quoteIfNeeded(node)}`);
    if (isEmpty(node)) return true;
    if (isBareWrapper(node)) {
      const only = withoutNamesRepeated(node.children ?? [])[0];
      return only === undefined ? true : visit(only, indent);
    }
    let head = `${indent}- ${node.role}`;
    if (node.name) head += ` ${JSON.stringify(node.name)}`;
    for (const key of STATE_KEYS) {
      const v = node[key];
      if (v === true) head += ` [${key}]`;
      else if (v !== undefined && v !== false) head += ` [${key}=${String(v)}]`;
    }
    if (node.ref) head += ` [ref=${node.ref}]`;
    // A pointer cursor says "clickable" only of an element whose role does not say so already.
    if (node.cursor === 'pointer' && !CONTROL_ROLES.has(node.role)) head += ' [cursor=pointer]';
    const kids = withoutNamesRepeated(node.children ?? []);
    const props: string[] = [];
    if (node.url) props.push(`${indent}  - /url: ${quoteIfNeeded(node.url)}`);
    if (node.placeholder) props.push(`${indent}  - /placeholder: ${quoteIfNeeded(node.placeholder)}`);
    if (kids.length === 0 && props.length === 0) {
      return push(node.text ? `${head}: ${quoteIfNeeded(node.text)}` : head);
    }
    if (!push(`${head}:`)) return false;
    for (const p of props) if (!push(p)) return false;
    if (node.text && !push(`${indent}  - text: ${quoteIfNeeded(node.text)}`)) return false;
    for (const child of kids) if (!visit(child, `${indent}  `)) return false;
    return true;
  };
  for (const root of pageLevel(roots)) if (!visit(root, '')) break;
  return { yaml: lines.join('\n'), truncated };
}

/**
 * A `generic` with nothing of its own (no name, ref, state, text, pointer) around at most one node: the
 * nested divs of authoring tools (Storyline draws each text as five of them) say nothing a model can use,
 * and were the biggest part of a snapshot. Wrappers of several nodes stay: they group what they hold.
 */
function isBareWrapper(node: AriaNode): boolean {
  return saysNothingOfItsOwn(node) && withoutNamesRepeated(node.children ?? []).length <= 1;
}

/** An empty paragraph or div (a feedback line not yet filled): a line that tells nothing. */
function isEmpty(node: AriaNode): boolean {
  return (
    (node.role === 'generic' || node.role === 'paragraph') &&
    saysNothingOfItsOwn({ ...node, role: 'generic' }) &&
    withoutNamesRepeated(node.children ?? []).length === 0
  );
}

/** The nodes at the top of the YAML: a lone bare root groups the whole page, which says nothing. */
function pageLevel(roots: AriaNode[]): Array<AriaNode | string> {
  const [only] = roots;
  return roots.length === 1 && only && saysNothingOfItsOwn(only) ? (only.children ?? []) : roots;
}

function saysNothingOfItsOwn(node: AriaNode): boolean {
  if (node.role !== 'generic' || node.name || node.ref || node.text || node.cursor === 'pointer')
    return false;
  return (
    !node.url && !node.placeholder && !STATE_KEYS.some((k) => node[k] !== undefined && node[k] !== false)
  );
}

/** A label's text beside the control it names (`radio "Rain"` and the text `Rain`) is said once, in the name. */
function withoutNamesRepeated(children: Array<AriaNode | string>): Array<AriaNode | string> {
  const names = new Set(children.flatMap((c) => (typeof c !== 'string' && c.name ? [c.name.trim()] : [])));
  if (names.size === 0) return children;
  return children.filter((c) => typeof c !== 'string' || !names.has(c.trim()));
}

function quoteIfNeeded(text: string): string {
  return /^[\w .,!?()'/-]*$/.test(text) && text.trim() === text ? text : JSON.stringify(text);
}
