/**
 * Runs code in a JavaScript world of our own inside a SCO frame, through the Chrome DevTools Protocol:
 * the course shares the frame's DOM with it but none of its globals, so a course that replaces
 * `Array.prototype.map`, `Promise` or `window.axe` changes nothing in here, and code in here cannot call
 * the course's SCORM API (nothing we run can add to the record). Playwright's own evaluate has no public
 * isolated-world option, hence CDP.
 */
import type { CDPSession, Frame, Page } from 'playwright-core';
import { matchFrames, type CdpFrameTree } from './frame-identity.js';

interface CdpException {
  text: string;
  exception?: { description?: string };
}

function exceptionText(details: CdpException): string {
  return (details.exception?.description ?? details.text).split('\n')[0] ?? details.text;
}

export class IsolatedWorlds {
  private worldCount = 0;

  private constructor(
    private readonly page: Page,
    private readonly cdp: CDPSession,
  ) {}

  static async attach(page: Page): Promise<IsolatedWorlds> {
    return new IsolatedWorlds(page, await page.context().newCDPSession(page));
  }

  /**
   * The DevTools frame id of each Playwright frame (see frame-identity.ts: by position, never by name or
   * URL). A frame that is not in this target's tree (an out-of-process frame) has none.
   */
  async frameIds(): Promise<Map<Frame, string>> {
    const { frameTree } = await this.send<{ frameTree: CdpFrameTree }>('Page.getFrameTree');
    return matchFrames(this.page, frameTree);
  }

  /** A new world in this frame; returns its execution context id. */
  async create(frameId: string, purpose = 'audit'): Promise<number> {
    const { executionContextId } = await this.send<{ executionContextId: number }>(
      'Page.createIsolatedWorld',
      { frameId, worldName: `scorm-tester-${purpose}-${++this.worldCount}`, grantUniveralAccess: false },
    );
    return executionContextId;
  }

  /** Evaluates a classic script (a library's source) in the world. */
  async load(contextId: number, source: string): Promise<void> {
    const res = await this.send<{ exceptionDetails?: CdpException }>('Runtime.evaluate', {
      expression: source,
      contextId,
      silent: true,
      returnByValue: false,
    });
    if (res.exceptionDetails) throw new Error(exceptionText(res.exceptionDetails));
  }

  /**
   * Calls `fn(arg)` in the world; the argument travels as a value, never as source. `fn` may be given as
   * the function's source (a declaration composed of self-contained functions of ours).
   */
  async call<A, R>(contextId: number, fn: ((arg: A) => R | Promise<R>) | string, arg: A): Promise<R> {
    const res = await this.send<{ result: { value?: unknown }; exceptionDetails?: CdpException }>(
      'Runtime.callFunctionOn',
      {
        executionContextId: contextId,
        functionDeclaration: typeof fn === 'string' ? fn : fn.toString(),
        arguments: [{ value: arg }],
        awaitPromise: true,
        returnByValue: true,
        silent: true,
      },
    );
    if (res.exceptionDetails) throw new Error(exceptionText(res.exceptionDetails));
    return res.result.value as R;
  }

  /**
   * Calls `fn(arg)` in the world, which returns a frame element (iframe, frame) or null, and gives the
   * DevTools id of the frame that element holds: how a page script names a frame to Node.
   */
  async frameIdOfOwner<A>(contextId: number, fn: (arg: A) => Element | null, arg: A): Promise<string | null> {
    const res = await this.send<{ result: { objectId?: string }; exceptionDetails?: CdpException }>(
      'Runtime.callFunctionOn',
      {
        executionContextId: contextId,
        functionDeclaration: fn.toString(),
        arguments: [{ value: arg }],
        returnByValue: false,
        silent: true,
      },
    );
    if (res.exceptionDetails) throw new Error(exceptionText(res.exceptionDetails));
    const objectId = res.result.objectId;
    if (!objectId) return null;
    try {
      const { node } = await this.send<{ node: { frameId?: string } }>('DOM.describeNode', { objectId });
      return node.frameId ?? null;
    } finally {
      await this.send('Runtime.releaseObject', { objectId }).catch(() => undefined);
    }
  }

