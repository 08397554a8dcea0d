/**
 * SCORM version and 2004 edition: from <schemaversion> first, then from the namespaces in use, with
 * 4th-Edition-only features as extra evidence. Conflicts are not resolved silently: the decision
 * follows schemaversion and `evidence` lists everything seen, so rules can report disagreements.
 */
import type { Scorm2004Edition, ScormVersion, VersionInfo } from './model.js';
import { NS } from './namespaces.js';
import type { XmlElement } from './xml-tree.js';

const SCORM_2004_ONLY: readonly string[] = [NS.adlcp, NS.imsss, NS.adlseq, NS.adlnav];

const FOURTH_ATTRS_ON_THRESHOLD = new Set(['completedByMeasure', 'minProgressMeasure', 'progressWeight']);

export function versionFromSchemaversion(
  schemaversion: string | null,
): { version: ScormVersion; edition: Scorm2004Edition | null } | null {
  const v = schemaversion?.trim().replace(/\s+/g, ' ').toLowerCase();
  if (!v) return null;
  if (v === '1.2') return { version: '1.2', edition: null };
  if (v === 'cam 1.3' || v === '2004 2nd edition') return { version: '2004', edition: '2nd' };
  if (v === '2004 3rd edition') return { version: '2004', edition: '3rd' };
  if (v === '2004 4th edition') return { version: '2004', edition: '4th' };
  if (v === '1.3') return { version: '2004', edition: null };
  return null;
}

interface Seen {
  namespaces: Set<string>;
  fourth: Set<string>;
}

function scan(el: XmlElement, seen: Seen): void {
  seen.namespaces.add(el.uri);
  for (const a of el.attributes) {
    if (a.name === 'xmlns' || a.name.startsWith('xmlns:')) seen.namespaces.add(a.value.trim());
    else if (a.uri) seen.namespaces.add(a.uri);
    if (a.uri === NS.adlcp && a.local === 'sharedDataGlobalToSystem')
      seen.fourth.add('adlcp:sharedDataGlobalToSystem');
  }
  if (el.uri === NS.adlcp && (el.local === 'data' || el.local === 'map'))
    seen.fourth.add(`adlcp:${el.local}`);
  if (el.uri === NS.adlseq && el.local === 'objectives') seen.fourth.add('adlseq:objectives');
  if (el.uri === NS.adlcp && el.local === 'completionThreshold') {
    if (el.attributes.some((a) => a.uri === '' && FOURTH_ATTRS_ON_THRESHOLD.has(a.local))) {
      seen.fourth.add('adlcp:completionThreshold attributes');
    }
  }
  for (const c of el.children) scan(c, seen);
}

export function detectVersion(root: XmlElement, schemaversion: string | null): VersionInfo {
  const seen: Seen = { namespaces: new Set(), fourth: new Set() };
  scan(root, seen);
  const evidence: string[] = [];
  const fromSchema = versionFromSchemaversion(schemaversion);
  if (schemaversion !== null) {
    evidence.push(
      fromSchema ? `schemaversion "${schemaversion}"` : `unrecognised schemaversion "${schemaversion}"`,
    );
  }
  const has2004 = SCORM_2004_ONLY.filter((ns) => seen.namespaces.has(ns));
  const has12 = seen.namespaces.has(NS.adlcp12);
  const cp12 = seen.namespaces.has(NS.imscp12);
  for (const ns of [...(has12 ? [NS.adlcp12] : []), ...(cp12 ? [NS.imscp12] : []), ...has2004]) {
    evidence.push(`namespace ${ns}`);
  }
  const fourth = [...seen.fourth];
  for (const f of fourth) evidence.push(`4th Edition feature ${f}`);

  let version: ScormVersion | null = fromSchema?.version ?? null;
  let edition: Scorm2004Edition | null = fromSchema?.edition ?? null;
  if (!version) {
    if (has2004.length > 0 && !has12) version = '2004';
    else if (has12 && has2004.length === 0) version = '1.2';
    else if (has12) evidence.push('namespaces of both SCORM 1.2 and SCORM 2004');
    else if (cp12) version = '1.2';
  }
  if (version === '2004' && !edition && fourth.length > 0) edition = '4th';
  if (version !== '2004') edition = null;
  return { version, edition, schemaversion, evidence };
}
