/**
 * What makes an activity tree unusable for sequencing, checked once when a session is created: a
 * sequencing definition that cannot be resolved (dangling, chained or cyclic IDRef, an IDRef that names
 * several collection members), a mapInfo without a targetObjectiveID, two objectives of one activity
 * with the same objectiveID, and activities that share an identifier. Each would silently change what
 * sequencing does, so a session refuses to start on them. (A global objective that is read but never
 * written is only a lint warning: ADL's OB-03b does that on purpose.)
 */
import type { Located, SequencingDefinition } from '../manifest/model.js';
import type { Position } from '../manifest/xml-tree.js';
import type { SeqActivity, SeqTree } from './activity-tree.js';
import type { EffectiveSequencing } from './effective-definition.js';

export interface DefinitionProblem {
  /** The activity (item or organization identifier) the problem is on, when there is one. */
  activityId: string | null;
  /** What is wrong, naming the element and the value as written. */
  message: string;
  /** What to change. */
  fix: string;
  /** Where it is written in the manifest. */
  pos: Position | null;
}

/** An activity tree that cannot be sequenced (the session layer reports SN_INIT_FAILED). */
export class SequencingDefinitionError extends Error {
  override readonly name = 'SequencingDefinitionError';

  constructor(readonly problems: readonly DefinitionProblem[]) {
    super(
      problems
        .map((p) => `${p.message}${p.pos ? ` (${p.pos.file}, line ${p.pos.line})` : ''} ${p.fix}`)
        .join('\n'),
    );
  }
}

export function checkSequencingDefinitions(
  tree: SeqTree,
  collection: readonly SequencingDefinition[],
): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const seen = new Map<string, SeqActivity>();
  for (const a of tree.activities) {
    const first = seen.get(a.id);
    if (first)
      problems.push({
        activityId: a.id,
        message: `Two activities have the identifier "${a.id}" (activity #${first.order} and #${a.order} in document order), so navigation requests naming it are ambiguous.`,
        fix: 'Give every <item> its own identifier.',
        pos: a.pos,
      });
    else seen.set(a.id, a);
    problems.push(
      ...idRefIssues(label(a), a.def, collection).map((p) => ({ activityId: a.id, ...p })),
      ...objectiveProblems(a),
    );
  }
  return problems;
}

function label(a: SeqActivity): string {
  return a.parent ? `item "${a.id}"` : `organization "${a.id}"`;
}

function attrPos(el: Located | null | undefined, name: string): Position | null {
  return el ? (el.attrPos[name] ?? el.pos) : null;
}

export type IdRefIssue = Omit<DefinitionProblem, 'activityId'>;

/**
 * What keeps an activity's IDRef from resolving to exactly one complete collection member (also the
 * static lint's seq.idref_unresolved). `subject` names the activity, e.g. `item "A"`; `name` writes an
 * identifier the manifest chose into a sentence, `inChain` in an `a → b` list (the lint passes `quoted`,
 * which moves it to course text).
 */
export function idRefIssues(
  subject: string,
  def: EffectiveSequencing,
  collection: readonly SequencingDefinition[],
  name: (id: string, inChain?: boolean) => string = (id, inChain) => (inChain ? id : `"${id}"`),
): IdRefIssue[] {
  const own = def.own;
  const ref = own?.idRef?.trim();
  if (!own || !ref) return [];
  const pos = attrPos(own, 'IDRef');
  const members = (id: string) => collection.filter((s) => s.id?.trim() === id);
  if (def.unresolvedIdRef !== null) {
    const known = collection.map((s) => s.id?.trim()).filter((id) => !!id);
    return [
      {
        message: `The sequencing of ${subject} references IDRef=${name(ref)}, but no <imsss:sequencing> in the <imsss:sequencingCollection> has ID=${name(ref)}${known.length ? ` (known IDs: ${known.map((id) => name(id as string)).join(', ')})` : ' (the manifest has no sequencingCollection)'}.`,
        fix: `Set IDRef to the ID of an existing collection member, or add <imsss:sequencing ID=${name(ref)}> to the <imsss:sequencingCollection>.`,
        pos,
      },
    ];
  }
  if (members(ref).length > 1)
    return [
      {
        message: `The sequencing of ${subject} references IDRef=${name(ref)}, and ${members(ref).length} members of the <imsss:sequencingCollection> have ID=${name(ref)}, so which one applies is undefined.`,
        fix: `Give each collection member its own ID.`,
        pos,
      },
    ];
  // A collection member is a complete definition: the CAM gives it no IDRef of its own, and we never follow one.
  const chain = [ref];
  let member = members(ref)[0];
  while (member?.idRef?.trim()) {
    const next = member.idRef.trim();
    const cyclic = chain.includes(next);
    chain.push(next);
    if (cyclic || chain.length > collection.length + 1) {
      return [
        {
          message: `The sequencing of ${subject} references IDRef=${name(ref)}, and the collection members reference each other in a cycle (${chain.map((id) => name(id, true)).join(' → ')}).`,
          fix: 'Remove IDRef from the <imsss:sequencing> elements inside <imsss:sequencingCollection>: a collection member must be a complete definition.',
          pos: attrPos(member, 'IDRef'),
        },
      ];
    }
    member = members(next)[0];
  }
  if (chain.length > 1)
    return [
      {
        message: `The sequencing of ${subject} references IDRef=${name(ref)}, which itself references IDRef=${name(chain[1] as string)} (${chain.map((id) => name(id, true)).join(' → ')}); IDRef chains are not part of SCORM and would be ignored.`,
        fix: `Remove IDRef from <imsss:sequencing ID=${name(ref)}> in the <imsss:sequencingCollection> and write the shared elements there.`,
        pos: attrPos(members(ref)[0], 'IDRef'),
      },
    ];
  return [];
}

function objectiveProblems(a: SeqActivity): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const keys = new Set<string>();
  for (const o of a.def.objectives) {
    if (o.key === null) continue;
    if (keys.has(o.key))
      problems.push({
        activityId: a.id,
        message: `The ${label(a)} has two objectives with objectiveID="${o.id ?? ''}", so their tracking status cannot be told apart.`,
        fix: 'Give each objective of the activity its own objectiveID.',
        pos: attrPos(o.source, 'objectiveID'),
      });
    keys.add(o.key);
  }
  return [...problems, ...mapProblems(a)];
}

function mapProblems(a: SeqActivity): DefinitionProblem[] {
  return a.def.objectives.flatMap((o) =>
    o.untargetedMaps.map((m) => ({
      activityId: a.id,
      message: `A <${m.xml.name}> of objective ${o.id === null ? '(primary, no objectiveID)' : `"${o.id}"`} on ${label(a)} has no targetObjectiveID, so it maps to no global objective.`,
      fix: 'Set targetObjectiveID to the global objective this map reads or writes, or remove the map.',
      pos: m.pos,
    })),
  );
}
