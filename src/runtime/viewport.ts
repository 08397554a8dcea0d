import { fail } from '../core/errors.js';

export type DevicePreset = 'desktop' | 'tablet' | 'mobile';

/** As tools accept it: a preset, an explicit size, or a preset with overrides. */
export interface ViewportSpec {
  device?: DevicePreset;
  width?: number;
  height?: number;
  /** Device scale factor. */
  scale?: number;
}

export interface Viewport {
  device: DevicePreset | 'custom';
  width: number;
  height: number;
  scale: number;
  /** Touch input (tap-target checks apply). */
  touch: boolean;
  /** Mobile emulation (meta viewport honoured, overlay scrollbars). */
  mobile: boolean;
}

export const VIEWPORT_PRESETS: Record<DevicePreset, Viewport> = {
  desktop: { device: 'desktop', width: 1366, height: 768, scale: 1, touch: false, mobile: false },
  tablet: { device: 'tablet', width: 768, height: 1024, scale: 1, touch: true, mobile: true },
  mobile: { device: 'mobile', width: 390, height: 844, scale: 1, touch: true, mobile: true },
};

const MIN_SIDE = 200;
const MAX_SIDE = 4096;

export function resolveViewport(spec: ViewportSpec = {}): Viewport {
  if (spec.device !== undefined && !(spec.device in VIEWPORT_PRESETS)) {
    fail(
      'INVALID_ARGUMENT',
      `Unknown viewport device "${String(spec.device)}"; use desktop, tablet or mobile.`,
    );
  }
  const base = VIEWPORT_PRESETS[spec.device ?? 'desktop'];
  const custom = spec.device === undefined && (spec.width !== undefined || spec.height !== undefined);
  const side = (name: string, v: number | undefined, dflt: number): number => {
    if (v === undefined) return dflt;
    if (!Number.isInteger(v) || v < MIN_SIDE || v > MAX_SIDE) {
      fail(
        'INVALID_ARGUMENT',
        `viewport.${name} must be an integer from ${MIN_SIDE} to ${MAX_SIDE} px (got ${v}).`,
      );
    }
    return v;
  };
  const scale = spec.scale ?? base.scale;
  if (typeof scale !== 'number' || !Number.isFinite(scale) || scale < 0.5 || scale > 4) {
    fail('INVALID_ARGUMENT', `viewport.scale must be between 0.5 and 4 (got ${String(spec.scale)}).`);
  }
  return {
    ...base,
    device: custom ? 'custom' : base.device,
    width: side('width', spec.width, base.width),
    height: side('height', spec.height, base.height),
    scale,
  };
}
