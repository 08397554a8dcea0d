import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CourseTexts } from '../core/course-text.js';
import type { Finding, RuleInfo, Severity } from '../core/findings.js';
import { courseTextLines } from './course-text-lines.js';
import { effectiveRules } from './catalogue.js';
import { categoryLabel, formatLocation } from './labels.js';
import { complianceScore, isValid, sortedFindings } from './summary.js';
import { toolInfo } from './tool-info.js';
import type { ValidationOutcome } from './types.js';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
export const SRCROOT = '%SRCROOT%';
const FINGERPRINT_KEY = 'scormTesterFinding/v1';

export type SarifLevel = 'error' | 'warning' | 'note';

export interface SarifMessage {
  text: string;
}

export interface SarifReportingDescriptor {
  id: string;
  name: string;
  shortDescription: SarifMessage;
  fullDescription: SarifMessage;
  help: SarifMessage;
  defaultConfiguration: { level: SarifLevel };
  properties: { tags: string[]; category: string; validationLevel: string };
}

export interface SarifLocation {
  physicalLocation: {
    artifactLocation: { uri: string; uriBaseId?: string };
    region?: { startLine: number; startColumn?: number };
  };
}

export interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: SarifLevel;
  message: SarifMessage;
  locations: SarifLocation[];
  partialFingerprints: Record<string, string>;
  properties: { category: string; fix?: string; adl?: string[]; course_text?: CourseTexts };
}

export interface SarifLog {
  $schema: string;
  version: '2.1.0';
  runs: [
    {
      tool: {
        driver: {
          name: string;
          informationUri: string;
          semanticVersion: string;
          version: string;
          rules: SarifReportingDescriptor[];
        };
      };
      originalUriBaseIds?: Record<string, { uri: string }>;
      results: SarifResult[];
      columnKind: 'utf16CodeUnits';
      properties: Record<string, unknown>;
    },
  ];
}

export interface SarifOptions {
  /**
   * The folder `%SRCROOT%` stands for (the repository root in CI); defaults to the current directory.
   * Result URIs are `packagePath/file` made relative to it.
   */
  srcRoot?: string;
}

export const SARIF_LEVEL: Readonly<Record<Severity, SarifLevel>> = {
  error: 'error',
  warning: 'warning',
  info: 'note',
};

/**
 * SARIF 2.1.0 for GitHub code scanning and SARIF viewers.
 *
 * URIs: a folder package `courses/intro` yields `courses/intro/imsmanifest.xml` relative to
 * `%SRCROOT%`, so alerts land on the files in the repository. A zip package has no repository file
 * per entry: results point at the zip itself and the entry's `file:line:col` starts the message.
 * Packages outside `srcRoot` get absolute `file:` URIs.
 */
export function toSarif(o: ValidationOutcome, options: SarifOptions = {}): SarifLog {
  const srcRoot = resolve(options.srcRoot ?? process.cwd());
  const base = packageBase(o.packagePath, srcRoot);
  const ran = effectiveRules(o.rules, o.findings);
  const fired = new Set(o.findings.map((f) => f.rule));
  const rules = ruleDescriptors(ran.filter((r) => fired.has(r.id)));
  const ruleIndex = new Map(rules.map((r, i) => [r.id, i]));
  const occurrences = new Map<string, number>();

  const results = sortedFindings(o.findings).map((f): SarifResult => {
    const hash = fingerprint(f);
    const n = (occurrences.get(hash) ?? 0) + 1;
    occurrences.set(hash, n);
    // GitHub shows the message, not properties: the finding's own fix goes in it, after the problem.
    const fixPart = f.fix === '' ? '' : ` Fix: ${sentence(f.fix)}`;
    const text = `${sentence(f.message === '' ? f.rule : f.message)}${fixPart}${courseTextPart(f.course_text)}`;
    const properties: SarifResult['properties'] = { category: f.category };
    if (f.fix !== '') properties.fix = f.fix;
    if (f.adl && f.adl.length > 0) properties.adl = [...f.adl];
    if (f.course_text) properties.course_text = f.course_text;
    return {
      ruleId: f.rule,
      ruleIndex: ruleIndex.get(f.rule) ?? 0,
      level: SARIF_LEVEL[f.severity],
      message: {
        text: base.archive && f.file !== '' ? `${formatLocation(f.file, f.line, f.column)}: ${text}` : text,
      },
      locations: [location(base, f)],
      partialFingerprints: { [FINGERPRINT_KEY]: `${hash}:${n}` },
      properties,
    };
  });

  const info = toolInfo();
  const run: SarifLog['runs'][0] = {
    tool: {
      driver: {
        name: info.name,
        informationUri: info.informationUri,
        semanticVersion: info.version,
        version: info.version,
        rules,
      },
    },
    results,
    columnKind: 'utf16CodeUnits',
    properties: {
      packagePath: o.packagePath,
      scormVersion: o.scormVersion,
      validationLevel: o.level,
      valid: isValid(o.findings),
      complianceScore: complianceScore(o.findings),
      durationMs: o.durationMs,
      rulesRun: ran.length,
    },
  };
  if (base.uriBaseId) run.originalUriBaseIds = { [SRCROOT]: { uri: directoryUri(srcRoot) } };
  return { $schema: SARIF_SCHEMA, version: '2.1.0', runs: [run] };
}

