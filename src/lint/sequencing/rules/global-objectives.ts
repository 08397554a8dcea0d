/**
 * Global (shared) objectives: who reads and who writes each targetObjectiveID. Scope follows
 * adlseq:objectivesGlobalToSystem: shared across packages when true (the default), private to the
 * organization's activity tree when false.
 */
import { quoted } from '../../../core/course-text.js';
import type { Finding } from '../../../core/findings.js';
import type { Located } from '../../../manifest/model.js';
import type { Activity } from '../activity-tree.js';
import { finding, seqRule, type SeqLintContext, type SeqLintRule } from '../rule.js';

interface MapUse {
  activity: Activity;
  objectiveId: string | null;
  map: Located;
  reads: string[];
  writes: string[];
}

interface Target {
  id: string;
  /** True when the objective lives in the learner's system-wide store (other packages can write it). */
  systemWide: boolean;
  uses: MapUse[];
}

function collectTargets(ctx: SeqLintContext): Target[] {
  const targets = new Map<string, Target>();
  for (const a of ctx.activities) {
    for (const o of a.seq.objectives) {
      const uses: Array<Omit<MapUse, 'activity' | 'objectiveId'> & { target: string; key: string }> = [
        ...o.mapInfo.map((m) => ({
          target: m.targetObjectiveID,
          key: m.targetKey,
          map: m.source,
          reads: flags({ satisfied: m.readSatisfiedStatus, measure: m.readNormalizedMeasure }),
          writes: flags({ satisfied: m.writeSatisfiedStatus, measure: m.writeNormalizedMeasure }),
        })),
        ...o.adlMapInfo.map((m) => ({
          target: m.targetObjectiveID,
          key: m.targetKey,
          map: m.source,
          reads: flags({
            rawScore: m.readRawScore,
            minScore: m.readMinScore,
            maxScore: m.readMaxScore,
            completion: m.readCompletionStatus,
            progress: m.readProgressMeasure,
          }),
          writes: flags({
            rawScore: m.writeRawScore,
            minScore: m.writeMinScore,
            maxScore: m.writeMaxScore,
            completion: m.writeCompletionStatus,
            progress: m.writeProgressMeasure,
          }),
        })),
      ];
      for (const u of uses) {
        const key = a.objectivesGlobalToSystem ? `system\u0000${u.key}` : `${a.orgIndex}\u0000${u.key}`;
        let t = targets.get(key);
        if (!t) targets.set(key, (t = { id: u.target, systemWide: a.objectivesGlobalToSystem, uses: [] }));
        t.uses.push({ activity: a, objectiveId: o.id, map: u.map, reads: u.reads, writes: u.writes });
      }
    }
  }
  return [...targets.values()];
}

function flags(f: Record<string, boolean>): string[] {
  return Object.keys(f).filter((k) => f[k]);
}

const unresolvedInfo = seqRule(
  'seq.target_objective_unresolved',
  'warning',
  'strict',
  'Global objective that is read but never written',
);

export const targetObjectiveUnresolved: SeqLintRule = {
  info: unresolvedInfo,
  check(ctx) {
    const out: Finding[] = [];
    for (const t of collectTargets(ctx)) {
      if (t.uses.some((u) => u.writes.length > 0)) continue;
      const readers = t.uses.filter((u) => u.reads.length > 0);
      const first = readers[0];
      if (!first) continue;
      const who = describe(readers);
      out.push(
        finding(unresolvedInfo, {
          at: first.map,
          attr: 'targetObjectiveID',
          // Warning even when system-wide: a single package is the usual case, where this is a typo. ADL's
          // CO-07b, OB-03c and SX-11c read what a sibling package wrote, and the message says that case.
          message: t.systemWide
            ? `Global objective ${quoted(t.id)} is read by ${who} but no activity of this package writes it; it stays unknown unless another package shares it for the same learner, so rules reading it never see a status.`
            : `Global objective ${quoted(t.id)} is read by ${who} but nothing writes it, and objectivesGlobalToSystem="false" keeps other packages out: the read can never return a value.`,
          fix: `Add writeSatisfiedStatus="true" (and/or writeNormalizedMeasure="true") to the <imsss:mapInfo targetObjectiveID=${quoted(t.id)}> of the activity whose result should be shared, or correct the targetObjectiveID to match the writer's.`,
        }),
      );
    }
    return out;
  },
};

