/**
 * One package of `scorm-tester batch`: validated as `validate` does, then each launchable SCO run as
 * `run` does (runCourse, one fresh session each), or with --nav the sequencing flow once. The package's
 * verdict is the worst of its parts: validation errors or a SCO run with problems fail it; a hang, a
 * crashed browser page or something that is not a package is an error.
 */
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ValidationLevel } from '../../core/findings.js';
import {
  defaultOrganization,
  launchOfItem,
  leafItems,
  type Item,
  type ScormManifest,
} from '../../manifest/index.js';
import type { SessionManager } from '../../session/session-manager.js';
import { anomalyDetails } from '../../app/batch/anomaly-details.js';
import { screenshotName } from '../../app/batch/html.js';
import type { BatchPackage } from '../../app/batch/inputs.js';
import { batchError } from '../../app/batch/package-error.js';
import {
  countBySeverity,
  packageVerdict,
  type PackageResult,
  type ScoResult,
  type Verdict,
} from '../../app/batch/report.js';
import type { PackageRunner } from '../../app/batch/run-batch.js';
import { CliOutput } from '../outputs.js';
import { a11yFails } from './run-a11y.js';
import { runCourse, runPassed, type RunOptions, type RunOutcome } from './run.js';

export type RunSettings = Omit<RunOptions, 'target' | 'itemId' | 'screenshot' | 'json' | 'quiet'>;

export interface PackageRunConfig {
  settings: RunSettings;
  level: ValidationLevel;
  /** --html: screenshots are taken into this folder. */
  htmlDir: string | null;
}

/** Codes that mean the run itself could not be judged (an error), not that the course has a defect. */
const CANNOT_JUDGE = new Set([
  'COURSE_TIMEOUT',
  'BROWSER_CRASHED',
  'BROWSER_REQUIRED',
  'BROWSER_UNREACHABLE',
  'BROWSER_UNSUITABLE',
  'INTERNAL_ERROR',
  'CANCELLED',
]);

const isSco = (scormType: string | null): boolean => (scormType ?? '').trim().toLowerCase() === 'sco';

/**
 * The items to run: every leaf item of the default organization whose resource is a SCO, and one whose
 * resource cannot be resolved (its run reports why); an asset-only course runs its first item, as `run` does.
 */
export function itemsToRun(m: ScormManifest): Item[] {
  const org = defaultOrganization(m);
  if (!org) return [];
  const launchable = leafItems(org).filter((i) => (i.identifierref ?? '').trim() !== '');
  const scos = launchable.filter((item) => {
    try {
      return isSco(launchOfItem(m, item).scormType);
    } catch {
      return true;
    }
  });
  return scos.length > 0 ? scos : launchable.slice(0, 1);
}

function scoFromOutcome(o: RunOutcome, ms: number, screenshot: string | undefined): ScoResult {
  const dm = o.report.dataModel;
  const types: Record<string, number> = {};
  for (const a of o.report.anomalies) types[a.type] = (types[a.type] ?? 0) + 1;
  const details = anomalyDetails(o.report.anomalies);
  return {
    sco_id: o.scoId,
    launch_url: o.launchUrl,
    verdict: runPassed(o) ? 'pass' : 'fail',
    initialized: o.report.initialized,
    completion_status: dm['cmi.completion_status'] ?? dm['cmi.core.lesson_status'] ?? null,
    success_status: dm['cmi.success_status'] ?? null,
    anomalies: countBySeverity(o.report.anomalies),
    anomaly_types: types,
    ...(details.listed.length > 0 ? { anomaly_details: details.listed } : {}),
    ...(details.omitted > 0 ? { anomalies_omitted: details.omitted } : {}),
    ...(o.nav ? { nav_denied: o.nav.denied } : {}),
    ...(o.a11y ? { a11y_failed: a11yFails(o.a11y) } : {}),
    ...(screenshot && o.shotPath ? { screenshot } : {}),
    duration_ms: Math.round(ms),
  };
}

async function runOneSco(
  sessions: SessionManager,
  config: PackageRunConfig,
  pkg: BatchPackage,
  hash: string,
  index: number,
  item: Item | null,
  signal: AbortSignal,
): Promise<ScoResult> {
  const t0 = performance.now();
  const shotName = config.htmlDir ? screenshotName(hash, index) : undefined;
  try {
    let screenshot: CliOutput | undefined;
    if (config.htmlDir && shotName) {
      const file = join(config.htmlDir, shotName);
      await mkdir(dirname(file), { recursive: true });
      screenshot = new CliOutput('--html', file, 'png', false);
    }
    const outcome = await runCourse(
      {
        ...config.settings,
        target: pkg.absPath,
        ...(item?.identifier ? { itemId: item.identifier } : {}),
        ...(screenshot ? { screenshot } : {}),
        json: true,
        quiet: true,
      },
      sessions,
      { signal },
    );
    return scoFromOutcome(outcome, performance.now() - t0, shotName);
  } catch (error) {
    const e = batchError(error);
    const verdict: Verdict = CANNOT_JUDGE.has(e.code) || e.kind !== 'other' ? 'error' : 'fail';
    return {
      sco_id: item?.identifier ?? null,
      launch_url: null,
      verdict,
      initialized: null,
      completion_status: null,
      success_status: null,
      anomalies: countBySeverity([]),
      anomaly_types: {},
      error: e,
      duration_ms: Math.round(performance.now() - t0),
    };
  }
}

export function packageRunner(sessions: SessionManager, config: PackageRunConfig): PackageRunner {
  return async (pkg, hash, signal) => {
    const t0 = performance.now();
    const { validatePackage } = await import('../../validate/validate-package.js');
    const validation = await validatePackage(pkg.absPath, { level: config.level }, { signal });
    let parsedManifest: ScormManifest | null;
    try {
      parsedManifest = validation.parsed?.manifest ?? null;
    } finally {
      await validation.cleanup();
    }
    const findings = countBySeverity(validation.findings);
    const targets: Array<Item | null> = !parsedManifest
      ? []
      : config.settings.nav
        ? [null]
        : itemsToRun(parsedManifest);
    const scos: ScoResult[] = [];
    for (const [index, item] of targets.entries()) {
      if (signal.aborted) break;
      scos.push(await runOneSco(sessions, config, pkg, hash, index, item, signal));
    }
    const own: Verdict = findings.error > 0 ? 'fail' : 'pass';
    // Why the package could not be judged (a hang, a crashed page, a lost browser) is named at its level
    // too, so a report can be sorted by cause without reading each SCO.
    const cause = scos.find((s) => s.verdict === 'error' && s.error)?.error;
    const result: PackageResult = {
      path: pkg.path,
      content_hash: hash,
      verdict: packageVerdict(own, scos),
      scorm_version: validation.scormVersion,
      findings,
      scos,
      ...(cause ? { error: cause } : {}),
      duration_ms: Math.round(performance.now() - t0),
    };
    return result;
  };
}
