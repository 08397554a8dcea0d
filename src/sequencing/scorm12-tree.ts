/**
 * SCORM 1.2 multi-SCO courses on the same engine: a 1.2 organization has no IMS SS sequencing, so each
 * activity gets the SN defaults with flow allowed everywhere (the learner moves through the organization
 * with continue/previous and the table of contents), no rules and the default rollup. What 1.2 adds is
 * `adlcp:prerequisites` (checked when an activity would be delivered) and `adlcp:masteryscore` (used at
 * LMSFinish, see scorm12-tracking.ts).
 */
import type { Item } from '../manifest/model.js';
import type { Position } from '../manifest/xml-tree.js';
import type { SeqActivity, SeqTree } from './activity-tree.js';
import type { DefinitionProblem } from './definition-check.js';
import { mergeSequencing, type EffectiveSequencing } from './effective-definition.js';
import {
  parsePrerequisites,
  prerequisiteItems,
  PREREQUISITES_SYNTAX,
  type Prerequisite,
} from './scorm12-prerequisites.js';

export interface Scorm12Prerequisites {
  /** The script as written (trimmed). */
  script: string;
  type: string | null;
  parsed: Prerequisite | { error: string };
  pos: Position;
}

export interface Scorm12Activity {
  prerequisites: Scorm12Prerequisites | null;
  /** adlcp:masteryscore (0–100), null when absent or not a number. */
  masteryScore: number | null;
  /** adlcp:maxtimeallowed as written (a CMITimespan), null when absent. */
  maxTimeAllowed: string | null;
}

/** The SN defaults, with flow; content reports the status itself (the LMS does not invent it at exit). */
export function scorm12Sequencing(): EffectiveSequencing {
  const def = mergeSequencing(null, []);
  def.controlMode.flow = true;
  def.completionSetByContent = true;
  def.objectiveSetByContent = true;
  return def;
}

/**
 * A SCORM 1.2 item with child items and its own resource is delivered as many 1.2 LMSs do: its page
 * first, then its children. The SCORM 1.2 CAM (2.3, <item> identifierref) gives every item its resource
 * and, unlike SCORM 2004, does not restrict launch to leaf items. The tree holds such an item as a
 * cluster (its identifier with this suffix: it is no item of the manifest) whose first child is a leaf
 * with the item's identifier and resource, so a choice of the item, its launch and its saved data are
 * the item's own.
 */
export const SCORM12_CHILDREN_SUFFIX = '#children';

/**
 * The 1.2 attributes of an activity. `role`: a split item's prerequisites gate the cluster (its page and
 * its children); its mastery score and time limit belong to the page, the SCO.
 */
export function scorm12Activity(
  item: Item | null,
  role: 'item' | 'cluster' | 'page' = 'item',
): Scorm12Activity {
  const p = role === 'page' ? null : item?.prerequisites;
  const mastery = role === 'cluster' ? undefined : item?.masteryscore?.trim();
  const score = mastery ? Number(mastery) : NaN;
  return {
    prerequisites:
      p && p.value.trim()
        ? { script: p.value.trim(), type: p.type, parsed: parsePrerequisites(p.value), pos: p.pos }
        : null,
    masteryScore: Number.isFinite(score) ? score : null,
    maxTimeAllowed: (role === 'cluster' ? null : item?.maxtimeallowed?.trim()) || null,
  };
}

/** Prerequisites that cannot be evaluated: another scripting language, bad syntax, unknown items. */
export function scorm12Problems(tree: SeqTree): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  for (const a of tree.activities) {
    const p = a.scorm12?.prerequisites;
    if (!p) continue;
    const problem = (message: string, fix: string) =>
      problems.push({
        activityId: a.id,
        message: `<adlcp:prerequisites> of item "${scorm12ItemId(a)}" ${message}`,
        fix,
        pos: p.pos,
      });
    if (p.type !== null && p.type.trim() !== 'aicc_script') {
      problem(
        `has type="${p.type}"; the only scripting language SCORM 1.2 defines is "aicc_script".`,
        'Write <adlcp:prerequisites type="aicc_script">.',
      );
      continue;
    }
    if ('error' in p.parsed) {
      problem(`cannot be read ("${p.script}"): ${p.parsed.error}.`, PREREQUISITES_SYNTAX);
      continue;
    }
    const unknown = [...new Set(prerequisiteItems(p.parsed))].filter((id) => !tree.byId.has(id));
    if (unknown.length > 0)
      problem(
        `("${p.script}") names ${unknown.map((u) => `"${u}"`).join(', ')}, which ${unknown.length > 1 ? 'are not item identifiers' : 'is not an item identifier'} of this organization, so the item could never be entered.`,
        `Use identifiers of <item> elements of the organization (it has ${describeIds(tree)}).`,
      );
  }
  return problems;
}

/** The manifest item an activity stands for (a split item's cluster stands for the item too). */
export function scorm12ItemId(a: SeqActivity): string {
  return a.id.endsWith(SCORM12_CHILDREN_SUFFIX) ? a.id.slice(0, -SCORM12_CHILDREN_SUFFIX.length) : a.id;
}

function describeIds(tree: SeqTree): string {
  const ids = [
    ...new Set(tree.activities.filter((a: SeqActivity) => a.parent).map((a) => `"${scorm12ItemId(a)}"`)),
  ];
  return ids.length > 12 ? `${ids.slice(0, 12).join(', ')}, …` : ids.join(', ');
}
