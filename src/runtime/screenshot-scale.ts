/**
 * The scales of a screenshot. The image a model is shown is the viewport at device scale 1 (so its pixels
 * are the viewport's CSS px), lowered only when its long edge would pass MAX_SCREENSHOT_EDGE: vision models
 * shrink larger images before reading them, so more pixels cost bytes and make nothing more readable. The
 * full-resolution PNG saved as an artifact keeps the device scale, within what Chromium captures at once.
 */

/** The longest edge of an image shown to a model, in pixels. */
export const MAX_SCREENSHOT_EDGE = 1568;
/** The longest edge Chromium rasterises in one capture; the full-resolution PNG stays within it. */
export const MAX_CAPTURE_EDGE = 16_384;

/**
 * The scale (image px per CSS px) of the image a model is shown of a capture `width` x `height` CSS px,
 * and whether it is smaller than the full resolution.
 */
export function screenshotScale(
  width: number,
  height: number,
  deviceScale: number,
): { scale: number; scaled: boolean } {
  const longCss = Math.max(width, height);
  const base = Math.min(1, deviceScale);
  const scale = longCss * base > MAX_SCREENSHOT_EDGE ? (MAX_SCREENSHOT_EDGE - 0.5) / longCss : base;
  return { scale, scaled: scale < deviceScale };
}

/** The scale (image px per CSS px) of the full-resolution PNG: the device scale, lowered only past MAX_CAPTURE_EDGE. */
export function fullResolutionScale(width: number, height: number, deviceScale: number): number {
  const longCss = Math.max(width, height);
  return longCss * deviceScale > MAX_CAPTURE_EDGE ? (MAX_CAPTURE_EDGE - 0.5) / longCss : deviceScale;
}
