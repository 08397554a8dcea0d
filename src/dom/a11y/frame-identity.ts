/**
 * Which DevTools frame each Playwright frame is. Playwright does not expose its frames' DevTools ids, and
 * a frame's name and URL are the page's to change (window.name, history.replaceState) or to repeat
 * (sibling frames of one URL, about:blank, srcdoc), so frames are matched by where they sit: the same
 * parent, then attach order, which the browser's frame tree and Playwright both keep (a frame moved in the
 * document is detached and attached anew, last). Playwright reads the same connection in order, so when
 * the tree's answer arrives it has seen exactly the frames the answer lists, no fewer and no more, except
 * frames of another process: those are in Playwright's list but not in this target's tree, and are set
 * aside (only they get a DevTools session of their own) before the rest are matched by position.
 */
import type { Frame, Page } from 'playwright-core';

export interface CdpFrameTree {
  frame: { id: string };
  childFrames?: CdpFrameTree[];
}

/** Playwright's children of each frame, read at once (before anything is awaited) with the tree. */
function childrenNow(root: Frame): Map<Frame, Frame[]> {
  const out = new Map<Frame, Frame[]>();
  const visit = (frame: Frame): void => {
    const children = frame.childFrames();
    out.set(frame, children);
    for (const child of children) visit(child);
  };
  visit(root);
  return out;
}

async function inOtherProcess(page: Page, frame: Frame): Promise<boolean> {
  try {
    const session = await page.context().newCDPSession(frame);
    await session.detach().catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}

/**
 * The DevTools id of each Playwright frame of `page` that is in `tree` (this target's frame tree, just
 * read). A frame whose siblings cannot be told apart by position (its parent's children differ in number
 * even without frames of other processes) gets none, and neither do its descendants.
 */
export async function matchFrames(page: Page, tree: CdpFrameTree): Promise<Map<Frame, string>> {
  const children = childrenNow(page.mainFrame());
  const ids = new Map<Frame, string>();
  const visit = async (frame: Frame, node: CdpFrameTree): Promise<void> => {
    ids.set(frame, node.frame.id);
    const nodes = node.childFrames ?? [];
    let mine = children.get(frame) ?? [];
    if (mine.length !== nodes.length) {
      const local: Frame[] = [];
      for (const child of mine) if (!(await inOtherProcess(page, child))) local.push(child);
      mine = local;
    }
    if (mine.length !== nodes.length) return;
    for (let i = 0; i < mine.length; i++) await visit(mine[i]!, nodes[i]!);
  };
  await visit(page.mainFrame(), tree);
  return ids;
}
