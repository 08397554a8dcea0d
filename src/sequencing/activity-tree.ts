/**
 * The activity tree the sequencer runs on (SN book, "Activity Tree"): one organization of a manifest,
 * each activity with its effective sequencing definition (IDRef merged, SN defaults applied) and the
 * few CAM attributes sequencing and delivery need.
 */
import { quoted, remarkQuoted, type CourseTexts } from '../core/course-text.js';
import type { CompletionThreshold, Item, Organization, ScormManifest } from '../manifest/model.js';
import { isScormTesterError } from '../core/errors.js';
import { launchOfItem } from '../manifest/launch.js';
import type { Position } from '../manifest/xml-tree.js';
import { checkSequencingDefinitions, SequencingDefinitionError } from './definition-check.js';
import { mergeSequencing, type EffectiveSequencing } from './effective-definition.js';
import { parentItemOwnResource } from '../manifest/parent-item-resource.js';
import {
  SCORM12_CHILDREN_SUFFIX,
  scorm12Activity,
  scorm12Problems,
  scorm12Sequencing,
  type Scorm12Activity,
} from './scorm12-tree.js';

export interface SeqActivity {
  id: string;
  title: string;
  /** Position in a preorder walk of the whole tree (0 = root). */
  order: number;
  parent: SeqActivity | null;
  /** Children as written; what can be delivered now is `availableChildren` in the tracking state. */
  children: SeqActivity[];
  depth: number;
  /** Where the item (or organization) is written in the manifest. */
  pos: Position;
  isVisible: boolean;
  /** identifierref of a leaf item (null for clusters and the root). */
  resourceId: string | null;
  /** Why a leaf cannot be launched (no or unknown resource, no href); null when it can. */
  launchProblem: string | null;
  /** The item's `parameters` attribute, for the launch URL. */
  parameters: string | null;
  def: EffectiveSequencing;
  /** adlcp:completionThreshold (4th Ed.). */
  completedByMeasure: boolean;
  minProgressMeasure: number;
  progressWeight: number;
  /** adlnav:hideLMSUI values. */
  hideLMSUI: string[];
  timeLimitAction: string | null;
  dataFromLMS: string | null;
  /** SCORM 1.2 only: prerequisites and mastery score (null on a 2004 tree). */
  scorm12: Scorm12Activity | null;
}

export interface SeqTree {
  /** A SCORM 1.2 organization runs with flow and choice everywhere, no rules, and prerequisites. */
  scormVersion: '1.2' | '2004';
  root: SeqActivity;
  /** Preorder (document order). */
  activities: SeqActivity[];
  byId: Map<string, SeqActivity>;
  /** adlseq:objectivesGlobalToSystem of the organization. */
  objectivesGlobalToSystem: boolean;
  /** adlcp:sharedDataGlobalToSystem of the organization. */
  sharedDataGlobalToSystem: boolean;
}

/**
 * Build the tree of `organizationId` (default: the manifest's default organization, else the first).
 * Throws SequencingDefinitionError when the tree cannot be sequenced as written.
 */
