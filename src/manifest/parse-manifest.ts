/**
 * imsmanifest.xml text -> the typed model of model.ts (SCORM 1.2 and 2004 2nd-4th Ed.).
 *
 * Elements are matched by namespace URI + local name, never by prefix. IMS CP elements are accepted
 * in the 2004 namespace, the 1.2 namespace or no namespace (rules report the namespace). Element
 * text of token-like values and titles is trimmed; attribute values and free-text data
 * (dataFromLMS) are kept exactly as written. Malformed XML throws; everything else becomes model.
 */
import { ScormTesterError } from '../core/errors.js';
import { detectVersion } from './detect-version.js';
import { LineIndex } from './line-index.js';
import type {
  CompletionThreshold,
  Item,
  Metadata,
  Organization,
  Organizations,
  ParsedManifest,
  Presentation,
  Resource,
  Resources,
  ScormManifest,
  VersionInfo,
} from './model.js';
import { NS } from './namespaces.js';
import { parseSequencing } from './parse-sequencing.js';
import {
  attr,
  boolAttr,
  child,
  children,
  cpChild,
  cpChildren,
  CP_URIS,
  findAttr,
  is,
  isCp,
  located,
  parseBoolean,
  textOf,
} from './xml-helpers.js';
import { parseXmlTree } from './xml-parse.js';
import type { Position, XmlElement } from './xml-tree.js';

export function parseManifest(input: string, file = 'imsmanifest.xml'): ParsedManifest {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const root = parseXmlTree(text, file);
  if (root.local !== 'manifest' || !CP_URIS.has(root.uri)) {
    const where = `${file}:${root.pos.line}:${root.pos.column}`;
    const what =
      root.local === 'manifest'
        ? `the root <${root.name}> is in namespace "${root.uri}", not IMS Content Packaging`
        : `the root element is <${root.name}>, not <manifest>`;
    throw new ScormTesterError(
      'MANIFEST_VALIDATION_ERROR',
      `${where}: ${what}. Make <manifest xmlns="${NS.imscp}"> (SCORM 2004) or <manifest xmlns="${NS.imscp12}"> (SCORM 1.2) the root element.`,
      { file, line: root.pos.line, column: root.pos.column, rule: 'manifest.root' },
    );
  }
  const builder = new ManifestBuilder(text, file);
  const manifest = builder.manifest(root);
  setVersion(manifest, detectVersion(root, manifest.metadata?.schemaversion ?? null));
  return { manifest, root, text };
}

function setVersion(m: ScormManifest, scorm: VersionInfo): void {
  m.scorm = scorm;
  for (const sub of m.manifests) setVersion(sub, scorm);
}

class ManifestBuilder {
  private lines: LineIndex | null = null;

  constructor(
    private readonly text: string,
    private readonly file: string,
  ) {}

  /** `scorm` is filled by parseManifest once the whole tree is known. */
  manifest(el: XmlElement): ScormManifest {
    const organizations = cpChild(el, 'organizations');
    const resources = cpChild(el, 'resources');
    const metadata = cpChild(el, 'metadata');
    const collection = child(el, NS.imsss, 'sequencingCollection');
    return {
      file: this.file,
      identifier: attr(el, 'identifier'),
      version: attr(el, 'version'),
      base: attr(el, 'base', NS.xml),
      scorm: { version: null, edition: null, schemaversion: null, evidence: [] },
      metadata: metadata ? parseMetadata(metadata) : null,
      organizations: organizations
        ? parseOrganizations(organizations)
        : { pos: el.pos, attrPos: {}, xml: el, absent: true, default: null, list: [] },
      resources: resources
        ? parseResources(resources)
        : { pos: el.pos, attrPos: {}, xml: el, absent: true, base: null, list: [] },
      manifests: cpChildren(el, 'manifest').map((sub) => this.manifest(sub)),
      sequencingCollection: collection
        ? children(collection, NS.imsss, 'sequencing').map(parseSequencing)
        : [],
      schemaLocations: this.schemaLocations(el),
      namespaces: namespacesInScope(el),
      ...located(el),
    };
  }

