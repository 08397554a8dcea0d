/** The sequencing engine on a generated 1,000-activity tree: one navigation request, and the validity/TOC snapshot. */
import { parseManifest } from '../src/manifest/parse-manifest.js';
import { createSequencingSession, type SequencingSession } from '../src/sequencing/index.js';
import { median, timeIt, type BenchRow } from './stats.js';

const SEQ = `<imsss:sequencing><imsss:controlMode choice="true" flow="true"/>
  <imsss:sequencingRules><imsss:preConditionRule><imsss:ruleConditions><imsss:ruleCondition condition="satisfied"/></imsss:ruleConditions><imsss:ruleAction action="skip"/></imsss:preConditionRule></imsss:sequencingRules>
</imsss:sequencing>`;

/** Root + 10 modules × 9 lessons × 10 SCOs = 1,001 activities, flow and choice everywhere, a skip rule on each cluster. */
export function generateSequencingManifest(): string {
  const items: string[] = [];
  for (let m = 0; m < 10; m++) {
    const lessons: string[] = [];
    for (let l = 0; l < 9; l++) {
      const scos: string[] = [];
      for (let s = 0; s < 10; s++)
        scos.push(
          `<item identifier="s${m}_${l}_${s}" identifierref="SCO"><title>SCO ${m}.${l}.${s}</title></item>`,
        );
      lessons.push(
        `<item identifier="l${m}_${l}"><title>Lesson ${m}.${l}</title>${scos.join('')}${SEQ}</item>`,
      );
    }
    items.push(`<item identifier="m${m}"><title>Module ${m}</title>${lessons.join('')}${SEQ}</item>`);
  }
  return `<?xml version="1.0"?>
<manifest identifier="BIG" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="ORG"><organization identifier="ORG"><title>Big</title>${items.join('')}${SEQ}</organization></organizations>
  <resources><resource identifier="SCO" type="webcontent" adlcp:scormType="sco" href="sco.html"><file href="sco.html"/></resource></resources>
</manifest>`;
}

export async function benchSequencing(): Promise<BenchRow[]> {
  const manifest = parseManifest(generateSequencingManifest()).manifest;
  const open = (): SequencingSession => {
    const s = createSequencingSession(manifest);
    s.navigate({ type: 'start' });
    return s;
  };
  const size = open().tree.activities.length;
  const rows: BenchRow[] = [];

  let s = open();
  const next = await timeIt(400, () => {
    const out = s.terminate(s.currentActivity as string, {
      completionStatus: 'completed',
      successStatus: 'passed',
      navRequest: 'continue',
    });
    if (out.kind !== 'deliver') s = open();
  });
  rows.push({
    name: `SCO terminates with continue (${size} activities)`,
    median_ms: median(next),
    runs: next.length,
    target: '<= 5 ms',
    note: 'RTE mapping, rollup, termination, flow, delivery',
  });

  s = open();
  const leaves = s.tree.activities.filter((a) => a.children.length === 0);
  let i = 0;
  const choice = await timeIt(400, () => {
    i = (i * 7919 + 13) % leaves.length;
    s.navigate({ type: 'choice', target: (leaves[i] as { id: string }).id });
  });
  rows.push({
    name: `LMS choice of a leaf elsewhere in the tree (${size} activities)`,
    median_ms: median(choice),
    runs: choice.length,
    target: '<= 5 ms',
  });

  s = open();
  s.navigationState();
  const state = await timeIt(30, () => s.navigationState());
  rows.push({
    name: `validity + LMS controls + TOC snapshot (${size} activities)`,
    median_ms: median(state),
    runs: state.length,
    target: '<= 20 ms',
    note: 'choice and jump checked for every activity',
  });
  return rows;
}
