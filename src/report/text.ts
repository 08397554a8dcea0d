import type { Severity } from '../core/findings.js';
import { effectiveRules } from './catalogue.js';
import { courseTextLines } from './course-text-lines.js';
import { sanitizeForTerminal } from './escape.js';
import { packagePathText } from '../core/package-path-text.js';
import { groupByFile } from './group.js';
import { GROUP_EXAMPLES, groupRepeated } from '../core/repeated-findings.js';
import { formatDuration, formatLocation, plural, versionLabel } from './labels.js';
import { complianceScore, countBySeverity, isValid } from './summary.js';
import type { ValidationOutcome } from './types.js';

export interface TextOptions {
  /** ANSI colours; defaults to {@link useColorByDefault} for stdout. */
  color?: boolean;
}

/** Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org). */
export function useColorByDefault(stream: { isTTY?: boolean } = process.stdout): boolean {
  const env = process.env;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

const SGR = { reset: 0, bold: 1, dim: 2, red: 31, green: 32, yellow: 33, cyan: 36 } as const;
type Style = keyof typeof SGR;

const SEVERITY_STYLE: Record<Severity, Style> = { error: 'red', warning: 'yellow', info: 'cyan' };

/**
 * Human-readable report: one summary line, then findings grouped by file as
 * `file:line:col severity rule message`, each followed by its indented fix. A rule repeated many times
 * lists its first few findings and a line counting the rest.
 */
export function formatText(o: ValidationOutcome, options: TextOptions = {}): string {
  const color = options.color ?? useColorByDefault();
  const paint = (style: Style, text: string) => (color ? `\x1b[${SGR[style]}m${text}\x1b[0m` : text);
  const clean = sanitizeForTerminal;

  const counts = countBySeverity(o.findings);
  const valid = isValid(o.findings);
  const verdict = valid ? paint('green', 'VALID') : paint('red', 'INVALID');
  const summary = [
    paint('bold', verdict),
    versionLabel(o.scormVersion),
    `score ${complianceScore(o.findings)}/100`,
    (['error', 'warning', 'info'] as const).map((s) => plural(counts[s], s)).join(', '),
    `${ruleCount(effectiveRules(o.rules, o.findings).length)} at ${o.level} level in ${formatDuration(o.durationMs)}`,
  ].join(' · ');

  const lines = [`${summary}`, `Package: ${clean(o.packagePath)}`];
  if (o.findings.length === 0) {
    lines.push('', 'No findings.');
    return lines.join('\n') + '\n';
  }
  const { shown, repeated } = groupRepeated(o.findings);
  const toGo = new Map(repeated.map((r) => [r.rule, { count: r.count, examples: GROUP_EXAMPLES }]));
  for (const group of groupByFile(shown)) {
    lines.push('', paint('bold', group.file === '' ? '(package)' : packagePathText(group.file)));
    for (const f of group.findings) {
      const where = clean(formatLocation(f.file, f.line, f.column));
      const message = clean(f.message).replace(/\n/g, '\n    ');
      lines.push(
        `  ${where} ${paint(SEVERITY_STYLE[f.severity], f.severity)} ${paint('dim', clean(f.rule))} ${message}`,
      );
      if (f.fix !== '')
        lines.push(paint('dim', `      fix: ${clean(f.fix).replace(/\n/g, '\n           ')}`));
      lines.push(...courseTextLines(f.course_text, '      '));
      const left = toGo.get(f.rule);
      if (left && --left.examples === 0) {
        lines.push(
          `  … ${left.count - GROUP_EXAMPLES} more ${clean(f.rule)} findings not listed (${left.count} in all; --format json lists every one)`,
        );
      }
    }
  }
  return lines.join('\n') + '\n';
}

function ruleCount(n: number): string {
  return `${n} rule${n === 1 ? '' : 's'}`;
}
