/**
 * SCORM 2004 4th Edition features in a manifest that declares an earlier edition.
 */
import { NS } from '../../manifest/namespaces.js';
import { ADL } from './refs.js';
import { defineRule } from './rule.js';
import { allElements, attrOf, collapse, quote, versionOf } from './walk.js';

const EARLIER = ['CAM 1.3', '2004 3rd Edition'];

export const editionFeatureRule = defineRule(
  {
    id: 'cp.edition_feature',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: '4th Edition features appear only in manifests that declare "2004 4th Edition"',
    adl: [ADL.metadata],
  },
  ({ parsed }, report) => {
    const declared = collapse(parsed.manifest.metadata?.schemaversion ?? '');
    if (versionOf(parsed.manifest) !== '2004' || !EARLIER.includes(declared)) return;
    const fix = `Change <schemaversion> to "2004 4th Edition" (the package then needs a 4th Edition LMS), or remove the feature.`;
    const found = (what: string, pos: Parameters<typeof report>[0]) =>
      report(
        pos,
        `${what} is a SCORM 2004 4th Edition feature, but <schemaversion> declares ${quote(declared)}: a ${declared} LMS rejects or ignores it.`,
        fix,
      );
    for (const el of allElements(parsed.root)) {
      if (el.uri === NS.adlcp && el.local === 'data') found('<adlcp:data> (shared data)', el.pos);
      if (el.uri === NS.adlseq && el.local === 'objectives')
        found('<adlseq:objectives> (extended objective maps)', el.pos);
      if (el.uri === NS.adlcp && el.local === 'completionThreshold') {
        for (const name of ['completedByMeasure', 'minProgressMeasure', 'progressWeight']) {
          const a = attrOf(el, name);
          if (a) found(`The completionThreshold attribute ${name}`, a.pos);
        }
      }
      const shared = attrOf(el, 'sharedDataGlobalToSystem', NS.adlcp);
      if (shared) found(`The attribute ${shared.name}`, shared.pos);
    }
  },
);
