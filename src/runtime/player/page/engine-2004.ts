/** The SCORM 2004 engine of the player: our strict API object and its own data store (no scorm-again). */
import { arrayPush } from '../../../core/intrinsics.js';
import { memorySharedDataStore } from '../../../rte/strict/shared-data.js';
import { StrictApi2004 } from '../../../rte/strict/strict-2004.js';
import { API_METHODS } from '../../records.js';
import { bindMethods, type EngineFactory } from './engine.js';

export const strict2004Engine: EngineFactory = (cfg, nav) => {
  const buckets = memorySharedDataStore(cfg.sharedData?.values ?? {});
  const api = new StrictApi2004({
    init: { version: '2004', scoId: cfg.scoId, settings: cfg.settings, values: cfg.values },
    sharedData: { maps: cfg.sharedData?.maps ?? [], store: buckets },
    navigation: nav,
  });
  return {
    functions: bindMethods(api, API_METHODS['2004']),
    lastError: () => api.GetLastError(),
    errorString: (code) => api.GetErrorString(code),
    diagnostic: () => api.GetDiagnostic(''),
    snapshot: () => api.dataModel(),
    peek: (element) => api.peek(element),
    pendingNav: () => api.pendingNavRequest,
    sharedData: () => buckets.entries(),
    setByContent: () => {
      const names: string[] = [];
      api.setByContent().forEach((name) => void arrayPush(names, name));
      return names;
    },
    lifecycleSuccesses: () => null,
  };
};
