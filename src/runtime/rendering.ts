/** What the SCO looks like: screenshots (the viewport or the whole document), and the viewport itself (layout problems are measured in src/dom/layout, where the course cannot fake them). */
import type { CDPSession, Frame } from 'playwright-core';
import { fail, isScormTesterError } from '../core/errors.js';
import type { PageTimeLimit } from './page-time-limit.js';
import type { PlayerChannel } from './player-channel.js';
import { pngSize } from './png.js';
import {
  fullResolutionScale,
  MAX_CAPTURE_EDGE,
  MAX_SCREENSHOT_EDGE,
  screenshotScale,
} from './screenshot-scale.js';
import { webpSize } from './webp.js';
import { sleep, type RuntimeLifecycle } from './runtime-lifecycle.js';
import { resolveViewport, type Viewport, type ViewportSpec } from './viewport.js';

export { MAX_SCREENSHOT_EDGE };
/** Full-page captures stop at this height (CSS px); Chromium cannot rasterise arbitrarily tall pages. */
export const MAX_FULL_PAGE_HEIGHT = MAX_CAPTURE_EDGE;
/**
 * A full page is shown as tiles one viewport tall, each read at the size of a viewport screenshot (one tall
 * image would be shrunk by the model's client until its text is unreadable: 133 px wide for an Adapt page);
 * at most this many are rendered for the model, the whole page is in the full-resolution PNG.
 */
export const MAX_SHOWN_TILES = 5;
/** WebP at this quality keeps course text readable at a third to a sixth of the PNG's bytes (docs/runtime.md, "Screenshots"). */
export const VIEW_QUALITY = 80;

export type ViewFormat = 'webp' | 'png';

export interface ScreenshotOptions {
  /** Capture the SCO's whole document height (tiles for the model, one PNG in full). */
  fullPage?: boolean;
  /** The images for the model at full resolution (PNG, device scale) instead of WebP at scale 1. */
  fullResolution?: boolean;
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
  /** With fullPage: each tile also as a PNG of its own at the viewport's full resolution (`tilePngs`). */
  tilePngs?: boolean;
}

/** An image shown to the model: the viewport, or one tile of a full page. */
export interface ScreenshotView {
  image: Buffer;
  format: ViewFormat;
  width: number;
  height: number;
  /** Image px per CSS px. */
  scale: number;
  /** CSS px from the top of what was captured (0 for the viewport). */
  top: number;
  /** CSS px of the page this view covers. */
  cssHeight: number;
}

export interface Screenshot {
  /** The full-resolution PNG (device scale; a full page in one image). */
  png: Buffer;
  /** Pixel size of the PNG. */
  width: number;
  height: number;
  /** PNG px per CSS px. */
  pngScale: number;
  /** True when the views are smaller than the full resolution. */
  scaled: boolean;
  fullPage: boolean;
  /** True when a full-page capture was cut at MAX_FULL_PAGE_HEIGHT. */
  truncated: boolean;
  viewport: Viewport;
  /** What the model is shown: the viewport, or the first MAX_SHOWN_TILES tiles of a full page. */
  views: ScreenshotView[];
  /** Full page: the CSS height captured, and tiles past MAX_SHOWN_TILES that were not rendered as views. */
  capturedHeight: number;
  tilesNotShown: number;
  /** Full page with `tilePngs`: every tile (shown or not) as a PNG, in tile order. */
  tilePngs?: Buffer[];
}

export interface CaptureRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

export class Rendering {
  private current: Viewport;

