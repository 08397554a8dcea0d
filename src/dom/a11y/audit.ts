/**
 * The accessibility audit of a running SCO: axe-core in every SCO frame (the SCO and the frames nested in
 * it, never the player), each in an isolated world of its own, merged into one result per rule with the
 * frame of every element. Bounded in time: past the budget the script keeping the page busy (axe or the
 * course) is stopped through the runtime, so it stays usable, and A11Y_AUDIT_ERROR says what to do.
 */
import { attachRefs } from './refs.js';
import { fail, isScormTesterError, ScormTesterError } from '../../core/errors.js';
import { throwIfCancelled, type WorkControl } from '../../core/progress.js';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { boundedPageCall } from '../bounded.js';
import { CourseTextFields } from '../course-text-fields.js';
import { scoFrames, type ScoFrame } from '../frames.js';
import { axeSource } from './axe-source.js';
import { fixHint } from './fix-hints.js';
import { IsolatedWorlds } from './isolated-world.js';
import { tagsFor, wcagCriteria, type A11yLevel } from './levels.js';
import { auditInPage, type PageAuditResult, type PageRule } from './page-audit.js';

export const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;
export type Impact = (typeof IMPACTS)[number];

export interface AuditOptions {
  level: A11yLevel;
  includeBestPractices: boolean;
  maxNodesPerRule: number;
  timeoutMs: number;
  /** Progress per audited frame; cancelling stops the audit (and a busy axe run) at once. */
  control?: WorkControl;
}

export const AUDIT_DEFAULTS: AuditOptions = {
  level: 'AA',
  includeBestPractices: false,
  maxNodesPerRule: 10,
  timeoutMs: 30_000,
};

/** Most frames audited in one call (each costs an engine load); the rest are listed as skipped. */
export const MAX_AUDITED_FRAMES = 25;
const MAX_HTML_CHARS = 300;
const MAX_TEXT_CHARS = 600;

export interface A11yNode {
  frame: string;
  selector: string;
  /** The element's ref in the accessibility snapshot (for the DOM tools), when the snapshot lists it. */
  ref?: string;
  html: string;
  failure_summary: string;
}

export interface A11yFinding {
  rule: string;
  impact: Impact | null;
  wcag: string[];
  description: string;
  help_url: string;
  fix_hint: string;
  /** Elements that fail, in all frames; `nodes` lists at most max_nodes_per_rule of them. */
  node_count: number;
  nodes: A11yNode[];
}

export interface A11yAudit {
  level: A11yLevel;
  include_best_practices: boolean;
  axe_version: string;
  /** The axe tags that ran. */
  tags: string[];
  frames_audited: string[];
  frames_skipped: Array<{ frame: string; message: string }>;
  violations: A11yFinding[];
  /** Rules axe could not decide (e.g. text over an image for contrast): check these by hand. */
  incomplete: A11yFinding[];
  incomplete_count: number;
  /** Rules that applied and passed in every audited frame where they applied. */
  passes: number;
  summary: { by_impact: Record<Impact, number>; total_violations: number; total_nodes: number };
  duration_ms: number;
  notes?: string[];
}

const impactRank = (impact: Impact | null): number => (impact ? IMPACTS.indexOf(impact) : IMPACTS.length);

function asImpact(value: string | null): Impact | null {
  return (IMPACTS as readonly string[]).includes(value ?? '') ? (value as Impact) : null;
}

