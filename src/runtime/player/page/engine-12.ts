/** The SCORM 1.2 engine of the player: our strict 1.2 front (catalogue checks) over scorm-again's store. */
import { arrayPush } from '../../../core/intrinsics.js';
import { StrictApi12 } from '../../../rte/strict/strict-12.js';
import { API_METHODS } from '../../records.js';
import { bindMethods, type EngineFactory } from './engine.js';

export const strict12Engine: EngineFactory = (cfg) => {
  const api = new StrictApi12({
    version: '1.2',
    scoId: cfg.scoId,
    settings: cfg.settings,
    values: cfg.values,
  });
  return {
    functions: bindMethods(api, API_METHODS['1.2']),
    lastError: () => api.LMSGetLastError(),
    errorString: (code) => api.LMSGetErrorString(code),
    diagnostic: () => api.LMSGetDiagnostic(''),
    snapshot: () => api.dataModel(),
    peek: (element) => api.peek(element),
    pendingNav: () => '_none_',
    sharedData: () => ({}),
    setByContent: () => {
      const names: string[] = [];
      api.setByContent().forEach((name) => void arrayPush(names, name));
      return names;
    },
    lifecycleSuccesses: () => api.lifecycleSuccesses(),
  };
};
