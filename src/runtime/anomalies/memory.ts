/**
 * A course whose JavaScript heap went past the run's memory budget (memory-budget.ts). An error: a page
 * that keeps gigabytes exhausts the learner's browser or device long before a real LMS could help, and
 * the run stopped the course's script, so what it would have done after is not known.
 */
import type { IntegrityEvent } from '../records.js';
import type { Anomaly } from './types.js';

const MB = 1024 * 1024;

export function memoryAnomalies(
  events: readonly IntegrityEvent[],
  /** The SCORM attempt of a launch (IntegrityEvent.attempt). */
  scormAttempt: (launch: number) => number,
): Anomaly[] {
  return events
    .filter((e) => e.kind === 'memory_budget_exceeded')
    .map((e) => {
      const used = Math.round((e.measuredBytes ?? 0) / MB);
      const budget = Math.round((e.budgetBytes ?? 0) / MB);
      return {
        type: 'memory_budget_exceeded',
        severity: 'error',
        message:
          `The SCO's page (sco_id, attempt) held ${used} MB of JavaScript heap, over the run's budget of ${budget} MB. ` +
          `Its script was stopped and the page runs ` +
          'no more script until it is unloaded; the learner data it set before is kept.',
        fix:
          "Find what keeps growing (arrays, caches, detached DOM, media buffers) with the browser's memory tools and release it; " +
          'real courses stay far below this (a large Storyline export uses about 100-200 MB). ' +
          'If this course truly needs more, raise the budget (execution.memory_budget_mb, --memory-budget-mb).',
        measured_bytes: e.measuredBytes ?? 0,
        budget_bytes: e.budgetBytes ?? 0,
        ...(e.scoId !== '' ? { sco_id: e.scoId } : {}),
        ...(e.attempt > 0 ? { attempt: scormAttempt(e.attempt) } : {}),
      };
    });
}