/** One entry per rule across frames: node counts add up, the worst impact wins, nodes are capped. */
function merge(perFrame: Array<{ label: string; rules: PageRule[] }>, maxNodes: number): A11yFinding[] {
  const byRule = new Map<string, A11yFinding>();
  for (const { label, rules } of perFrame) {
    for (const r of rules) {
      let entry = byRule.get(r.rule);
      if (!entry) {
        entry = {
          rule: r.rule,
          impact: asImpact(r.impact),
          wcag: wcagCriteria(r.tags),
          description: r.description,
          help_url: r.help_url,
          fix_hint: fixHint(r.rule, r.help),
          node_count: 0,
          nodes: [],
        };
        byRule.set(r.rule, entry);
      }
      const impact = asImpact(r.impact);
      if (impactRank(impact) < impactRank(entry.impact)) entry.impact = impact;
      entry.node_count += r.node_count;
      for (const n of r.nodes) {
        if (entry.nodes.length >= maxNodes) break;
        entry.nodes.push({
          frame: label,
          selector: n.selector,
          html: n.html,
          failure_summary: n.failure_summary,
        });
      }
    }
  }
  return [...byRule.values()].sort(
    (a, b) =>
      impactRank(a.impact) - impactRank(b.impact) ||
      b.node_count - a.node_count ||
      a.rule.localeCompare(b.rule),
  );
}

/** Where the audit is, for the message when it runs out of time. */
interface Progress {
  phase: string;
  frame: string;
  /** Set when the time is up: the audit stops at its next step. */
  abandoned: boolean;
}

export async function auditAccessibility(runtime: CourseRuntime, options: AuditOptions): Promise<A11yAudit> {
  const started = Date.now();
  const progress: Progress = { phase: 'listing the SCO frames', frame: 'sco', abandoned: false };
  try {
    // Past the budget, boundedPageCall stops the script holding the page (axe, or a course that never
    // yields) through the runtime, whose DevTools session answers even when ours, new, would not. Our
    // session is opened and closed within the bounded call, so a page that answers late holds no caller.
    return await boundedPageCall(
      runtime,
      await runtime.actingFrame(),
      'the accessibility audit',
      options.timeoutMs,
      () => withWorlds(runtime, (worlds) => runAudit(runtime, worlds, options, progress, started)),
      () => {
        progress.abandoned = true;
        const quoted = new CourseTextFields();
        return new ScormTesterError(
          'A11Y_AUDIT_ERROR',
          `The accessibility audit did not finish within ${options.timeoutMs} ms (${progress.phase}, frame ` +
            `${quoted.frame('frame', progress.frame)}): a very large page, or a course script that keeps the page busy. The running ` +
            'script was stopped; the runtime is still usable. Retry with a larger timeout_ms, or audit when the course is idle.',
          {
            timeout_ms: options.timeoutMs,
            frame: progress.frame,
            phase: progress.phase,
            ...quoted.details(),
          },
        );
      },
      options.control?.signal,
    );
  } catch (error) {
    if (runtime.isCrashed || !runtime.isOpen) await runtime.actingFrame(); // throws BROWSER_CRASHED / RUNTIME_NOT_OPEN
    if (isScormTesterError(error)) throw error;
    // The frame's label and the page's error text are the course's words.
    const quoted = new CourseTextFields();
    const where = quoted.frame('frame', progress.frame);
    const said = quoted.text('error', error instanceof Error ? error.message : String(error));
    fail(
      'A11Y_AUDIT_ERROR',
      `The accessibility audit failed (${progress.phase}, frame ${where}); the error is in ${said}.`,
      { frame: progress.frame, phase: progress.phase, ...quoted.details() },
    );
  }
}

async function withWorlds<T>(
  runtime: CourseRuntime,
  use: (worlds: IsolatedWorlds) => Promise<T>,
): Promise<T> {
  const worlds = await IsolatedWorlds.attach(runtime.actingPage);
  try {
    return await use(worlds);
  } finally {
    await worlds.detach();
  }
}

