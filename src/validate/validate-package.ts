/**
 * One validation run over a package: open it (folder or zip), read and parse the manifest, then run the
 * validators the caller asked for. Problems with the package's content become findings; only problems that
 * stop us from looking at it at all (missing path, broken zip, no manifest) are thrown.
 */
import { isScormTesterError } from '../core/errors.js';
import { throwIfCancelled, type WorkControl } from '../core/progress.js';
import {
  compareFindings,
  ruleRunsAt,
  type Finding,
  type FindingCategory,
  type RuleInfo,
  type ValidationLevel,
} from '../core/findings.js';
import { CAM_RULES, runCamRules } from '../lint/cam/index.js';
import { missingLaunchedScripts } from '../lint/cam/files.js';
import { API_USAGE_RULES, lintApiUsage } from '../lint/api-usage/lint-api-usage.js';
import { startSyntaxPrecheck } from '../lint/api-usage/syntax-precheck.js';
import { forgetParses } from '../lint/api-usage/parse-cache.js';
import { SEQUENCING_RULES, lintSequencing } from '../lint/sequencing/index.js';
import { DEPENDENCY_RULES, externalDependencyFindings } from '../lint/deps/external-deps.js';
import { PLUGIN_CONTENT_RULE, pluginContentFindings } from '../lint/deps/plugin-content.js';
import { walkLaunchChain, type LaunchChain } from '../lint/launch-chain/chain.js';
import { launchPoints } from '../lint/launch-chain/launch-points.js';
import { PackageScanner } from '../lint/launch-chain/package-scanner.js';
import { XSD_RULES } from '../lint/xsd/rules.js';
import { validateManifestAgainstSchemas } from '../lint/xsd/validate-xsd.js';
import { parseManifestFile, type ParsedManifest, type ScormManifest } from '../manifest/index.js';
import { openPackage } from '../package/open-package.js';
import { listPackageFiles } from '../package/paths.js';
import type { ValidationOutcome } from '../report/index.js';
import { PARSE_RULES, parseFailureFinding } from './parse-findings.js';
import { apiScanFiles, type ScanDepth } from './scan-files.js';
import { versionExpectationFinding, VERSION_RULES, type ExpectedVersion } from './version-expectation.js';

export interface ValidateOptions {
  level: ValidationLevel;
  /** Only run the validators producing these categories (default: all). */
  only?: FindingCategory[];
  scanDepth?: ScanDepth;
  /** Override the version used for API-usage lint. */
  apiVersion?: 'scorm_1_2' | 'scorm_2004' | 'both';
  /** The version the caller expects; a mismatch becomes a finding. */
  expectedVersion?: ExpectedVersion;
  /** Where a zip is extracted (default: the system's temporary folder). */
  tempRoot?: string;
}

/** What a validation found, as plain data (it crosses from the validation worker to the server). */
export interface ValidationSummary extends ValidationOutcome {
  apiScannedFiles: string[];
  /** HTML/JS files that launched resources name but the package lacks (scorm_lint_api_usage fails on them). */
  apiMissingFiles: { file: string; line: number; owner: string | null }[];
}

export interface PackageValidation extends ValidationSummary {
  parsed: ParsedManifest | null;
  /** Removes the extracted workspace of a zip; call once the outcome (and any report) is done. */
  cleanup(): Promise<void>;
}

export function versionLabel(m: ScormManifest): string | null {
  if (m.scorm.version === '1.2') return '1.2';
  if (m.scorm.version === '2004') return m.scorm.edition ? `2004 ${m.scorm.edition} Edition` : '2004';
  return null;
}

/**
 * The phases of a validation, for progress and cancellation: each `step` reports one (with the total
 * once the files to scan are known) and stops the validation there when the caller cancelled it.
 */
class Phases {
  private done = 0;
  private total: number | undefined;

  constructor(private readonly control: WorkControl) {}

  setTotal(total: number): void {
    this.total = total;
  }

  step(message: string): void {
    throwIfCancelled(this.control.signal, 'The validation');
    this.control.progress?.({
      done: this.done,
      ...(this.total === undefined ? {} : { total: this.total }),
      message,
    });
    this.done++;
  }

  finish(): void {
    this.control.progress?.({ done: this.done, total: this.done, message: 'validated' });
  }
}

