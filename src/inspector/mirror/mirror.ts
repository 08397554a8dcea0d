/**
 * The player panel's live view of the running SCO: its document (and the same-origin frames nested in it)
 * serialised in an isolated world of the SCO frame, scripts and event handlers removed, form state,
 * scroll offsets and canvases reflected, URLs of the course's content server rewritten to the inspector's
 * content route. While started, it asks the page every `pollMs` whether anything changed (a counter kept
 * by a MutationObserver and input events) and pushes a MirrorFrame when the HTML differs from the last one.
 *
 * What the person does in the mirror comes back as an element number (data-st-n) of a given document:
 * the same element is found again in the page (or the action fails with DOM_STALE_REF when it is gone)
 * and acted on through the same tool handlers an agent calls (scorm_dom_click, scorm_dom_fill,
 * scorm_keyboard_type), so it is real Playwright input and shows up in the session's records.
 *
 * Usage (the inspector's server, per session):
 *   const mirror = createMirror({ runtime: () => session.runtime, tools, sessionId, contentBase, onFrame });
 *   mirror.start();             // when the first UI feed connects; stop() when the last one leaves
 *   mirror.current();           // the last frame, for a feed's catch-up snapshot
 *   await mirror.click(target); // POST mirror_click; also fill(target, value), press(target, key)
 */
import { z } from 'zod';
import { fail } from '../../core/errors.js';
import { scoFrames } from '../../dom/frames.js';
import type { ToolRegistry } from '../../app/tool.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { CONTENT_PREFIX } from '../../runtime/content-url.js';
import type { MirrorFrame, MirrorTarget } from '../protocol.js';
import { runInspectorTool } from './forward.js';
import { PAGE_BUSY, PageWorld } from './page-world.js';
import { escapeText, headPrologue } from './page/rules.js';

export interface MirrorOptions {
  /** The session's runtime now (null when none is open); read at every poll, so a new runtime is followed. */
  runtime: () => CourseRuntime | null;
  /** The server's tools: input is forwarded through scorm_dom_click / scorm_dom_fill / scorm_keyboard_type. */
  tools: ToolRegistry;
  sessionId: string;
  /** Path under which the inspector serves the session's package files: "/TOKEN/api/sessions/ID/content/". */
  contentBase: string;
  onFrame: (frame: MirrorFrame) => void;
  /** How often the page is asked whether it changed (default 250 ms). */
  pollMs?: number;
  /** Largest HTML mirrored (default 2 MB); a larger page gets a notice instead. */
  maxHtmlChars?: number;
}

export interface Mirror {
  start(): void;
  stop(): Promise<void>;
  /** The last frame pushed, or null before the first one. */
  current(): MirrorFrame | null;
  /** Looks at the page now (instead of waiting for the next poll); resolves once any new frame is pushed. */
  refresh(): Promise<void>;
  click(target: MirrorTarget): Promise<Record<string, unknown>>;
  fill(target: MirrorTarget, value: string): Promise<Record<string, unknown>>;
  /** Presses a key on the element (or on what has focus in the SCO when target is null). */
  press(target: MirrorTarget | null, key: string): Promise<Record<string, unknown>>;
}

export const DEFAULT_POLL_MS = 250;
/**
 * A person's click or fill waits longer for its element than an agent's default: the person cannot raise
 * wait_timeout_ms, and the element they clicked was on screen, so a slow page is the likely reason.
 */
const PERSON_WAIT = { wait_timeout_ms: 15_000 };
export const DEFAULT_MAX_HTML_CHARS = 2 * 1024 * 1024;

/** How a target arriving from the UI must look (the server may check its request body with it). */
export const mirrorTargetSchema = z
  .object({ doc: z.string().min(1).max(64), node: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) })
  .strict();
const keySchema = z.string().min(1).max(60);
const valueSchema = z.string().max(100_000);

function tooLarge(maxChars: number): string {
  const mb = (maxChars / (1024 * 1024)).toFixed(1);
  return (
    `<!DOCTYPE html><html><head>${headPrologue()}</head><body><p style="font:14px sans-serif">` +
    escapeText(
      `This page is larger than the mirror shows (more than ${mb} MB of HTML). The course still runs: ` +
        'use screenshots (the screenshot action or scorm_take_screenshot) to see it.',
    ) +
    '</p></body></html>'
  );
}

