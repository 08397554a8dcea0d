/**
 * A run names the static rule that predicts an anomaly (`predicted_by`) from what the run saw; only
 * `validate` knows whether that rule fires on the package. The claim is kept only when it does.
 */
import { predictedText } from '../runtime/anomalies/causes.js';
import type { Anomaly } from '../runtime/anomalies/index.js';
import { validatePackage } from '../validate/validate-package.js';

const UNPREDICTED = 'No static rule of `scorm-tester validate` predicts this.';

function withoutPrediction(a: Anomaly): Anomaly {
  const { predicted_by: rule, ...rest } = a;
  return rule ? { ...rest, message: rest.message.replace(predictedText(rule), UNPREDICTED) } : a;
}

/** The anomalies, with `predicted_by` left out where `validate` (its default level) does not report that rule. */
export async function confirmPredictions(packagePath: string, anomalies: Anomaly[]): Promise<Anomaly[]> {
  if (!anomalies.some((a) => a.predicted_by)) return anomalies;
  let fired: ReadonlySet<string> = new Set();
  try {
    const validation = await validatePackage(packagePath, { level: 'strict' });
    try {
      fired = new Set(validation.findings.map((f) => f.rule));
    } finally {
      await validation.cleanup();
    }
  } catch {
    // A package validate cannot read confirms nothing.
  }
  return anomalies.map((a) => (a.predicted_by && !fired.has(a.predicted_by) ? withoutPrediction(a) : a));
}
