/** SCORM 2004 sequencing or navigation elements in a SCORM 1.2 package. */
import type { XmlElement } from '../../../manifest/xml-tree.js';
import { NS } from '../../../manifest/namespaces.js';
import { finding, seqRule, type SeqLintRule } from '../rule.js';

const info = seqRule(
  'seq.sequencing_on_1_2',
  'error',
  'basic',
  'SCORM 2004 sequencing in a SCORM 1.2 package',
);

const SN_NAMESPACES: ReadonlySet<string> = new Set([NS.imsss, NS.adlseq, NS.adlnav]);

/** The outermost elements in a sequencing/navigation namespace (their descendants are not repeated). */
function outermost(el: XmlElement, out: XmlElement[]): XmlElement[] {
  for (const c of el.children) {
    if (SN_NAMESPACES.has(c.uri)) out.push(c);
    else outermost(c, out);
  }
  return out;
}

export const sequencingOn12: SeqLintRule = {
  info,
  versions: 'any',
  check(ctx) {
    if (ctx.parsed.manifest.scorm.version !== '1.2') return [];
    return outermost(ctx.parsed.root, []).map((el) =>
      finding(info, {
        at: el.pos,
        message: `<${el.name}> is SCORM 2004 sequencing/navigation, but this is a SCORM 1.2 package: 1.2 LMSs ignore it, so the course will not sequence as written.`,
        fix: 'Remove the element (SCORM 1.2 offers only adlcp:prerequisites), or convert the package to SCORM 2004 4th Edition (schemaversion "2004 4th Edition", 2004 namespaces and XSDs).',
      }),
    );
  },
};
