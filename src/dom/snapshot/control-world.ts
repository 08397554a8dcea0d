/**
 * One isolated JavaScript world per SCO document, holding the DOM tools' page script (page/controls.ts):
 * the page read behind scorm_dom_find_interactive_elements and scorm_get_page_state, and the element refs
 * it gives. Each world gets its own ref prefix ("f3"), so a ref names its world: a ref whose world is gone
 * (the document was replaced) or whose element left the document is stale, and says so.
 * Calls are bounded like every DOM tool's page call (a course's busy loop blocks this world too).
 */
import type { Frame, Page } from 'playwright-core';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { pageAsset } from '../../runtime/player/page-assets.js';
import { IsolatedWorlds } from '../a11y/isolated-world.js';
import { TIMEOUT, within } from '../../core/within.js';
import { boundedPageCall } from '../bounded.js';
import type * as Controls from './page/controls.js';

/** The page script's exports, as the bundled script leaves them on the world's global object. */
interface ControlsGlobal {
  scormTesterControls: typeof Controls;
}

interface World {
  frame: Frame;
  prefix: string;
  contextId: Promise<number>;
}

const CLICK_EVENTS = ['click', 'mousedown', 'mouseup', 'pointerdown', 'pointerup', 'touchstart', 'touchend'];
const MAX_MARKED = 300;
const MARK_HANDLED =
  'function () { globalThis.scormTesterControls && globalThis.scormTesterControls.markHandled(this); }';

const GONE = /Cannot find context|context was destroyed|No frame|Target closed|has been closed|detached/i;

const perRuntime = new WeakMap<CourseRuntime, ControlWorlds>();

export class ControlWorlds {
  /** One DevTools session per window: the player page, and each window the course opened. */
  private readonly worlds = new Map<Page, Promise<IsolatedWorlds>>();
  private readonly byFrame = new Map<Frame, World>();
  private readonly byPrefix = new Map<string, World>();
  private made = 0;

  private constructor(private readonly runtime: CourseRuntime) {}

  static of(runtime: CourseRuntime): ControlWorlds {
    let worlds = perRuntime.get(runtime);
    if (!worlds) {
      worlds = new ControlWorlds(runtime);
      perRuntime.set(runtime, worlds);
    }
    return worlds;
  }

  /** Calls `fn(arg)` in the frame's world (made when needed: a new document gets a new world), bounded. */
  async call<A, R>(
    frame: Frame,
    what: string,
    timeoutMs: number,
    fn: ((arg: A) => R) | string,
    arg: A,
  ): Promise<R> {
    return this.inWorld(frame, (run) =>
      boundedPageCall(this.runtime, frame, what, timeoutMs, () => run(fn, arg)),
    );
  }

  /**
   * Calls `fn(arg)` in the frame's world and waits at most `timeoutMs`; TIMEOUT past it, and the page's
   * script is left alone. For the action tools' reads of element state: a read that does not answer is
   * "could not read", and the action's own diagnosis (diagnose.ts) is what stops a stuck course, in the
   * action's name; boundedPageCall would stop it here, as "a read", and the action would report a time-out
   * of ours instead of the course's endless loop.
   */
  async peek<A, R>(
    frame: Frame,
    timeoutMs: number,
    fn: ((arg: A) => R) | string,
    arg: A,
  ): Promise<R | typeof TIMEOUT> {
    return this.inWorld(frame, (run) => within(run(fn, arg), timeoutMs));
  }

  private async inWorld<T>(
    frame: Frame,
    bounded: (run: <A, R>(fn: ((arg: A) => R) | string, arg: A) => Promise<R>) => Promise<T>,
  ): Promise<T> {
    const once = async (): Promise<T> => {
      const world = this.worldOf(frame);
      return bounded(async (fn, arg) => (await this.isolated(frame)).call(await world.contextId, fn, arg));
    };
    try {
      return await once();
    } catch (error) {
      if (!GONE.test(error instanceof Error ? error.message : String(error)) || frame.isDetached())
        throw error;
      this.forget(frame);
      return once();
    }
  }

  /**
   * Calls `fn(arg)` in the world that gave `ref`, when that world is still the frame's current one;
   * undefined when it is not (the ref is stale).
   */
  async callForRef<A, R>(
    ref: string,
    what: string,
    timeoutMs: number,
    fn: (arg: A) => R,
    arg: A,
  ): Promise<{ frame: Frame; value: R } | undefined> {
    const world = this.byPrefix.get(ref.slice(0, ref.indexOf('e')));
    if (!world || world.frame.isDetached() || this.byFrame.get(world.frame) !== world) return undefined;
    try {
      const value = await boundedPageCall(this.runtime, world.frame, what, timeoutMs, async () =>
        (await this.isolated(world.frame)).call(await world.contextId, fn, arg),
      );
      return { frame: world.frame, value };
    } catch (error) {
      if (!GONE.test(error instanceof Error ? error.message : String(error))) throw error;
      this.forget(world.frame);
      return undefined;
    }
  }

  /**
   * Marks the frame's elements that listen for clicks (the page script's `markHandled`), so the next read
   * lists a plain element that takes clicks though nothing styles it so. Best effort: within `timeoutMs`,
   * and a read without it still lists what its cursor shows.
   */
  async markClickListeners(frame: Frame, timeoutMs: number): Promise<void> {
    const mark = async (): Promise<void> => {
      const contextId = await this.worldOf(frame).contextId;
      await (await this.isolated(frame)).markListened(contextId, MARK_HANDLED, CLICK_EVENTS, MAX_MARKED);
    };
    await within(
      mark().catch(() => undefined),
      timeoutMs,
    );
  }

  /** The tag of the element holding `frame`, from the browser's DOM (see IsolatedWorlds.ownerTag). */
  async ownerTag(frame: Frame): Promise<string | null> {
    const worlds = await this.isolated(frame);
    const frameId = (await worlds.frameIds()).get(frame);
    return frameId === undefined ? null : worlds.ownerTag(frameId);
  }

  private worldOf(frame: Frame): World {
    const known = this.byFrame.get(frame);
    if (known) return known;
    // The prefix is taken before anything is awaited: frames read together get theirs in call order.
    const prefix = `f${++this.made}`;
    const world: World = { frame, prefix, contextId: this.make(frame, prefix) };
    world.contextId.catch(() => this.forget(frame));
    this.byFrame.set(frame, world);
    this.byPrefix.set(prefix, world);
    return world;
  }

  private async make(frame: Frame, prefix: string): Promise<number> {
    const worlds = await this.isolated(frame);
    const frameId = (await worlds.frameIds()).get(frame);
    if (frameId === undefined)
      throw new Error("the frame is not in the browser's frame tree (a frame of another process?)");
    const contextId = await worlds.create(frameId, 'dom');
    await worlds.load(contextId, pageAsset('domControls'));
    await worlds.call(
      contextId,
      (p: string) => (globalThis as unknown as ControlsGlobal).scormTesterControls.install(p),
      prefix,
    );
    return contextId;
  }

  private forget(frame: Frame): void {
    const world = this.byFrame.get(frame);
    if (!world) return;
    this.byFrame.delete(frame);
    this.byPrefix.delete(world.prefix);
  }

  private isolated(frame: Frame): Promise<IsolatedWorlds> {
    const page = frame.page();
    let worlds = this.worlds.get(page);
    if (!worlds) {
      worlds = IsolatedWorlds.attach(page);
      this.worlds.set(page, worlds);
      page.once('close', () => this.worlds.delete(page));
    }
    return worlds;
  }
}
