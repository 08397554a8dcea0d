/**
 * The conformance driver script of every test page (bundled by scripts/bundle.mjs into an IIFE that the
 * fixture builder writes to common/cts-driver.js). It finds the SCORM 2004 API with the standard
 * discovery walk (parents, then the opener's parents; README §5), runs each block's steps with the same
 * executeStep the Node run uses, and returns the raw outcomes: the harness judges them. The variant's
 * unload behaviour (Terminate on unload, a navigation request first) is installed at load.
 */
import type { Api2004 } from '../../rte/strict/api-types.js';
import { CANONICAL_METHODS } from '../../runtime/records.js';
import { executeStep, type LookupState } from '../execute-step.js';
import type { StepOutcome } from '../evaluate/record.js';
import type { Step } from '../script/types.js';
import { runUnloadHandler } from './page-variants.js';
import { DRIVER_GLOBAL, type CtsDriver, type RunResult } from './wire.js';

const MAX_WALK = 500;
const METHODS = CANONICAL_METHODS;

type RawApi = Record<string, unknown>;

function apiIn(win: Window | null): RawApi | null {
  let w = win;
  let steps = 0;
  while (w) {
    let found: unknown;
    try {
      found = (w as unknown as Record<string, unknown>).API_1484_11;
    } catch {
      return null;
    }
    if (found !== null && found !== undefined) return found as RawApi;
    if (w.parent === w || ++steps > MAX_WALK) return null;
    w = w.parent;
  }
  return null;
}

function discoverApi(): RawApi | null {
  return apiIn(window) ?? apiIn(window.opener as Window | null);
}

/** The ADL wrappers: each call's result as String(result); GetLastError without an argument. */
function wrap(raw: RawApi): Api2004 {
  const call =
    (name: string) =>
    (...args: unknown[]): string => {
      const fn = raw[name];
      if (typeof fn !== 'function') throw new Error(`the API has no ${name} function`);
      return String((fn as (...a: unknown[]) => unknown).apply(raw, name === 'GetLastError' ? [] : args));
    };
  const api = Object.fromEntries(METHODS.map((m) => [m, call(m)])) as unknown as Api2004;
  return Object.defineProperty(api, 'version', { get: () => String(raw.version) });
}

const variant = document.body?.dataset.variant ?? '';
const raw = discoverApi();
const api = raw ? wrap(raw) : null;

const driver: CtsDriver = {
  location: () => window.location.href,
  variant: () => variant,
  apiVersion: () =>
    raw && (typeof raw === 'object' || typeof raw === 'function') ? String(raw.version) : null,
  run(steps: unknown[], lookups: LookupState): RunResult {
    if (!api) return { error: 'cannot locate API adapter (API_1484_11)' };
    const state: LookupState = { ...lookups };
    const outcomes: StepOutcome[] = [];
    try {
      for (const step of steps as Step[]) outcomes.push(executeStep(api, step, state));
    } catch (e) {
      return { error: `function not found: ${e instanceof Error ? e.message : String(e)}` };
    }
    return { outcomes, lookups: state };
  },
  terminate: () => (api ? api.Terminate('') : 'false'),
};

Object.defineProperty(window, DRIVER_GLOBAL, { value: Object.freeze(driver) });

window.addEventListener('pagehide', () => {
  if (api) runUnloadHandler(variant, api);
});
