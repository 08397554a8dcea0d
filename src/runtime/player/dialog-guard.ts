/** The dialog-loop guard (page/dialog-guard.ts) as the init script Node injects into every frame. */
import { pageAsset } from './page-assets.js';

export { DIALOG_LOOP_COUNT, DIALOG_LOOP_MARKER, DIALOG_LOOP_WINDOW_MS } from './wire.js';

export function dialogGuardScript(): string {
  return pageAsset('dialogGuard');
}
