/** The capture scale of a screenshot: the viewport's device scale, lowered so the long edge fits MAX_SCREENSHOT_EDGE. */

/** The longest edge of a screenshot in pixels. */
export const MAX_SCREENSHOT_EDGE = 1568;

/**
 * `Page.captureScreenshot`'s clip.scale for a capture `width` x `height` CSS px at `deviceScale` (clip.scale
 * maps CSS px to output px; the device scale factor is not applied on top), and whether it was lowered.
 */
export function screenshotScale(
  width: number,
  height: number,
  deviceScale: number,
): { scale: number; scaled: boolean } {
  const longCss = Math.max(width, height);
  const wanted = longCss * deviceScale;
  const scale = wanted > MAX_SCREENSHOT_EDGE ? (MAX_SCREENSHOT_EDGE - 0.5) / longCss : deviceScale;
  return { scale, scaled: scale < deviceScale };
}
