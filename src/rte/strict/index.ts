export type { Api12, Api2004, LifeState } from './api-types.js';
export { ERRORS_12, ERRORS_2004 } from './error-codes.js';
export { memorySharedDataStore, type SharedDataMap, type SharedDataStore } from './shared-data.js';
export { StrictApi12 } from './strict-12.js';
export { StrictApi2004, type Strict2004Options } from './strict-2004.js';