export async function validatePackage(
  inputPath: string,
  options: ValidateOptions,
  control: WorkControl = {},
): Promise<PackageValidation> {
  const started = performance.now();
  const phases = new Phases(control);
  phases.step('opening the package');
  const pkg = await openPackage(inputPath, options.tempRoot ? { tempRoot: options.tempRoot } : {});
  try {
    phases.step('reading imsmanifest.xml');
    const wants = (...categories: FindingCategory[]): boolean =>
      !options.only || categories.some((c) => options.only!.includes(c));
    const findings: Finding[] = [];
    const rules: RuleInfo[] = [...PARSE_RULES];
    const manifestFile = 'imsmanifest.xml';

    let parsed: ParsedManifest | null = null;
    try {
      parsed = await parseManifestFile(pkg.manifestPath, manifestFile);
    } catch (error) {
      if (!isScormTesterError(error) || error.code === 'MANIFEST_NOT_FOUND') throw error;
      findings.push(parseFailureFinding(error, manifestFile));
    }

    let apiScannedFiles: string[] = [];
    let apiMissingFiles: ValidationSummary['apiMissingFiles'] = [];
    if (parsed) {
      const files = await listPackageFiles(pkg.root);
      const level = options.level;
      const apiVersion = wants('api_usage') ? apiVersionFor(parsed.manifest, options.apiVersion) : null;
      const apiScan = apiVersion ? apiScanFiles(parsed.manifest, files, options.scanDepth ?? 'deep') : [];
      // Started first: it compiles the package's scripts on another thread while this one goes on.
      const precheck = apiVersion ? startSyntaxPrecheck(pkg.root, apiScan) : undefined;
      // Opening, the manifest, then: schemas, packaging rules, sequencing, launch chains, each file, dependencies.
      phases.setTotal(2 + 5 + apiScan.length);
      phases.step('checking the manifest against its schemas');
      if (wants('xsd')) {
        rules.push(...Object.values(XSD_RULES));
        findings.push(
          ...(await validateManifestAgainstSchemas({
            packageRoot: pkg.root,
            manifestText: parsed.text,
            manifestFile,
          })),
        );
      }
      phases.step('checking the content-packaging rules');
      if (wants('package', 'manifest', 'files', 'structure', 'best_practice')) {
        rules.push(...CAM_RULES.map((r) => r.info).filter((r) => ruleRunsAt(r, level)));
        findings.push(...runCamRules({ parsed, packageRoot: pkg.root, files, level }));
      }
      phases.step('checking the sequencing');
      if (wants('sequencing')) {
        rules.push(...SEQUENCING_RULES.map((r) => r.info).filter((r) => ruleRunsAt(r, level)));
        findings.push(...lintSequencing(parsed, level));
      }
      phases.step('following the launch chains');
      // The scripts the pre-check read are scanned already (on both threads): wait for them here.
      const scanner = new PackageScanner(
        pkg.root,
        files,
        precheck && (await precheck.results()).scans,
        new Set(apiScan),
      );
      // Launch files that are missing are reported by the manifest rules (cp.launch_file_missing).
      const chains: LaunchChain[] = wants('api_usage', 'dependencies')
        ? launchPoints(parsed.manifest)
            .filter((p) => scanner.has(p.file))
            .map((p) => walkLaunchChain(p, scanner))
        : [];
      if (apiVersion) {
        const result = await lintApiUsage({
          packageRoot: pkg.root,
          scormVersion: apiVersion,
          files: apiScan,
          chains,
          ...(precheck ? { precheck } : {}),
          pages: scanner,
          onFile: (file) => phases.step(`scanning ${file}`),
        });
        apiScannedFiles = result.scannedFiles;
        apiMissingFiles = missingLaunchedScripts(parsed, files).map((use) => ({
          file: use.resolution.kind === 'local' ? use.resolution.path : use.href,
          line: use.pos.line,
          owner: use.owner,
        }));
        rules.push(...API_USAGE_RULES.filter((r) => ruleRunsAt(r, level)));
        findings.push(...result.findings.filter((f) => ruleRunsAt({ level: levelOf(f.rule) }, level)));
      }
      phases.step('listing external dependencies');
      if (wants('dependencies')) {
        rules.push(...DEPENDENCY_RULES.filter((r) => ruleRunsAt(r, level)));
        const deps = externalDependencyFindings(scanner, files, chains);
        findings.push(...deps.filter((f) => ruleRunsAt({ level: depLevelOf(f.rule) }, level)));
        rules.push(PLUGIN_CONTENT_RULE);
        findings.push(...pluginContentFindings(scanner, files, chains));
      }
      if (options.expectedVersion) {
        rules.push(...VERSION_RULES);
        const mismatch = versionExpectationFinding(parsed.manifest, options.expectedVersion, manifestFile);
        if (mismatch) findings.push(mismatch);
      }
    }
    phases.finish();
    forgetParses();
    const kept = options.only
      ? findings.filter((f) => options.only!.includes(f.category) || f.rule.startsWith('xml.'))
      : findings;
    return {
      packagePath: inputPath,
      packageRoot: pkg.root,
      scormVersion: parsed ? versionLabel(parsed.manifest) : null,
      level: options.level,
      findings: kept.sort(compareFindings),
      rules: dedupeRules(rules),
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      parsed,
      apiScannedFiles,
      apiMissingFiles,
      cleanup: pkg.cleanup,
    };
  } catch (error) {
    forgetParses();
    await pkg.cleanup();
    throw error;
  }
}

function apiVersionFor(m: ScormManifest, override: ValidateOptions['apiVersion']): '1.2' | '2004' | null {
  if (override === 'scorm_1_2') return '1.2';
  if (override === 'scorm_2004') return '2004';
  return m.scorm.version;
}

const API_RULE_LEVELS = new Map<string, ValidationLevel>(API_USAGE_RULES.map((r) => [r.id, r.level]));
function levelOf(ruleId: string): ValidationLevel {
  return API_RULE_LEVELS.get(ruleId) ?? 'basic';
}

const DEP_RULE_LEVELS = new Map<string, ValidationLevel>(DEPENDENCY_RULES.map((r) => [r.id, r.level]));
function depLevelOf(ruleId: string): ValidationLevel {
  return DEP_RULE_LEVELS.get(ruleId) ?? 'basic';
}

function dedupeRules(rules: RuleInfo[]): RuleInfo[] {
  const seen = new Map<string, RuleInfo>();
  for (const rule of rules) if (!seen.has(rule.id)) seen.set(rule.id, rule);
  return [...seen.values()];
}