export function createMirror(options: MirrorOptions): Mirror {
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const maxChars = options.maxHtmlChars ?? DEFAULT_MAX_HTML_CHARS;
  let world: PageWorld | null = null;
  let attaching: Promise<PageWorld | null> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let seq = 0;
  let last: MirrorFrame | null = null;
  let lastVersion: string | null = null;
  let polling: Promise<void> | null = null;
  let actions = 0;

  /** The world in the current runtime's SCO frame, attached (or re-attached after a new runtime) on demand. */
  const currentWorld = async (): Promise<PageWorld | null> => {
    const runtime = options.runtime();
    if (!runtime?.isOpen) {
      if (world) await dropWorld();
      return null;
    }
    if (world?.runtime === runtime) return world;
    if (world) await dropWorld();
    attaching ??= PageWorld.attach(runtime)
      .then((w) => (world = w))
      .finally(() => (attaching = null));
    return attaching;
  };

  const dropWorld = async (): Promise<void> => {
    const old = world;
    world = null;
    lastVersion = null;
    await old?.detach();
  };

  const rewrite = (text: string, runtime: CourseRuntime): string =>
    text.split(runtime.baseUrl + CONTENT_PREFIX).join(options.contentBase);

  const poll = async (): Promise<void> => {
    const w = await currentWorld().catch(() => null);
    if (!w) return;
    const version = await w.version().catch((): typeof PAGE_BUSY => PAGE_BUSY);
    if (version === PAGE_BUSY || version === lastVersion) return;
    const result = await w.serialize(maxChars).catch((): typeof PAGE_BUSY => PAGE_BUSY);
    if (result === PAGE_BUSY) return;
    lastVersion = version;
    const base = rewrite(result.base, w.runtime);
    const baseUrl = base.startsWith(options.contentBase) ? base : options.contentBase;
    const html = result.html === null ? tooLarge(maxChars) : rewrite(result.html, w.runtime);
    if (last && last.html === html && last.doc === result.doc) return;
    last = { seq: ++seq, base_url: baseUrl, html, doc: result.doc, truncated: result.html === null };
    options.onFrame(last);
  };

  const pollOnce = (): Promise<void> => {
    polling ??= poll()
      .catch(() => undefined)
      .finally(() => (polling = null));
    return polling;
  };

  const schedule = (): void => {
    if (!running) return;
    timer = setTimeout(() => {
      void pollOnce().finally(schedule);
    }, pollMs);
    timer.unref?.();
  };

  /** The element behind a target, as a selector unique in its frame, with the frame's label for the tools. */
  const locate = async (target: MirrorTarget): Promise<{ selector: string; frame: string }> => {
    const parsed = mirrorTargetSchema.safeParse(target);
    if (!parsed.success)
      fail('INVALID_ARGUMENT', 'A mirror target is { doc: string, node: positive integer }.');
    const w = await currentWorld();
    if (!w) {
      fail('RUNTIME_NOT_OPEN', 'No course is running in this session: open the runtime, then try again.');
    }
    const stale = (): never =>
      fail(
        'DOM_STALE_REF',
        'The page changed since the mirror showed this element (it is gone, or the course loaded another page); try again on the updated view.',
        { target },
      );
    // Makes the world when needed, so `w.doc` is the current document's id.
    const found = await w.target(parsed.data.node);
    if (found === PAGE_BUSY) {
      fail('COURSE_TIMEOUT', "The course's page is not answering (a script keeps it busy); try again later.");
    }
    if (w.doc !== parsed.data.doc || !found.ok) return stale();
    const frame = found.nested ? await w.frameOf(parsed.data.node) : await w.runtime.scoFrame();
    const label = frame && (await scoFrames(w.runtime)).find((f) => f.frame === frame)?.label;
    if (!label) return stale();
    return { selector: found.selector, frame: label };
  };

  const forward = async (tool: string, args: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const data = await runInspectorTool(
      options.tools,
      tool,
      { session_id: options.sessionId, ...args },
      {
        requestId: `inspector-mirror-${++actions}`,
      },
    );
    // Show the outcome at once rather than at the next poll.
    void pollOnce();
    return data;
  };

  return {
    start() {
      if (running) return;
      running = true;
      void pollOnce().finally(schedule);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await polling?.catch(() => undefined);
      await attaching?.catch(() => undefined);
      await dropWorld();
    },
    current: () => last,
    refresh: async () => {
      await polling?.catch(() => undefined);
      await pollOnce();
    },
    async click(target) {
      const at = await locate(target);
      return forward('scorm_dom_click', { selector: at.selector, frame: at.frame, options: PERSON_WAIT });
    },
    async fill(target, value) {
      const checked = valueSchema.safeParse(value);
      if (!checked.success)
        fail('INVALID_ARGUMENT', 'A mirror fill value is a string of at most 100,000 characters.');
      const at = await locate(target);
      return forward('scorm_dom_fill', {
        selector: at.selector,
        frame: at.frame,
        value: checked.data,
        options: PERSON_WAIT,
      });
    },
    async press(target, key) {
      const checked = keySchema.safeParse(key);
      if (!checked.success)
        fail('INVALID_ARGUMENT', 'A key is a name like "Enter", "Escape" or "ArrowRight".');
      const at = target === null ? null : await locate(target);
      const where = at ? { selector: at.selector, frame: at.frame } : {};
      return forward('scorm_keyboard_type', { text: '', options: { ...where, keys: [checked.data] } });
    },
  };
}