async function runAudit(
  runtime: CourseRuntime,
  worlds: IsolatedWorlds,
  options: AuditOptions,
  progress: Progress,
  started: number,
): Promise<A11yAudit> {
  const frames = await scoFrames(runtime);
  const source = await axeSource();
  const ids = await worlds.frameIds();
  const audited: Array<{ label: string; result: PageAuditResult }> = [];
  const skipped: A11yAudit['frames_skipped'] = [];
  for (const [index, f] of frames.entries()) {
    if (index >= MAX_AUDITED_FRAMES) {
      skipped.push({ frame: f.label, message: `more than ${MAX_AUDITED_FRAMES} frames: not audited` });
      continue;
    }
    progress.frame = f.label;
    options.control?.progress?.({
      done: index,
      total: Math.min(frames.length, MAX_AUDITED_FRAMES),
      message: `auditing frame ${index + 1}`,
    });
    const outcome = await auditFrame(worlds, f, ids.get(f.frame), source, options, progress);
    if ('reason' in outcome) skipped.push({ frame: f.label, message: outcome.reason });
    else audited.push({ label: f.label, result: outcome.result });
  }
  if (audited.length === 0) {
    const quoted = new CourseTextFields();
    const labels = skipped.map((s) => s.frame);
    const why = skipped.map((s, i) => `${quoted.frameOf('frames_skipped', labels, i)}: ${s.message}`);
    fail(
      'A11Y_AUDIT_ERROR',
      `No SCO frame could be audited: ${why.join('; ')}. ` +
        'Wait until the course has loaded (scorm_runtime_status) and try again.',
      { frames_skipped: skipped, ...quoted.details() },
    );
  }
  const audit = summarize(audited, skipped, options, Date.now() - started);
  progress.phase = "finding the failing elements' refs";
  const note = await attachRefs(runtime, audit);
  if (note) audit.notes = [note];
  audit.duration_ms = Date.now() - started;
  return audit;
}

type FrameOutcome = { result: PageAuditResult } | { reason: string };

async function auditFrame(
  worlds: IsolatedWorlds,
  f: ScoFrame,
  frameId: string | undefined,
  source: string,
  options: AuditOptions,
  progress: Progress,
): Promise<FrameOutcome> {
  if (!frameId) return { reason: "not found in the browser's frame tree (an out-of-process frame)" };
  const step = (phase: string): void => {
    if (progress.abandoned) throw new Error('abandoned after the time limit');
    throwIfCancelled(options.control?.signal, 'The accessibility audit');
    progress.phase = phase;
  };
  try {
    step('loading axe-core');
    const contextId = await worlds.create(frameId);
    await worlds.load(contextId, source);
    step('running axe');
    const result = await worlds.call(contextId, auditInPage, {
      tags: tagsFor(options.level, options.includeBestPractices),
      maxNodesPerRule: options.maxNodesPerRule,
      maxHtmlChars: MAX_HTML_CHARS,
      maxTextChars: MAX_TEXT_CHARS,
    });
    return { result };
  } catch (error) {
    if (progress.abandoned) throw error;
    if (f.frame.isDetached()) return { reason: 'the frame was removed during the audit' };
    const message = error instanceof Error ? error.message : String(error);
    if (/context was destroyed|Cannot find context|No frame/i.test(message))
      return { reason: 'the frame navigated during the audit: audit again' };
    throw error;
  }
}

function summarize(
  audited: Array<{ label: string; result: PageAuditResult }>,
  skipped: A11yAudit['frames_skipped'],
  options: AuditOptions,
  durationMs: number,
): A11yAudit {
  const violations = merge(
    audited.map((a) => ({ label: a.label, rules: a.result.violations })),
    options.maxNodesPerRule,
  );
  const incomplete = merge(
    audited.map((a) => ({ label: a.label, rules: a.result.incomplete })),
    options.maxNodesPerRule,
  );
  const failing = new Set([...violations, ...incomplete].map((v) => v.rule));
  const passed = new Set(audited.flatMap((a) => a.result.passes).filter((rule) => !failing.has(rule)));
  const byImpact: Record<Impact, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  for (const v of violations) if (v.impact) byImpact[v.impact] += 1;
  const first = audited[0]!.result;
  return {
    level: options.level,
    include_best_practices: options.includeBestPractices,
    axe_version: first.axe_version,
    tags: first.tags_used,
    frames_audited: audited.map((a) => a.label),
    frames_skipped: skipped,
    violations,
    incomplete,
    incomplete_count: incomplete.length,
    passes: passed.size,
    summary: {
      by_impact: byImpact,
      total_violations: violations.length,
      total_nodes: violations.reduce((sum, v) => sum + v.node_count, 0),
    },
    duration_ms: durationMs,
  };
}
