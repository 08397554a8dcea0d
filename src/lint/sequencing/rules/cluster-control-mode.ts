/**
 * A cluster left at the default control modes (flow="false", choice="true") inside a flow-only parent
 * (flow="true", choice="false"). SN book, Flow Activity Traversal Subprocess: flow enters a cluster's
 * children only when the cluster's own flow is true, so Continue is denied at the cluster; Choice
 * Sequencing Request Process: a target is chosen when its parent allows choice, so the cluster's children
 * become selectable in the table of contents although the rest of the course forbids choice. Only a
 * cluster with no <imsss:controlMode> of its own is reported: written modes are a decision.
 */
import type { Finding } from '../../../core/findings.js';
import { activityAnchor, cap, finding, seqRule, type SeqLintRule } from '../rule.js';

const info = seqRule(
  'seq.cluster_default_control_mode',
  'warning',
  'strict',
  'Cluster with the default control modes inside a flow-only course',
);

export const clusterDefaultControlMode: SeqLintRule = {
  info,
  check(ctx) {
    const out: Finding[] = [];
    for (const a of ctx.activities) {
      const parent = a.parent;
      if (!parent || a.children.length === 0 || a.seq.controlModeFrom !== null) continue;
      const pm = parent.seq.controlMode;
      if (!pm.flow || pm.choice) continue;
      out.push(
        finding(info, {
          at: activityAnchor(a),
          message: `${cap(a.label)} has no <imsss:controlMode>, so it keeps the defaults flow="false" choice="true", while its parent ${parent.label} is flow-only (flow="true" choice="false"): Continue is denied when the learner reaches this cluster, and its children become selectable in the table of contents.`,
          fix: `Add <imsss:controlMode choice="false" flow="true"/> to the <imsss:sequencing> of ${a.label} (as on its parent), or reference a sequencingCollection member that sets them.`,
        }),
      );
    }
    return out;
  },
};
