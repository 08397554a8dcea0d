/**
 * What runs inside one SCO frame, in our own isolated JavaScript world (see isolated-world.ts): axe-core
 * was evaluated there first. The course's scripts cannot see or change this world's globals, and this
 * world cannot reach the course's SCORM API object. The function is sent by its source text, like
 * Playwright's evaluate, so it must not use anything from outside its body.
 */
import type { ImpactValue, NodeResult, Result, RunOptions } from 'axe-core';

export interface PageAuditArgs {
  /** axe tags wanted (wcag2a, wcag2aa, best-practice, …); those this axe does not know are left out. */
  tags: string[];
  maxNodesPerRule: number;
  maxHtmlChars: number;
  maxTextChars: number;
}

export interface PageNode {
  /** CSS selector (shadow DOM parts joined by a space, which Playwright resolves through open shadow roots). */
  selector: string;
  html: string;
  failure_summary: string;
  impact: ImpactValue | null;
}

export interface PageRule {
  rule: string;
  impact: ImpactValue | null;
  tags: string[];
  description: string;
  help: string;
  help_url: string;
  node_count: number;
  nodes: PageNode[];
}

export interface PageAuditResult {
  tags_used: string[];
  violations: PageRule[];
  incomplete: PageRule[];
  passes: string[];
  axe_version: string;
}

interface AxeApi {
  version: string;
  run(
    context: Document,
    options: RunOptions,
  ): Promise<{ violations: Result[]; incomplete: Result[]; passes: Result[] }>;
  getRules(): Array<{ ruleId: string; tags: string[] }>;
  teardown?: () => void;
}

export async function auditInPage(args: PageAuditArgs): Promise<PageAuditResult> {
  const world = globalThis as unknown as { axe?: AxeApi; console: Console };
  const engine = world.axe;
  if (!engine) throw new Error('axe-core is not loaded in the audit world');
  // Nothing from this world may reach the course's console record.
  const quiet = (): void => undefined;
  for (const method of ['log', 'info', 'warn', 'error', 'debug', 'table', 'group', 'groupEnd'] as const) {
    (world.console as unknown as Record<string, unknown>)[method] = quiet;
  }
  const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)}…` : text);
  const selectorOf = (target: NodeResult['target']): string =>
    target.map((part) => (Array.isArray(part) ? part.join(' ') : String(part))).join(' ');
  // Rules by id rather than runOnly tags: tags skip the rules axe disables by default (AAA's
  // color-contrast-enhanced), and a level asked for means all of its rules. Experimental ones stay out.
  const wanted = new Set(args.tags);
  const known = new Set<string>();
  const ruleIds: string[] = [];
  for (const rule of engine.getRules()) {
    for (const tag of rule.tags) known.add(tag);
    const excluded = rule.tags.includes('experimental') || rule.tags.includes('deprecated');
    if (!excluded && rule.tags.some((t) => wanted.has(t))) ruleIds.push(rule.ruleId);
  }
  const tags = args.tags.filter((t) => known.has(t));
  const brief = (r: Result): PageRule => ({
    rule: r.id,
    impact: r.impact ?? null,
    tags: r.tags,
    description: r.description,
    help: r.help,
    help_url: r.helpUrl,
    node_count: r.nodes.length,
    nodes: r.nodes.slice(0, args.maxNodesPerRule).map((n) => ({
      selector: clip(selectorOf(n.target), args.maxTextChars),
      html: clip(n.html, args.maxHtmlChars),
      failure_summary: clip(n.failureSummary ?? '', args.maxTextChars),
      impact: n.impact ?? null,
    })),
  });
  try {
    const results = await engine.run(document, {
      runOnly: { type: 'rule', values: ruleIds },
      // Each frame is audited on its own (the caller walks the SCO's frames), and nothing is fetched.
      iframes: false,
      preload: false,
      resultTypes: ['violations', 'incomplete'],
      selectors: true,
      ancestry: false,
      xpath: false,
      performanceTimer: false,
    });
    return {
      tags_used: tags,
      violations: results.violations.map(brief),
      incomplete: results.incomplete.map(brief),
      passes: results.passes.map((r) => r.id),
      axe_version: engine.version,
    };
  } finally {
    // Let the engine and its caches be collected: the world itself lives as long as the document.
    engine.teardown?.();
    Reflect.deleteProperty(world, 'axe');
  }
}
