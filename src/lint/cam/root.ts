/**
 * The root element, the namespaces, and elements of one SCORM version inside the other's manifest.
 */
import { NS } from '../../manifest/namespaces.js';
import type { Position } from '../../manifest/xml-tree.js';
import { ADL } from './refs.js';
import { defineRule } from './rule.js';
import { allElements, attrPosition, quote, versionOf } from './walk.js';

const CP_NAMESPACES: readonly string[] = [NS.imscp, NS.imscp12];

/** Namespaces a SCORM manifest of either version may legitimately use. */
const KNOWN: ReadonlySet<string> = new Set([
  ...Object.values(NS),
  'http://www.imsglobal.org/xsd/imsmd_v1p2',
  'http://www.imsglobal.org/xsd/imsmd_rootv1p2p1',
  'http://www.imsproject.org/xsd/imsmd_rootv1p2p1',
]);

/** Namespaces that only belong to one version: used in the other, the LMS ignores or rejects them. */
const ONLY_2004: readonly string[] = [NS.adlcp, NS.adlseq, NS.adlnav, NS.imsss];
// imscp_rootv1p1p2 on a 2004 manifest is reported once by cp.namespace, not for every element.
const ONLY_12: readonly string[] = [NS.adlcp12];

/** URI families in which ADL and IMS publish the SCORM schemas: anything unknown there is a typo. */
function looksLikeScormNamespace(uri: string): boolean {
  const u = uri.toLowerCase();
  return (
    /^https?:\/\/(www\.)?adlnet\.(org|gov)\/xsd\//.test(u) ||
    /^https?:\/\/(www\.)?imsglobal\.org\/xsd\/(imscp|imsss)/.test(u) ||
    /^https?:\/\/(www\.)?imsproject\.org\/xsd\/imscp/.test(u)
  );
}

function suggestion(uri: string): string | undefined {
  const norm = (u: string) =>
    u
      .toLowerCase()
      .replace(/^https?:\/\/(www\.)?/, '')
      .replace(/(\.xsd)?\/*$/, '');
  const n = norm(uri);
  const exact = [...KNOWN].find((k) => norm(k) === n);
  if (exact) return exact;
  // Same schema, other version or typo in the version suffix: adlnav_v1p2 -> adlnav_v1p3.
  const stem = (u: string) =>
    /\/xsd\/([a-z]+?)(_root)?(_v[0-9p]+)?$/.exec(norm(u).replace(/^[^/]*/, ''))?.[1];
  const s = stem(uri);
  return s
    ? [...KNOWN].find((k) => stem(k) === s && k.includes('adlnet') === uri.includes('adlnet'))
    : undefined;
}

export const rootElementRule = defineRule(
  {
    id: 'cp.root_element',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'The root element is <manifest> in the IMS Content Packaging namespace',
    adl: [ADL.manifest],
  },
  ({ parsed }, report) => {
    const root = parsed.root;
    if (root.local === 'manifest' && CP_NAMESPACES.includes(root.uri)) return;
    const ns = root.uri === '' ? 'no namespace' : `namespace ${quote(root.uri)}`;
    report(
      root.pos,
      `The root element is <${root.name}> in ${ns}; an LMS only imports a <manifest> element in the IMS Content Packaging namespace.`,
      `Make the root element <manifest xmlns="${NS.imscp}"> (SCORM 2004) or <manifest xmlns="${NS.imscp12}"> (SCORM 1.2).`,
    );
  },
);

export const namespaceRule = defineRule(
  {
    id: 'cp.namespace',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'Namespace URIs are the exact ones published for the SCORM version',
    adl: [ADL.manifest],
  },
  ({ parsed }, report) => {
    const { manifest, root } = parsed;
    const version = versionOf(manifest);
    const rootIsCp = root.local === 'manifest' && CP_NAMESPACES.includes(root.uri);
    if (version === '2004' && root.uri === NS.imscp12) {
      report(
        root.pos,
        `A SCORM 2004 manifest uses the SCORM 1.2 content-packaging namespace "${NS.imscp12}".`,
        `Change xmlns on <manifest> to "${NS.imscp}".`,
      );
    }
    const seen = new Map<string, Position>();
    for (const [prefix, uri] of Object.entries(manifest.namespaces)) {
      if (!seen.has(uri)) seen.set(uri, attrPosition(manifest, prefix === '' ? 'xmlns' : `xmlns:${prefix}`));
    }
    for (const el of allElements(root)) {
      if (el.uri && !seen.has(el.uri)) seen.set(el.uri, el.pos);
      for (const a of el.attributes) if (a.uri && !seen.has(a.uri)) seen.set(a.uri, a.pos);
    }
    for (const [uri, pos] of seen) {
      if (KNOWN.has(uri) || !looksLikeScormNamespace(uri)) continue;
      // A wrong root namespace is cp.root_element's finding.
      if (!rootIsCp && uri === root.uri) continue;
      const better = suggestion(uri);
      report(
        pos,
        `Namespace ${quote(uri)} is not a SCORM namespace; elements and attributes in it are ignored or rejected by the LMS.`,
        better
          ? `Write the namespace exactly as "${better}".`
          : `Use the exact namespace URI from the SCORM schemas (e.g. "${NS.adlcp}", "${NS.imsss}").`,
      );
    }
  },
);

export const versionMixRule = defineRule(
  {
    id: 'cp.version_mixed',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'A manifest uses only the elements of its own SCORM version',
    adl: [ADL.profiles],
  },
  ({ parsed }, report) => {
    const version = versionOf(parsed.manifest);
    const foreign = version === '2004' ? ONLY_12 : ONLY_2004;
    const other = version === '2004' ? 'SCORM 1.2' : 'SCORM 2004';
    const first = new Map<string, { pos: Position; count: number }>();
    const note = (name: string, pos: Position) => {
      const entry = first.get(name);
      if (entry) entry.count++;
      else first.set(name, { pos, count: 1 });
    };
    for (const el of allElements(parsed.root)) {
      if (foreign.includes(el.uri)) note(`<${el.name}>`, el.pos);
      for (const a of el.attributes) if (foreign.includes(a.uri)) note(`attribute ${a.name}`, a.pos);
    }
    for (const [name, { pos, count }] of first) {
      const times = count > 1 ? ` (${count} times)` : '';
      report(
        pos,
        `${other} ${name}${times} in a SCORM ${version} manifest: a SCORM ${version} LMS ignores or rejects it.`,
        version === '2004'
          ? `Replace it with the SCORM 2004 equivalent (e.g. adlcp:scormtype -> adlcp:scormType, masteryscore -> imsss:minNormalizedMeasure, maxtimeallowed -> imsss:limitConditions attemptAbsoluteDurationLimit) or remove it.`
          : `Remove it, or make the package SCORM 2004 throughout (schemaversion "2004 4th Edition", imscp_v1p1 and adlcp_v1p3 namespaces).`,
      );
    }
  },
);