export function buildSeqTree(manifest: ScormManifest, organizationId?: string): SeqTree {
  const orgs = manifest.organizations.list;
  const wanted = organizationId ?? manifest.organizations.default?.trim() ?? null;
  const org = (wanted ? orgs.find((o) => o.identifier?.trim() === wanted) : undefined) ?? orgs[0];
  const refuse = (message: string, fix: string): never => {
    throw new SequencingDefinitionError([
      { activityId: null, message, fix, pos: manifest.organizations.pos },
    ]);
  };
  if (!org)
    return refuse(
      'The manifest has no <organization>: there is nothing to sequence.',
      "Add an <organization> with the course's <item> elements.",
    );
  if (organizationId && org.identifier?.trim() !== organizationId)
    return refuse(
      `The manifest has no organization "${organizationId}" (it has ${orgs.map((o) => `"${o.identifier ?? ''}"`).join(', ')}).`,
      "Name one of the manifest's organizations, or leave the organization out to use the default one.",
    );
  const scorm12 = manifest.scorm.version === '1.2';
  const activities: SeqActivity[] = [];
  const byId = new Map<string, SeqActivity>();
  const make = (node: Item | Organization, parent: SeqActivity | null, ownPage = false): SeqActivity => {
    const item = parent ? (node as Item) : null;
    const ct = completionThresholdOf(node.completionThreshold);
    // A 1.2 item with children and its own resource: a cluster holding the item's page, then its children.
    const split = scorm12 && item !== null && !ownPage && parentItemOwnResource(item) !== null;
    const itemId = node.identifier?.trim() || `#${activities.length}`;
    const a: SeqActivity = {
      id: split ? `${itemId}${SCORM12_CHILDREN_SUFFIX}` : itemId,
      title: node.title?.trim() ?? '',
      order: activities.length,
      parent,
      children: [],
      depth: parent ? parent.depth + 1 : 0,
      pos: node.pos,
      isVisible: item ? item.isvisible !== false : true,
      resourceId: null,
      launchProblem: null,
      parameters: item?.parameters ?? null,
      def: scorm12 ? scorm12Sequencing() : mergeSequencing(node.sequencing, manifest.sequencingCollection),
      ...ct,
      hideLMSUI: item?.presentation?.hideLMSUI.map((h) => h.value.trim()) ?? [],
      // SCORM 1.2 writes these as adlcp:timelimitaction and adlcp:datafromlms.
      timeLimitAction: (scorm12 ? item?.timelimitaction : item?.timeLimitAction)?.trim() || null,
      dataFromLMS: (scorm12 ? item?.datafromlms : item?.dataFromLMS) ?? null,
      scorm12: scorm12 ? scorm12Activity(item, split ? 'cluster' : ownPage ? 'page' : 'item') : null,
    };
    activities.push(a);
    if (!byId.has(a.id)) byId.set(a.id, a);
    a.children = [
      ...(split ? [make(node, a, true)] : []),
      ...(ownPage ? [] : node.items.map((child) => make(child, a))),
    ];
    if (item && a.children.length === 0) {
      a.resourceId = item.identifierref?.trim() || null;
      a.launchProblem = launchProblemOf(manifest, item);
    }
    return a;
  };
  const root = make(org, null);
  const tree: SeqTree = {
    scormVersion: scorm12 ? '1.2' : '2004',
    root,
    activities,
    byId,
    objectivesGlobalToSystem: org.objectivesGlobalToSystem ?? true,
    sharedDataGlobalToSystem: org.sharedDataGlobalToSystem ?? true,
  };
  const problems = [
    ...checkSequencingDefinitions(tree, manifest.sequencingCollection),
    ...(scorm12 ? scorm12Problems(tree) : []),
  ];
  if (problems.length > 0) throw new SequencingDefinitionError(problems);
  return tree;
}

function launchProblemOf(manifest: ScormManifest, item: Item): string | null {
  try {
    launchOfItem(manifest, item);
    return null;
  } catch (error) {
    // Composed into the engine's reasons: the manifest's words stay marked as course text.
    if (isScormTesterError(error))
      return remarkQuoted(error.message, error.details?.course_text as CourseTexts | undefined);
    throw error;
  }
}

function completionThresholdOf(
  ct: CompletionThreshold | null,
): Pick<SeqActivity, 'completedByMeasure' | 'minProgressMeasure' | 'progressWeight'> {
  const num = (text: string | null | undefined, fallback: number): number => {
    const n = text == null || text.trim() === '' ? NaN : Number(text.trim());
    return Number.isFinite(n) ? n : fallback;
  };
  return {
    completedByMeasure: ct?.completedByMeasure ?? false,
    minProgressMeasure: num(ct?.minProgressMeasure ?? ct?.text, 1),
    progressWeight: num(ct?.progressWeight, 1),
  };
}

export function isLeaf(a: SeqActivity): boolean {
  return a.children.length === 0;
}

/**
 * How messages name an activity: its title and identifier, or the identifier alone, both course text
 * marked with `quoted()` (the session's boundary moves them into `course_text`).
 */
export function activityLabel(a: SeqActivity): string {
  return a.title && a.title !== a.id ? `${quoted(a.title)} (${quoted(a.id)})` : quoted(a.id);
}
