/**
 * A course that switched its own SCORM tracking off: Adapt's SCORM extension (spoor) reads
 * `_spoor._isEnabled` from the course's config.json, and with false the course never looks for the API.
 * That is the course's setting, not a fault of its code: the likely cause of initialize_never_called names
 * the file and the switch (adapt-1 ships with it off).
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { packagePathOf } from '../content-url.js';
import type { NetworkEntry } from '../records.js';

export interface TrackingSwitch {
  /** The package path of the file that holds the switch. */
  file: string;
  /** The switch, as a dotted path into that file's JSON. */
  field: string;
}

// Adapt's course configuration, as every Adapt build lays it out.
const ADAPT_CONFIG = /(^|\/)course\/config\.json$/;
const MAX_CONFIG_BYTES = 2 * 1024 * 1024;

/** The switch that turned tracking off, among the configuration files the run loaded from the package. */
export function trackingSwitchedOff(
  network: readonly NetworkEntry[],
  packageRoot: string,
): TrackingSwitch | undefined {
  const root = resolve(packageRoot);
  const loaded = new Set(
    network
      .filter((r) => r.scope === 'content' && r.statusCode === 200)
      .map((r) => packagePathOf(r.url).split(/[?#]/)[0] ?? '')
      .filter((p) => ADAPT_CONFIG.test(p)),
  );
  for (const file of loaded) {
    const path = resolve(root, file);
    if (!path.startsWith(root + sep)) continue;
    if (spoorDisabled(path)) return { file, field: '_spoor._isEnabled' };
  }
  return undefined;
}

function spoorDisabled(path: string): boolean {
  try {
    if (statSync(path).size > MAX_CONFIG_BYTES) return false;
    const config = JSON.parse(readFileSync(path, 'utf8')) as { _spoor?: { _isEnabled?: unknown } } | null;
    return config?._spoor?._isEnabled === false;
  } catch {
    return false;
  }
}

/** The evidence field for a runtime that never initialized (nothing to read otherwise). */
export function trackingEvidence(runtime: {
  initializeState: string;
  networkRequests: readonly NetworkEntry[];
  packageRoot: string;
}): { trackingOff?: TrackingSwitch } {
  if (runtime.initializeState !== 'none') return {};
  const off = trackingSwitchedOff(runtime.networkRequests, runtime.packageRoot);
  return off ? { trackingOff: off } : {};
}
