/**
 * <metadata><schema>ADL SCORM</schema><schemaversion>…</schemaversion> on the manifest.
 */
import { ADL } from './refs.js';
import { defineRule } from './rule.js';
import { childrenOf, collapse, quote, versionOf } from './walk.js';
import type { ParsedManifest } from '../../manifest/model.js';
import type { Position } from '../../manifest/xml-tree.js';

export const SCHEMAVERSIONS_2004 = ['CAM 1.3', '2004 3rd Edition', '2004 4th Edition'] as const;

/** Where the manifest's <schema>/<schemaversion> were written (raw), for positions. */
function metadataParts(parsed: ParsedManifest): {
  metadata: Position | null;
  schema: Position | null;
  schemaversion: Position | null;
} {
  const md = parsed.manifest.metadata;
  if (!md) return { metadata: null, schema: null, schemaversion: null };
  const uri = parsed.root.uri;
  const schema = childrenOf(md.xml, uri, 'schema')[0];
  const schemaversion = childrenOf(md.xml, uri, 'schemaversion')[0];
  return { metadata: md.pos, schema: schema?.pos ?? null, schemaversion: schemaversion?.pos ?? null };
}

export const metadataSchemaRule = defineRule(
  {
    id: 'cp.metadata_schema',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'SCORM 2004 manifest metadata names the schema "ADL SCORM"',
    adl: [ADL.metadata],
  },
  ({ parsed }, report) => {
    const md = parsed.manifest.metadata;
    if (versionOf(parsed.manifest) !== '2004' || !md) return;
    const where = metadataParts(parsed);
    const schema = md.schema === null ? null : collapse(md.schema);
    if (schema === 'ADL SCORM') return;
    report(
      where.schema ?? md.pos,
      schema === null
        ? 'The manifest <metadata> has no <schema>; SCORM 2004 requires <schema>ADL SCORM</schema>.'
        : `The manifest <schema> is ${quote(schema)}; SCORM 2004 requires exactly "ADL SCORM".`,
      'Write <schema>ADL SCORM</schema> as the first child of the manifest <metadata>.',
    );
  },
);

export const schemaversionRule = defineRule(
  {
    id: 'cp.schemaversion',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'SCORM 2004 manifest metadata declares a SCORM 2004 edition in <schemaversion>',
    adl: [ADL.metadata],
  },
  ({ parsed }, report) => {
    const { manifest } = parsed;
    if (versionOf(manifest) !== '2004') return;
    const fix =
      'Add <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata> (or "2004 3rd Edition" / "CAM 1.3" for older editions) as the first child of <manifest>.';
    const md = manifest.metadata;
    if (!md) {
      report(
        manifest.pos,
        'The manifest has no <metadata>; the LMS cannot tell which SCORM 2004 edition the package follows.',
        fix,
      );
      return;
    }
    const where = metadataParts(parsed);
    if (md.schemaversion === null) {
      report(
        md.pos,
        'The manifest <metadata> has no <schemaversion>; the LMS cannot tell which SCORM 2004 edition the package follows.',
        fix,
      );
      return;
    }
    const value = collapse(md.schemaversion);
    // Letter case is not worth failing an import over; every LMS we know compares case-insensitively.
    if (SCHEMAVERSIONS_2004.some((v) => v.toLowerCase() === value.toLowerCase())) return;
    report(
      where.schemaversion ?? md.pos,
      `<schemaversion> is ${quote(value)}; SCORM 2004 allows only "2004 4th Edition", "2004 3rd Edition" or "CAM 1.3".`,
      'Write <schemaversion>2004 4th Edition</schemaversion> (or the edition the package really follows).',
    );
  },
);

export const schemaversion12Rule = defineRule(
  {
    id: 'cp12.schemaversion',
    severity: 'warning',
    category: 'manifest',
    level: 'basic',
    title:
      'SCORM 1.2 manifest metadata declares <schema>ADL SCORM</schema><schemaversion>1.2</schemaversion>',
    adl: [ADL.scorm12],
  },
  ({ parsed }, report) => {
    const { manifest } = parsed;
    if (versionOf(manifest) !== '1.2') return;
    const fix =
      'Add <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata> as the first child of <manifest>.';
    const md = manifest.metadata;
    if (!md) {
      report(
        manifest.pos,
        'The manifest has no <metadata>; LMSs then guess the SCORM version from the namespaces.',
        fix,
      );
      return;
    }
    const where = metadataParts(parsed);
    const schema = md.schema === null ? null : collapse(md.schema);
    if (schema !== 'ADL SCORM') {
      report(
        where.schema ?? md.pos,
        `The manifest <schema> is ${schema === null ? 'missing' : quote(schema)}; SCORM 1.2 expects "ADL SCORM".`,
        fix,
      );
    }
    const version = md.schemaversion === null ? null : collapse(md.schemaversion);
    if (version !== '1.2') {
      report(
        where.schemaversion ?? md.pos,
        `The manifest <schemaversion> is ${version === null ? 'missing' : quote(version)}; SCORM 1.2 expects "1.2".`,
        fix,
      );
    }
  },
);