  /**
   * The tag of the element that holds the frame ("iframe", "frame", "object", "embed"), as the browser's
   * DOM has it: read through the DevTools protocol, no page script runs. Null when the frame has no owner
   * here (the top frame, a frame of another process).
   */
  async ownerTag(frameId: string): Promise<string | null> {
    const { backendNodeId } = await this.send<{ backendNodeId?: number }>('DOM.getFrameOwner', { frameId });
    if (backendNodeId === undefined) return null;
    const { node } = await this.send<{ node: { localName?: string } }>('DOM.describeNode', { backendNodeId });
    return node.localName ?? null;
  }

  /**
   * Calls `mark` (a function declaration, `this` the element) in the world on each element of the
   * world's document that has a listener of one of `types` (at most `max` elements): the listeners
   * are read through the DevTools protocol, which sees what no page script can.
   */
  async markListened(contextId: number, mark: string, types: readonly string[], max: number): Promise<void> {
    const nodes = new Set<number>();
    for (const l of await this.pageListeners(contextId)) {
      if (l.backendNodeId !== undefined && types.includes(l.type) && nodes.size < max)
        nodes.add(l.backendNodeId);
    }
    for (const backendNodeId of nodes) {
      const objectId = await this.resolve(backendNodeId, contextId);
      if (!objectId) continue;
      await this.send('Runtime.callFunctionOn', { objectId, functionDeclaration: mark, silent: true }).catch(
        () => undefined,
      );
      await this.release(objectId);
    }
  }

  /**
   * The listeners in the document of the world's frame that the page's own scripts added. The protocol
   * lists only the listeners of the world an object handle belongs to, so the document is named in the
   * page's main world by its node id; a handle runs no page script.
   */
  private async pageListeners(contextId: number): Promise<Array<{ type: string; backendNodeId?: number }>> {
    const doc = await this.send<{ result: { objectId?: string } }>('Runtime.evaluate', {
      expression: 'document',
      contextId,
      returnByValue: false,
      silent: true,
    });
    const ownId = doc.result.objectId;
    if (!ownId) return [];
    let backendNodeId: number | undefined;
    try {
      ({
        node: { backendNodeId },
      } = await this.send<{ node: { backendNodeId?: number } }>('DOM.describeNode', { objectId: ownId }));
    } finally {
      await this.release(ownId);
    }
    const pageId = backendNodeId === undefined ? undefined : await this.resolve(backendNodeId);
    if (!pageId) return [];
    try {
      const { listeners } = await this.send<{ listeners: Array<{ type: string; backendNodeId?: number }> }>(
        'DOMDebugger.getEventListeners',
        { objectId: pageId, depth: -1, pierce: false },
      );
      return listeners;
    } finally {
      await this.release(pageId);
    }
  }

  /** A handle on the node in the world `contextId`, or in its frame's main world when none is given. */
  private async resolve(backendNodeId: number, contextId?: number): Promise<string | undefined> {
    const res = await this.send<{ object: { objectId?: string } }>('DOM.resolveNode', {
      backendNodeId,
      ...(contextId === undefined ? {} : { executionContextId: contextId }),
    }).catch(() => null);
    return res?.object.objectId;
  }

  private async release(objectId: string): Promise<void> {
    await this.send('Runtime.releaseObject', { objectId }).catch(() => undefined);
  }

  async detach(): Promise<void> {
    await this.cdp.detach().catch(() => undefined);
  }

  private async send<T>(method: Parameters<CDPSession['send']>[0], params?: object): Promise<T> {
    return (await this.cdp.send(method, params as never)) as T;
  }
}
