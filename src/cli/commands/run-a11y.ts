/**
 * `run --a11y [--a11y-level A|AA|AAA]`: the accessibility audit of the SCO after its calls settle and
 * before it unloads, as text or in --json. With --a11y, a serious or critical violation (or an audit that
 * could not finish) makes the run exit 1.
 */
import { courseText } from '../../core/course-text.js';
import { isScormTesterError } from '../../core/errors.js';
import { auditAccessibility, AUDIT_DEFAULTS, type A11yAudit } from '../../dom/a11y/audit.js';
import { A11Y_LEVELS, type A11yLevel } from '../../dom/a11y/levels.js';
import { isOwnFrameLabel } from '../../dom/course-text-fields.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { courseTextLine } from '../../report/course-text-lines.js';
import { CliUsageError } from '../exit.js';

export type A11yOutcome = { audit: A11yAudit } | { error: { error_code: string; message: string } };

const LISTED_NODES = 5;

export function parseA11yFlags(a11y: boolean, level: string | undefined): A11yLevel | undefined {
  if (level !== undefined && !a11y) throw new CliUsageError('--a11y-level needs --a11y');
  if (!a11y) return undefined;
  if (level === undefined) return AUDIT_DEFAULTS.level;
  if (!(A11Y_LEVELS as readonly string[]).includes(level))
    throw new CliUsageError(`--a11y-level must be A, AA or AAA (got "${level}")`);
  return level as A11yLevel;
}

export async function runA11y(runtime: CourseRuntime, level: A11yLevel): Promise<A11yOutcome> {
  try {
    return { audit: await auditAccessibility(runtime, { ...AUDIT_DEFAULTS, level }) };
  } catch (error) {
    if (!isScormTesterError(error)) throw error;
    return { error: { error_code: error.code, message: error.message } };
  }
}

/** Whether the audit makes the run fail: serious or critical violations, or no audit at all. */
export function a11yFails(o: A11yOutcome): boolean {
  if ('error' in o) return true;
  return o.audit.violations.some((v) => v.impact === 'critical' || v.impact === 'serious');
}

export function a11yJson(o: A11yOutcome): Record<string, unknown> {
  return 'error' in o ? { audited: false, ...o.error } : { audited: true, ...o.audit };
}

export function a11yText(o: A11yOutcome): string {
  if ('error' in o) return `Accessibility: audit failed: ${o.error.error_code}: ${o.error.message}`;
  const a = o.audit;
  const s = a.summary;
  const lines = [
    `Accessibility (WCAG ${a.level}, axe-core ${a.axe_version}, ${a.frames_audited.length} frame(s) audited): ` +
      (s.total_violations === 0
        ? 'no violations'
        : `${s.total_violations} rule(s) violated on ${s.total_nodes} element(s) ` +
          `(critical ${s.by_impact.critical}, serious ${s.by_impact.serious}, moderate ${s.by_impact.moderate}, minor ${s.by_impact.minor})`) +
      `; ${a.incomplete_count} to check by hand`,
  ];
  // Frame labels carry the course's frame ids and names, and selectors its element ids and classes:
  // each on a labelled line of its own, never in our line.
  lines.push('  frames audited:');
  for (const f of a.frames_audited) lines.push(frameLine(f, '    '));
  for (const f of a.frames_skipped) {
    lines.push(`  a frame was not audited: ${f.message}`);
    lines.push(frameLine(f.frame, '    '));
  }
  for (const v of a.violations) {
    const wcag = v.wcag.length > 0 ? ` [WCAG ${v.wcag.join(', ')}]` : '';
    lines.push(`  ${(v.impact ?? 'unknown').padEnd(8)} ${v.rule}${wcag}: ${v.description}`);
    lines.push(`           fix: ${v.fix_hint}`);
    for (const [i, n] of v.nodes.slice(0, LISTED_NODES).entries()) {
      lines.push(`           element ${i + 1}${n.ref ? ` (ref ${n.ref})` : ''}:`);
      lines.push(frameLine(n.frame, '             '));
      lines.push(courseTextLine('selector', courseText(n.selector), '             '));
    }
    if (v.node_count > Math.min(v.nodes.length, LISTED_NODES))
      lines.push(`           … ${v.node_count - Math.min(v.nodes.length, LISTED_NODES)} more (use --json)`);
  }
  return lines.join('\n');
}

/** A frame's label: as it is when it is ours ("sco", "sco > frame 2"), labelled when the course named it. */
function frameLine(label: string, indent: string): string {
  return isOwnFrameLabel(label)
    ? `${indent}frame: ${label}`
    : courseTextLine('frame', courseText(label), indent);
}