  /** Each namespace/location pair, positioned at its namespace token when the raw text allows. */
  private schemaLocations(el: XmlElement): ScormManifest['schemaLocations'] {
    const a = findAttr(el, 'schemaLocation', NS.xsi);
    if (!a) return [];
    const tokens = a.value.split(/\s+/).filter(Boolean);
    const positions = this.tokenPositions(a.name, a.pos, tokens);
    const pairs: ScormManifest['schemaLocations'] = [];
    for (let i = 0; i + 1 < tokens.length; i += 2) {
      pairs.push({ namespace: tokens[i] ?? '', location: tokens[i + 1] ?? '', pos: positions[i] ?? a.pos });
    }
    if (tokens.length % 2 === 1)
      pairs.push({
        namespace: tokens[tokens.length - 1] ?? '',
        location: '',
        pos: positions[tokens.length - 1] ?? a.pos,
      });
    return pairs;
  }

  private tokenPositions(name: string, pos: Position, tokens: string[]): Position[] {
    const lines = (this.lines ??= new LineIndex(this.text, this.file));
    const { text } = this;
    let i = lines.offsetOf(pos);
    if (!text.startsWith(name, i)) return [];
    i += name.length;
    while (/\s/.test(text[i] ?? '')) i++;
    if (text[i++] !== '=') return [];
    while (/\s/.test(text[i] ?? '')) i++;
    const quote = text[i++];
    if (quote !== '"' && quote !== "'") return [];
    const out: Position[] = [];
    while (i < text.length && text[i] !== quote) {
      if (/\s/.test(text[i] ?? '')) {
        i++;
        continue;
      }
      const start = i;
      while (i < text.length && text[i] !== quote && !/\s/.test(text[i] ?? '')) i++;
      if (text.slice(start, i) !== tokens[out.length]) return [];
      out.push(lines.at(start));
    }
    return out;
  }
}

function namespacesInScope(el: XmlElement): Record<string, string> {
  const chain: XmlElement[] = [];
  for (let e: XmlElement | null = el; e; e = e.parent) chain.unshift(e);
  const out: Record<string, string> = {};
  for (const e of chain) {
    for (const a of e.attributes) {
      if (a.name === 'xmlns') out[''] = a.value.trim();
      else if (a.name.startsWith('xmlns:')) out[a.name.slice(6)] = a.value.trim();
    }
  }
  return out;
}

function parseMetadata(el: XmlElement): Metadata {
  const locations: Metadata['locations'] = [];
  let inline = false;
  for (const c of el.children) {
    if (c.local === 'location' && (c.uri === NS.adlcp || c.uri === NS.adlcp12)) {
      locations.push({ href: c.text.trim(), pos: c.pos });
    } else if (!isCp(c, 'schema') && !isCp(c, 'schemaversion')) {
      inline = true;
    }
  }
  return {
    schema: textOf(cpChild(el, 'schema')),
    schemaversion: textOf(cpChild(el, 'schemaversion')),
    locations,
    hasInlineMetadata: inline,
    ...located(el),
  };
}

function optionalMetadata(el: XmlElement): Metadata | null {
  const md = cpChild(el, 'metadata');
  return md ? parseMetadata(md) : null;
}

function parseOrganizations(el: XmlElement): Organizations {
  return {
    default: attr(el, 'default'),
    list: cpChildren(el, 'organization').map(parseOrganization),
    ...located(el),
  };
}

function parseOrganization(el: XmlElement): Organization {
  const seq = child(el, NS.imsss, 'sequencing');
  const threshold = child(el, NS.adlcp, 'completionThreshold');
  return {
    identifier: attr(el, 'identifier'),
    structure: attr(el, 'structure'),
    objectivesGlobalToSystem: boolAttr(el, 'objectivesGlobalToSystem', NS.adlseq),
    sharedDataGlobalToSystem: boolAttr(el, 'sharedDataGlobalToSystem', NS.adlcp),
    title: textOf(cpChild(el, 'title')),
    items: cpChildren(el, 'item').map(parseItem),
    metadata: optionalMetadata(el),
    sequencing: seq ? parseSequencing(seq) : null,
    completionThreshold: threshold ? parseCompletionThreshold(threshold) : null,
    ...located(el),
  };
}

