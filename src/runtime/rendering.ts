/** What the SCO looks like: screenshots (the viewport or the whole document), and the viewport itself (layout problems are measured in src/dom/layout, where the course cannot fake them). */
import type { Frame } from 'playwright-core';
import { fail, isScormTesterError } from '../core/errors.js';
import type { PageTimeLimit } from './page-time-limit.js';
import type { PlayerChannel } from './player-channel.js';
import { pngSize } from './png.js';
import { MAX_SCREENSHOT_EDGE, screenshotScale } from './screenshot-scale.js';
import { sleep, type RuntimeLifecycle } from './runtime-lifecycle.js';
import { resolveViewport, type Viewport, type ViewportSpec } from './viewport.js';

export { MAX_SCREENSHOT_EDGE };
/** Full-page captures stop at this height (CSS px); Chromium cannot rasterise arbitrarily tall pages. */
export const MAX_FULL_PAGE_HEIGHT = 16_384;
/**
 * A full-page capture is never scaled below this, so its text stays readable (a 16,000 px page scaled
 * to MAX_SCREENSHOT_EDGE came back 133 px wide); a longer page is cut there and marked truncated.
 */
export const MIN_FULL_PAGE_SCALE = 0.5;
export interface ScreenshotOptions {
  /** Capture the SCO's whole document height, scaled to fit MAX_SCREENSHOT_EDGE. */
  fullPage?: boolean;
  /** CSS selector (in the SCO document) that must be visible before capturing. */
  waitForSelector?: string;
  /** How long to wait for the selector (default 5000 ms). */
  waitTimeoutMs?: number;
  /** Pause before capturing (max 30 s). */
  delayMs?: number;
  timeoutMs?: number;
  /**
   * With fullPage: the SCO document's height, measured where the course cannot fake it (the DOM tools'
   * isolated world, which this layer cannot reach); without it the height is read in the page.
   */
  documentHeight?: () => Promise<number>;
}

export interface Screenshot {
  png: Buffer;
  /** Pixel size of the PNG. */
  width: number;
  height: number;
  /** True when the capture was scaled down to fit MAX_SCREENSHOT_EDGE. */
  scaled: boolean;
  fullPage: boolean;
  /** True when a full-page capture was cut (MAX_FULL_PAGE_HEIGHT, or the height MIN_FULL_PAGE_SCALE allows). */
  truncated: boolean;
  viewport: Viewport;
}

export class Rendering {
  private current: Viewport;

  constructor(
    viewport: Viewport,
    private readonly lifecycle: RuntimeLifecycle,
    private readonly channel: PlayerChannel,
    private readonly limit: PageTimeLimit,
    private readonly scoFrame: () => Promise<Frame>,
  ) {
    this.current = viewport;
  }

  get viewport(): Viewport {
    return this.current;
  }

  async screenshot(options: ScreenshotOptions = {}): Promise<Screenshot> {
    this.lifecycle.ensureUsable();
    const timeoutMs = options.timeoutMs ?? this.limit.defaultMs;
    if (options.waitForSelector) {
      const waitMs = options.waitTimeoutMs ?? 5_000;
      const frame = await this.scoFrame();
      try {
        await this.limit.run(
          'waiting for the selector',
          () =>
            frame.waitForSelector(options.waitForSelector as string, { state: 'visible', timeout: waitMs }),
          waitMs + 2_000,
        );
      } catch (err) {
        if (isScormTesterError(err) && err.code !== 'INTERNAL_ERROR') throw err;
        fail(
          'CAPTURE_FAILED',
          `"${options.waitForSelector}" did not become visible in the SCO within ${waitMs} ms; nothing was captured. ` +
            'Check the selector or raise wait_timeout_ms.',
        );
      }
    }
    if (options.delayMs && options.delayMs > 0) await sleep(Math.min(options.delayMs, 30_000));
    return this.limit.run(
      'the screenshot',
      async () => {
        const vp = this.current;
        let height = vp.height;
        let truncated = false;
        let resized = false;
        if (options.fullPage) {
          const frame = await this.scoFrame();
          const docHeight = options.documentHeight
            ? await options.documentHeight()
            : ((await frame.evaluate(
                'Math.max(document.documentElement.scrollHeight, document.body ? document.body.scrollHeight : 0)',
              )) as number);
          const readable = Math.floor(MAX_SCREENSHOT_EDGE / MIN_FULL_PAGE_SCALE);
          const limit = Math.max(vp.height, Math.min(MAX_FULL_PAGE_HEIGHT, readable));
          if (docHeight > vp.height) {
            height = Math.min(docHeight, limit);
            truncated = docHeight > limit;
            // A taller viewport for the capture: the player (and so the SCO frame) grows with it.
            await this.emulate({ ...vp, height });
            resized = true;
            await frame.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
          }
        }
        try {
          const { scale, scaled } = screenshotScale(vp.width, height, vp.scale);
          const res = (await this.channel.cdp.send('Page.captureScreenshot', {
            format: 'png',
            clip: { x: 0, y: 0, width: vp.width, height, scale },
            fromSurface: true,
          })) as { data: string };
          const png = Buffer.from(res.data, 'base64');
          const size = pngSize(png);
          return {
            png,
            ...size,
            scaled,
            fullPage: options.fullPage === true,
            truncated,
            viewport: vp,
          };
        } finally {
          if (resized) await this.emulate(vp);
        }
      },
      timeoutMs,
      'CAPTURE_FAILED',
    );
  }

  async setViewport(spec: ViewportSpec): Promise<Viewport> {
    this.lifecycle.ensureUsable();
    const vp = resolveViewport(spec);
    await this.limit.run('resizing the viewport', async () => {
      await this.emulate(vp);
      await this.channel.cdp.send('Emulation.setTouchEmulationEnabled', {
        enabled: vp.touch,
        maxTouchPoints: vp.touch ? 5 : 1,
      });
    });
    this.current = vp;
    return vp;
  }

  private async emulate(vp: Viewport): Promise<void> {
    await this.channel.cdp.send('Emulation.setDeviceMetricsOverride', {
      width: vp.width,
      height: vp.height,
      deviceScaleFactor: vp.scale,
      mobile: vp.mobile,
    });
  }
}
