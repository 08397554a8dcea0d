/**
 * Screenshot pixels to page coordinates. A viewport screenshot (scorm_take_screenshot without full_page)
 * shows the player page from its top-left corner at screenshotScale's scale, so a pixel (x, y) of it is
 * the CSS point (x / scale, y / scale) of the page the mouse moves on.
 */
import { fail } from '../../core/errors.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { screenshotScale } from '../../runtime/screenshot-scale.js';

export interface ScreenPoint {
  x: number;
  y: number;
}

/** The page point (CSS px) of a screenshot pixel; INVALID_ARGUMENT when it lies outside the image. */
export function pagePointOf(runtime: CourseRuntime, point: ScreenPoint, what = 'the point'): ScreenPoint {
  const vp = runtime.viewport;
  const { scale } = screenshotScale(vp.width, vp.height, vp.scale);
  const width = Math.round(vp.width * scale);
  const height = Math.round(vp.height * scale);
  if (point.x < 0 || point.y < 0 || point.x >= width || point.y >= height) {
    fail(
      'INVALID_ARGUMENT',
      `${what} (${point.x}, ${point.y}) is outside the viewport screenshot (${width}×${height} px at the current ` +
        'viewport). Use the pixels of a scorm_take_screenshot image taken without full_page.',
    );
  }
  return { x: point.x / scale, y: point.y / scale };
}

/** A length in screenshot pixels (a scroll amount) in CSS px. */
export function pageLengthOf(runtime: CourseRuntime, pixels: number): number {
  const vp = runtime.viewport;
  return pixels / screenshotScale(vp.width, vp.height, vp.scale).scale;
}
