/**
 * A test page holding the real PlayerPanel (bundled by the panel's browser test), fed by the test:
 * window.__showMirror(frame) and window.__setRuntime(view) re-render it as the inspector's feed would.
 */
import { h, render } from 'preact';
import type { MirrorFrame, RuntimeView } from '../../src/inspector/protocol.js';
import { PlayerPanel } from '../../src/inspector/ui/player-panel.js';

const root = document.getElementById('root') as HTMLElement;
const sessionId = root.dataset.session ?? '';
let runtime: RuntimeView = { open: true, disabled_reason: null, sco_id: 'item', sco_url: null };
let mirror: MirrorFrame | null = null;
const draw = (): void => render(h(PlayerPanel, { sessionId, mirror, runtime }), root);
Object.assign(window, {
  __showMirror: (frame: MirrorFrame) => {
    mirror = frame;
    draw();
  },
  __setRuntime: (view: RuntimeView) => {
    runtime = view;
    draw();
  },
});
draw();