function parseItem(el: XmlElement): Item {
  const visible = attr(el, 'isvisible');
  const prerequisites = child(el, NS.adlcp12, 'prerequisites');
  const datafromlms = child(el, NS.adlcp12, 'datafromlms');
  const dataFromLMS = child(el, NS.adlcp, 'dataFromLMS');
  const threshold = child(el, NS.adlcp, 'completionThreshold');
  const presentation = child(el, NS.adlnav, 'presentation');
  const seq = child(el, NS.imsss, 'sequencing');
  return {
    identifier: attr(el, 'identifier'),
    identifierref: attr(el, 'identifierref'),
    isvisible: visible === null ? true : (parseBoolean(visible) ?? visible),
    parameters: attr(el, 'parameters'),
    title: textOf(cpChild(el, 'title')),
    items: cpChildren(el, 'item').map(parseItem),
    metadata: optionalMetadata(el),
    prerequisites: prerequisites
      ? { value: prerequisites.text.trim(), type: attr(prerequisites, 'type'), ...located(prerequisites) }
      : null,
    maxtimeallowed: textOf(child(el, NS.adlcp12, 'maxtimeallowed')),
    timelimitaction: textOf(child(el, NS.adlcp12, 'timelimitaction')),
    datafromlms: datafromlms ? datafromlms.text : null,
    masteryscore: textOf(child(el, NS.adlcp12, 'masteryscore')),
    timeLimitAction: textOf(child(el, NS.adlcp, 'timeLimitAction')),
    dataFromLMS: dataFromLMS ? dataFromLMS.text : null,
    completionThreshold: threshold ? parseCompletionThreshold(threshold) : null,
    data: children(el, NS.adlcp, 'data').flatMap((d) =>
      children(d, NS.adlcp, 'map').map((m) => ({
        targetID: attr(m, 'targetID'),
        readSharedData: boolAttr(m, 'readSharedData'),
        writeSharedData: boolAttr(m, 'writeSharedData'),
        ...located(m),
      })),
    ),
    presentation: presentation ? parsePresentation(presentation) : null,
    sequencing: seq ? parseSequencing(seq) : null,
    ...located(el),
  };
}

function parseCompletionThreshold(el: XmlElement): CompletionThreshold {
  const text = el.text.trim() || null;
  return {
    minProgressMeasure: attr(el, 'minProgressMeasure') ?? text,
    completedByMeasure: boolAttr(el, 'completedByMeasure'),
    progressWeight: attr(el, 'progressWeight'),
    text,
    ...located(el),
  };
}

function parsePresentation(el: XmlElement): Presentation {
  const hideLMSUI: Presentation['hideLMSUI'] = [];
  for (const nav of children(el, NS.adlnav, 'navigationInterface')) {
    for (const h of nav.children) {
      if (is(h, NS.adlnav, 'hideLMSUI')) hideLMSUI.push({ value: h.text.trim(), pos: h.pos });
    }
  }
  return { hideLMSUI, ...located(el) };
}

function parseResources(el: XmlElement): Resources {
  return {
    base: attr(el, 'base', NS.xml),
    list: cpChildren(el, 'resource').map(parseResource),
    ...located(el),
  };
}

function parseResource(el: XmlElement): Resource {
  return {
    identifier: attr(el, 'identifier'),
    type: attr(el, 'type'),
    href: attr(el, 'href'),
    base: attr(el, 'base', NS.xml),
    scormType: attr(el, 'scormType', NS.adlcp) ?? attr(el, 'scormtype', NS.adlcp12),
    files: cpChildren(el, 'file').map((f) => ({
      href: attr(f, 'href'),
      metadata: optionalMetadata(f),
      ...located(f),
    })),
    dependencies: cpChildren(el, 'dependency').map((d) => ({
      identifierref: attr(d, 'identifierref'),
      ...located(d),
    })),
    metadata: optionalMetadata(el),
    ...located(el),
  };
}