const unreadInfo = seqRule(
  'seq.target_objective_unread',
  'warning',
  'strict',
  'Global objective that one activity writes and no other reads',
);

/**
 * SN book, Objective Map (Global Objectives): a write only shares a result when another activity's map
 * reads the same targetObjectiveID; a rule meant to use it (a pre-test's "skip when satisfied") never
 * sees it otherwise. A writer's own map reads by default, which shares nothing, so it does not count.
 */
export const targetObjectiveUnread: SeqLintRule = {
  info: unreadInfo,
  check(ctx) {
    const out: Finding[] = [];
    for (const t of collectTargets(ctx)) {
      const writers = t.uses.filter((u) => u.writes.length > 0);
      const first = writers[0];
      if (!first || new Set(writers.map((u) => u.activity)).size !== 1) continue;
      const isWriter = (u: MapUse) =>
        writers.some((w) => w.activity === u.activity && w.objectiveId === u.objectiveId);
      if (t.uses.some((u) => u.reads.length > 0 && !isWriter(u))) continue;
      out.push(
        finding(unreadInfo, {
          at: first.map,
          attr: 'targetObjectiveID',
          message: `Global objective ${quoted(t.id)} is written (${first.writes.map(aspectName).join(', ')}) by ${describe([first])} but no other activity reads it${t.systemWide ? ' in this package' : ''}: a rule meant to use it (such as a skip when a pre-test is passed) never sees its value.`,
          fix: `In the activity that should use the result, add an objective with <imsss:mapInfo targetObjectiveID=${quoted(t.id)} readSatisfiedStatus="true"/> and point its rule's referencedObjective at that objective; or remove the unused write.`,
        }),
      );
    }
    return out;
  },
};

const writeInfo = seqRule(
  'seq.objective_global_shared_write_conflict',
  'info',
  // Several writers is also the classic "pre-test or post-test satisfies it" pattern (ADL T-01a): a note.
  'pedantic',
  'Several activities write the same global objective',
);

export const objectiveGlobalSharedWriteConflict: SeqLintRule = {
  info: writeInfo,
  check(ctx) {
    const out: Finding[] = [];
    for (const t of collectTargets(ctx)) {
      const conflicts = new Map<string, MapUse[]>();
      for (const u of t.uses) {
        for (const w of u.writes) {
          const list = conflicts.get(w) ?? [];
          if (!list.some((x) => x.activity === u.activity && x.objectiveId === u.objectiveId)) list.push(u);
          conflicts.set(w, list);
        }
      }
      const aspects = [...conflicts].filter(([, writers]) => writers.length > 1);
      const second = aspects[0]?.[1][1];
      if (!second) continue;
      const writers = [...new Set(aspects.flatMap(([, w]) => w))];
      out.push(
        finding(writeInfo, {
          at: second.map,
          attr: 'targetObjectiveID',
          message: `Global objective ${quoted(t.id)} is written (${aspects.map(([k]) => aspectName(k)).join(', ')}) by ${describe(writers)}: whichever activity ends its attempt last overwrites the others, so its value depends on the order the learner takes them.`,
          fix: `If one shared result is intended, let a single activity write it (or write from the common parent, whose rollup combines the children); otherwise give each writer its own targetObjectiveID.`,
        }),
      );
    }
    return out;
  },
};

const ASPECTS: Record<string, string> = {
  satisfied: 'satisfied status',
  measure: 'normalized measure',
  rawScore: 'raw score',
  minScore: 'min score',
  maxScore: 'max score',
  completion: 'completion status',
  progress: 'progress measure',
};

function aspectName(k: string): string {
  return ASPECTS[k] ?? k;
}

function describe(uses: readonly MapUse[]): string {
  const names = [
    ...new Set(
      uses.map((u) => `${u.activity.label}${u.objectiveId ? ` (objective ${quoted(u.objectiveId)})` : ''}`),
    ),
  ];
  return names.length > 4 ? `${names.slice(0, 4).join(', ')} and ${names.length - 4} more` : names.join(', ');
}
