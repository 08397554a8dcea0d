export { detectAnomalies } from './detect.js';
export { analyseRun } from './run-analysis.js';
export { openCourseNotStarted } from './page-look.js';
export { openCourseTrackingOff } from './open-tracking-off.js';
export { pluginContentAnomalies } from './plugin-content.js';
export { trackingEvidence } from './tracking-switch.js';
export { EXCESSIVE_CALLS, EXCESSIVE_COMMITS } from './volume.js';
export {
  callMetrics,
  callView,
  courseConsoleErrors,
  type CallMetrics,
  type CallView,
  type ConsoleErrorView,
} from './call-view.js';
export {
  DEFAULT_SETTLE_MS,
  MAX_SETTLE_WAIT_MS,
  probeRuntime,
  waitForSettle,
  type ProbeOptions,
  type ProbeReport,
  type SettleResult,
} from './probe.js';
export type { Anomaly, AnomalyInput, AnomalyType } from './types.js';
