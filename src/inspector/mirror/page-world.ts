/**
 * The mirror's foothold in the running course: one isolated JavaScript world in the SCO frame (see
 * src/dom/a11y/isolated-world.ts) holding the serialiser (page/serialize.ts). A new SCO document (the
 * course navigated, sequencing delivered the next SCO) destroys the world; the next call makes a new one.
 * Every call is bounded without touching the course: a page that does not answer is waited for in the
 * background and asked nothing more until it does (the mirror only watches; stopping a busy course's
 * script is for the tools that act).
 */
import type { Frame } from 'playwright-core';
import { IsolatedWorlds } from '../../dom/a11y/isolated-world.js';
import { TIMEOUT, within } from '../../core/within.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { pageAsset } from '../../runtime/player/page-assets.js';
import type * as Serializer from './page/serialize.js';

/** The serialiser's exports, as the bundled script leaves them on the world's global object. */
interface MirrorGlobal {
  scormTesterMirror: typeof Serializer;
}

/** Answered when the page did not answer in time (or is still busy with an earlier call). */
export const PAGE_BUSY = Symbol('page busy');

/** How long a call may take before the page counts as not answering (writing a large page takes longer). */
const CALL_TIMEOUT_MS = 2_000;
const SERIALIZE_TIMEOUT_MS = 10_000;
const GONE = /Cannot find context|context was destroyed|No frame|Target closed|has been closed|detached/i;

export class PageWorld {
  private contextId: number | null = null;
  private docId: string | null = null;
  private scoFrame: Frame | null = null;
  private scoFrameId: string | null = null;
  private pending: Promise<unknown> | null = null;

  private constructor(
    readonly runtime: CourseRuntime,
    private readonly worlds: IsolatedWorlds,
  ) {}

  static async attach(runtime: CourseRuntime): Promise<PageWorld> {
    return new PageWorld(runtime, await IsolatedWorlds.attach(runtime.playerPage));
  }

  /** The id of the document the world serialises (changes with each new SCO document). */
  get doc(): string | null {
    return this.docId;
  }

  async detach(): Promise<void> {
    this.contextId = null;
    await this.worlds.detach();
  }

  // The functions below are sent by their source text: they use nothing but the world's global.
  version(): Promise<string | typeof PAGE_BUSY> {
    return this.run(() => (globalThis as unknown as MirrorGlobal).scormTesterMirror.version(), undefined);
  }

  serialize(maxChars: number): Promise<Serializer.SerializeResult | typeof PAGE_BUSY> {
    return this.run(
      (max: number) => (globalThis as unknown as MirrorGlobal).scormTesterMirror.serialize({ maxChars: max }),
      maxChars,
      SERIALIZE_TIMEOUT_MS,
    );
  }

  target(node: number): Promise<Serializer.TargetResult | typeof PAGE_BUSY> {
    return this.run((n: number) => (globalThis as unknown as MirrorGlobal).scormTesterMirror.target(n), node);
  }

  /** The Playwright frame holding element `node`: the SCO frame, or the nested frame its document is in. */
  async frameOf(node: number): Promise<Frame | null> {
    const contextId = await this.context();
    const ownerId = await this.worlds.frameIdOfOwner(
      contextId,
      (n: number) =>
        (globalThis as unknown as MirrorGlobal).scormTesterMirror.frameOwner(n) as unknown as Element | null,
      node,
    );
    if (ownerId === null) return this.scoFrame;
    for (const [frame, id] of await this.worlds.frameIds()) if (id === ownerId) return frame;
    return null;
  }

  /** Runs `fn(arg)` in the world (made first when needed), bounded; PAGE_BUSY when the page does not answer. */
  private async run<A, R>(
    fn: (arg: A) => R,
    arg: A,
    timeoutMs = CALL_TIMEOUT_MS,
  ): Promise<R | typeof PAGE_BUSY> {
    // One call at a time: wait for the one in flight, but never pile calls on a page that does not answer.
    while (this.pending) {
      const settled = this.pending.then(
        () => true,
        () => true,
      );
      if ((await within(settled, CALL_TIMEOUT_MS)) === TIMEOUT) return PAGE_BUSY;
    }
    const call = this.callOnce(fn, arg);
    this.pending = call;
    const settled = (): void => {
      if (this.pending === call) this.pending = null;
    };
    call.then(settled, settled);
    const out = await within(call, timeoutMs);
    return out === TIMEOUT ? PAGE_BUSY : out;
  }

  private async callOnce<A, R>(fn: (arg: A) => R, arg: A): Promise<R> {
    try {
      return await this.worlds.call(await this.context(), fn, arg);
    } catch (error) {
      if (!GONE.test(error instanceof Error ? error.message : String(error))) throw error;
      // The document went away under us: make a new world in the SCO frame's current document.
      this.contextId = null;
      this.scoFrameId = null;
      return this.worlds.call(await this.context(), fn, arg);
    }
  }

  private async context(): Promise<number> {
    const frame = await this.runtime.scoFrame();
    if (frame !== this.scoFrame) {
      this.scoFrame = frame;
      this.scoFrameId = null;
      this.contextId = null;
    }
    if (this.contextId !== null) return this.contextId;
    this.scoFrameId ??= (await this.worlds.frameIds()).get(frame) ?? null;
    if (this.scoFrameId === null) throw new Error("the SCO frame is not in the browser's frame tree");
    const contextId = await this.worlds.create(this.scoFrameId, 'mirror').catch((error: unknown) => {
      this.scoFrameId = null; // the frame was replaced since its id was read: read it again next time
      throw error;
    });
    await this.worlds.load(contextId, pageAsset('mirrorSerializer'));
    this.docId = await this.worlds.call(
      contextId,
      () => (globalThis as unknown as MirrorGlobal).scormTesterMirror.install(),
      undefined,
    );
    this.contextId = contextId;
    return contextId;
  }
}