/**
 * The values our sentence refers to, after it and apart from it: viewers show only `message.text`,
 * and SARIF's `{0}` arguments would put the package's words back inside our sentence.
 */
function courseTextPart(texts: CourseTexts | undefined): string {
  const lines = courseTextLines(texts, '  ');
  if (lines.length === 0) return '';
  return `\n\nCourse text (the package's own words, quoted as data; not the tool's):\n${lines.join('\n')}`;
}

interface PackageBase {
  /** Posix path relative to srcRoot ('' for srcRoot itself), or an absolute file: URI. */
  prefix: string;
  uriBaseId?: string;
  archive: boolean;
}

function packageBase(packagePath: string, srcRoot: string): PackageBase {
  const absolute = resolve(packagePath);
  const archive = isArchive(absolute);
  const rel = relative(srcRoot, absolute);
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
    return { prefix: pathToFileURL(absolute).href, archive };
  }
  return { prefix: encodePath(rel.split(sep).join('/')), uriBaseId: SRCROOT, archive };
}

function isArchive(absolute: string): boolean {
  try {
    return statSync(absolute).isFile();
  } catch {
    return /\.zip$/i.test(absolute);
  }
}

/** Percent-encodes each segment of a relative posix path (spaces, #, ?, %, non-ASCII...). */
export function encodePath(path: string): string {
  return path
    .split('/')
    .filter((s) => s !== '' && s !== '.')
    .map((s) => encodeURIComponent(s))
    .join('/');
}

function joinUri(prefix: string, rest: string): string {
  if (prefix === '') return rest === '' ? '.' : rest;
  if (rest === '') return prefix;
  return `${prefix.replace(/\/$/, '')}/${rest}`;
}

function location(base: PackageBase, f: Finding): SarifLocation {
  const inArchive = base.archive;
  const uri = joinUri(base.prefix, inArchive ? '' : encodePath(f.file));
  const artifactLocation: SarifLocation['physicalLocation']['artifactLocation'] = { uri };
  if (base.uriBaseId) artifactLocation.uriBaseId = base.uriBaseId;
  const physicalLocation: SarifLocation['physicalLocation'] = { artifactLocation };
  if (!inArchive && f.file !== '' && f.line >= 1) {
    physicalLocation.region =
      f.column >= 1 ? { startLine: f.line, startColumn: f.column } : { startLine: f.line };
  }
  return { physicalLocation };
}

function directoryUri(dir: string): string {
  const href = pathToFileURL(dir).href;
  return href.endsWith('/') ? href : `${href}/`;
}

/** Stable across runs and line moves: rule, file and message only (the occurrence number is appended). */
function fingerprint(f: Finding): string {
  return createHash('sha256').update(`${f.rule}\0${f.file}\0${f.message}`).digest('hex').slice(0, 32);
}

function sentence(text: string): string {
  const t = text.trim();
  return t === '' || /[.!?]$/.test(t) ? t : `${t}.`;
}

/** "manifest-href-missing" -> "ManifestHrefMissing" (SARIF suggests a readable identifier as name). */
function ruleName(id: string): string {
  const parts = id.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return parts.length === 0 ? id : parts.map((p) => p[0]!.toUpperCase() + p.slice(1)).join('');
}

/**
 * One descriptor per rule that fired: SARIF asks only for the rules results refer to, and the ~80 rules
 * of a run cost 80 kB next to two findings (`rulesRun` counts them). Its help is the rule's own, never
 * one finding's fix: viewers show the rule's help beside every alert of the rule.
 */
function ruleDescriptors(rules: readonly RuleInfo[]): SarifReportingDescriptor[] {
  return rules.map((r) => {
    const title = r.title.trim() === '' ? r.id : r.title.trim();
    const adl = r.adl ?? [];
    const adlText = adl.length > 0 ? ` ADL requirements: ${adl.join(', ')}.` : '';
    return {
      id: r.id,
      name: ruleName(r.id),
      shortDescription: { text: title },
      fullDescription: {
        text: `${sentence(title)} Category: ${categoryLabel(r.category)}; runs at validation level ${r.level} and above.${adlText}`,
      },
      help: {
        text: `${sentence(title)} Each alert's message ends with the fix for that finding.${adlText}`,
      },
      defaultConfiguration: { level: SARIF_LEVEL[r.severity] },
      properties: { tags: ['scorm', r.category, ...adl], category: r.category, validationLevel: r.level },
    };
  });
}
