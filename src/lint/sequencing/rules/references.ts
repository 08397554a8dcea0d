/** References inside the sequencing data: IDRef, referencedObjective, adlseq objectives, leaf resources. */
import { quoted } from '../../../core/course-text.js';
import type { Finding } from '../../../core/findings.js';
import type { Item } from '../../../manifest/model.js';
import { isLeaf } from '../activity-tree.js';
import { referencedObjective } from '../conditions.js';
import { idRefIssues } from '../../../sequencing/definition-check.js';
import { activityAnchor, cap, finding, seqRule, type SeqLintRule } from '../rule.js';

const idrefInfo = seqRule(
  'seq.idref_unresolved',
  'error',
  'basic',
  'IDRef names no sequencingCollection member',
);

export const idrefUnresolved: SeqLintRule = {
  info: idrefInfo,
  check(ctx) {
    const collection = ctx.parsed.manifest.sequencingCollection;
    return ctx.activities.flatMap((a) =>
      idRefIssues(a.label, a.seq, collection, quoted).map((issue) =>
        finding(idrefInfo, { at: issue.pos ?? activityAnchor(a), message: issue.message, fix: issue.fix }),
      ),
    );
  },
};

const unusedInfo = seqRule(
  'seq.collection_unused',
  'info',
  'pedantic',
  'sequencingCollection member that no activity references',
);

export const collectionUnused: SeqLintRule = {
  info: unusedInfo,
  check(ctx) {
    const used = new Set(ctx.activities.map((a) => a.seq.own?.idRef?.trim()).filter((r) => !!r));
    return ctx.parsed.manifest.sequencingCollection.flatMap((s) => {
      const id = s.id?.trim();
      if (!id || used.has(id)) return [];
      return [
        finding(unusedInfo, {
          at: s,
          attr: 'ID',
          message: `The shared sequencing definition ID=${quoted(id)} is never referenced by an IDRef, so it has no effect.`,
          fix: `Reference it with <imsss:sequencing IDRef=${quoted(id)}> on the item(s) it was written for, or remove it.`,
        }),
      ];
    });
  },
};

const refObjInfo = seqRule(
  'seq.referenced_objective_unresolved',
  'error',
  'basic',
  'Rule condition or adlseq:objective names no objective of its activity',
);

export const referencedObjectiveUnresolved: SeqLintRule = {
  info: refObjInfo,
  check(ctx) {
    const out: Finding[] = [];
    for (const a of ctx.activities) {
      const ids = a.seq.objectives.map((o) => o.id).filter((id) => id !== null);
      const known = ids.length
        ? `Its objectives are: ${ids.map((id) => `${quoted(id)}`).join(', ')}.`
        : 'It declares no objective IDs.';
      const rules = [...a.seq.preConditionRules, ...a.seq.exitConditionRules, ...a.seq.postConditionRules];
      for (const rule of rules) {
        for (const c of rule.conditions) {
          const ref = c.referencedObjective?.trim();
          if (!ref || referencedObjective(a.seq, c)) continue;
          out.push(
            finding(refObjInfo, {
              at: c,
              attr: 'referencedObjective',
              message: `A ${rule.kind}-condition rule of ${a.label} tests objective ${quoted(ref)}, which is not an objective of that activity; the condition is evaluated against nothing and the rule behaves unpredictably across LMSs. ${known}`,
              fix: `Set referencedObjective to one of the activity's objectiveIDs, or declare <imsss:objective objectiveID=${quoted(ref)}> in its <imsss:objectives>.`,
            }),
          );
        }
      }
      for (const adl of a.seq.orphanAdlObjectives) {
        const id = adl.objectiveID?.trim() ?? '';
        out.push(
          finding(refObjInfo, {
            at: adl,
            attr: 'objectiveID',
            message: `<adlseq:objective objectiveID=${quoted(id)}> on ${a.label} extends no <imsss:objective> of that activity, so its adlseq:mapInfo (scores, completion, progress) is never shared. ${known}`,
            fix: `Use the objectiveID of one of the activity's <imsss:primaryObjective>/<imsss:objective> elements.`,
          }),
        );
      }
    }
    return out;
  },
};

const leafInfo = seqRule(
  'seq.leaf_missing_identifierref',
  'error',
  'basic',
  'Leaf item without identifierref cannot be delivered',
);

export const leafMissingIdentifierref: SeqLintRule = {
  info: leafInfo,
  versions: 'any',
  check(ctx) {
    return ctx.activities.flatMap((a) => {
      if (!isLeaf(a) || (a.node as Item).identifierref?.trim()) return [];
      return [
        finding(leafInfo, {
          at: a.node,
          message: `${cap(a.label)} has no child items and no identifierref: it is a leaf activity with no content, so the LMS has nothing to launch when flow or choice reaches it.`,
          fix: `Add identifierref="<resource identifier>" pointing at the SCO or asset it should launch, or give it child <item> elements.`,
        }),
      ];
    });
  },
};
