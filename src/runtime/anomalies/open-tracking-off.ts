/**
 * For a course still open: a SCO whose own configuration switched its SCORM tracking off will not call
 * Initialize whatever the learner does, so the open visit already says so. adapt-1 (spoor's
 * `_isEnabled: false`) answered "no anomaly" while open and named its defect only once closed, after
 * the learner had spent the whole visit on a course that records nothing.
 */
import type { CourseRuntime } from '../course-runtime.js';
import { explainAnomalies } from './causes.js';
import { currentScoScope, openAndSilent } from './current-sco.js';
import { NAMES } from './elements.js';
import { neverInitialized } from './lifecycle.js';
import { trackingSwitchedOff } from './tracking-switch.js';
import type { Anomaly } from './types.js';

export function openCourseTrackingOff(runtime: CourseRuntime): Anomaly | undefined {
  if (!openAndSilent(runtime)) return undefined;
  const off = trackingSwitchedOff(runtime.networkRequests, runtime.packageRoot);
  if (!off) return undefined;
  const anomaly: Anomaly = { ...neverInitialized(NAMES[runtime.version], 0), ...currentScoScope(runtime) };
  const [explained] = explainAnomalies([anomaly], {
    network: runtime.networkRequests,
    console: runtime.consoleMessages,
    version: runtime.version,
    trackingOff: off,
  });
  return explained;
}