  constructor(
    viewport: Viewport,
    private readonly lifecycle: RuntimeLifecycle,
    private readonly channel: PlayerChannel,
    private readonly limit: PageTimeLimit,
    /** The document a learner looks at (the SCO's frame, or the window the course opened). */
    private readonly scoFrame: () => Promise<Frame>,
    /** The DevTools session of the window the course opened that a learner looks at; null for the player page. */
    private readonly popupSession: () => Promise<CDPSession> | null,
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
          if (docHeight > vp.height) {
            height = Math.min(docHeight, MAX_FULL_PAGE_HEIGHT);
            truncated = docHeight > MAX_FULL_PAGE_HEIGHT;
            // A taller viewport for the capture: the player (and so the SCO frame) grows with it.
            await this.emulate({ ...vp, height });
            resized = true;
            await frame.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
          }
        }
        try {
          const pngScale = fullResolutionScale(vp.width, height, vp.scale);
          const { scale: viewScale } = screenshotScale(vp.width, vp.height, vp.scale);
          const whole = { x: 0, y: 0, width: vp.width, height };
          // The viewport's two images (the PNG artifact, the WebP the model sees) are one frame: taken together.
          const [png, viewportView] = await Promise.all([
            this.captureNow(whole, pngScale, 'png'),
            !options.fullPage && !options.fullResolution ? this.view(whole, viewScale, 'webp') : undefined,
          ]);
          const size = pngSize(png);
          const views: ScreenshotView[] = [];
          const tiles = Math.ceil(height / vp.height);
          for (let i = 0; i < Math.min(tiles, MAX_SHOWN_TILES); i++) {
            const top = i * vp.height;
            const cssHeight = Math.min(vp.height, height - top);
            if (viewportView) {
              views.push(viewportView);
            } else if (!options.fullPage) {
              views.push({ image: png, format: 'png', ...size, scale: pngScale, top: 0, cssHeight });
            } else {
              const fullRes = options.fullResolution === true;
              const region = { x: 0, y: top, width: vp.width, height: cssHeight };
              views.push(await this.view(region, fullRes ? pngScale : viewScale, fullRes ? 'png' : 'webp'));
            }
          }
          // Every tile as a PNG of its own, those not shown included: the agent opens the one it needs.
          const tilePngs: Buffer[] = [];
          if (options.fullPage && options.tilePngs) {
            const tileScale = fullResolutionScale(vp.width, vp.height, vp.scale);
            for (let top = 0; top < height; top += vp.height) {
              const region = { x: 0, y: top, width: vp.width, height: Math.min(vp.height, height - top) };
              tilePngs.push(await this.captureNow(region, tileScale, 'png'));
            }
          }
          return {
            png,
            ...size,
            pngScale,
            scaled: views[0]!.scale < pngScale,
            fullPage: options.fullPage === true,
            truncated,
            viewport: vp,
            views,
            capturedHeight: height,
            tilesNotShown: tiles - views.length,
            ...(tilePngs.length > 0 ? { tilePngs } : {}),
          };
        } finally {
          if (resized) await this.emulate(vp);
        }
      },
      timeoutMs,
      'CAPTURE_FAILED',
    );
  }

  /** One region of the player page (CSS px) as an image, within the page's time limit. */
  async captureRegion(region: CaptureRegion, scale: number, format: ViewFormat): Promise<ScreenshotView> {
    this.lifecycle.ensureUsable();
    return this.limit.run(
      'the screenshot',
      () => this.view(region, scale, format),
      this.limit.defaultMs,
      'CAPTURE_FAILED',
    );
  }

  private async view(region: CaptureRegion, scale: number, format: ViewFormat): Promise<ScreenshotView> {
    const image = await this.captureNow(region, scale, format);
    const size = format === 'png' ? pngSize(image) : webpSize(image);
    return { image, format, ...size, scale, top: region.y, cssHeight: region.height };
  }

  /**
   * Chromium multiplies clip.scale by the device scale factor when this DevTools session emulates it, and
   * not when the browser context set it: which holds is read from each image's size, remembered, and a
   * capture that came out at the other size is taken again.
   */
  private clipTimesDeviceScale = true;

  private async captureNow(region: CaptureRegion, scale: number, format: ViewFormat): Promise<Buffer> {
    const dsf = this.current.scale;
    // Captures may run together: each corrects the assumption it made, not whatever another left.
    const assumed = this.clipTimesDeviceScale;
    const first = await this.captureOnce(region, assumed ? scale / dsf : scale, format);
    if (dsf === 1 || Math.abs(widthOf(first, format) - region.width * scale) <= 1) return first;
    this.clipTimesDeviceScale = !assumed;
    return this.captureOnce(region, assumed ? scale : scale / dsf, format);
  }

  private async captureOnce(region: CaptureRegion, clipScale: number, format: ViewFormat): Promise<Buffer> {
    const res = (await (
      await this.cdp()
    ).send('Page.captureScreenshot', {
      format,
      ...(format === 'webp' ? { quality: VIEW_QUALITY } : {}),
      clip: { ...region, scale: clipScale },
      fromSurface: true,
      captureBeyondViewport: false,
    })) as { data: string };
    return Buffer.from(res.data, 'base64');
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

  /** Windows the course opened that were given the player's viewport, and at which size. */
  private readonly emulated = new WeakMap<CDPSession, Viewport>();

  /**
   * The session captures and emulation go through: the window a learner looks at. A window the course
   * opened gets the player's viewport first, so a screenshot's pixels map to its points as they do on the player.
   */
  private async cdp(): Promise<CDPSession> {
    const popup = this.popupSession();
    if (!popup) return this.channel.cdp;
    const session = await popup;
    if (this.emulated.get(session) !== this.current) {
      await this.metrics(session, this.current);
      this.emulated.set(session, this.current);
    }
    return session;
  }

  private async emulate(vp: Viewport): Promise<void> {
    await this.metrics(this.channel.cdp, vp);
    const popup = this.popupSession();
    if (popup) {
      const session = await popup;
      await this.metrics(session, vp);
      this.emulated.set(session, vp);
    }
  }

  private async metrics(session: CDPSession, vp: Viewport): Promise<void> {
    await session.send('Emulation.setDeviceMetricsOverride', {
      width: vp.width,
      height: vp.height,
      deviceScaleFactor: vp.scale,
      mobile: vp.mobile,
    });
  }
}

function widthOf(image: Buffer, format: ViewFormat): number {
  return (format === 'png' ? pngSize(image) : webpSize(image)).width;
}
