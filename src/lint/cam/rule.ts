/**
 * The shape of a content-package (CAM) rule and the context every rule receives.
 */
import { separateCourseText } from '../../core/course-text.js';
import type { Finding, RuleInfo, ValidationLevel } from '../../core/findings.js';
import type { ParsedManifest } from '../../manifest/model.js';
import type { Position } from '../../manifest/xml-tree.js';

export interface ManifestRuleContext {
  parsed: ParsedManifest;
  /** Absolute path of the folder that holds the package. */
  packageRoot: string;
  /** Every file of the package: posix paths relative to packageRoot. */
  files: string[];
  level: ValidationLevel;
}

export interface ManifestRule {
  info: RuleInfo;
  check(ctx: ManifestRuleContext): Finding[];
}

/** Where a finding points when only a file is known (line 0 = the whole file). */
export function wholeFile(file: string): Position {
  return { file, line: 0, column: 0 };
}

/** Builds a finding of `info` at `at`. */
export function findingOf(info: RuleInfo, at: Position, message: string, fix: string): Finding {
  const finding: Finding = {
    rule: info.id,
    severity: info.severity,
    category: info.category,
    file: at.file,
    line: at.line,
    column: at.column,
    message,
    fix,
  };
  if (info.adl) finding.adl = [...info.adl];
  return separateCourseText(finding);
}

/** A rule whose check receives a `report` helper bound to its own info. */
export function defineRule(
  info: RuleInfo,
  check: (ctx: ManifestRuleContext, report: (at: Position, message: string, fix: string) => void) => void,
): ManifestRule {
  return {
    info,
    check(ctx) {
      const out: Finding[] = [];
      check(ctx, (at, message, fix) => out.push(findingOf(info, at, message, fix)));
      return out;
    },
  };
}
