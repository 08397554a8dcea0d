/**
 * Assembles the schema set a manifest names: reads every schema it reaches (imports, includes)
 * from inside the package, rewrites each schemaLocation to a virtual path we control, replaces
 * what must not be loaded (the XML namespace, URLs, missing files) and generates the wrapper
 * schema that imports every namespace of xsi:schemaLocation (the root's, then those on inner
 * elements) together.
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { quoted } from '../../core/course-text.js';
import type { Finding } from '../../core/findings.js';
import { elementInSentence, namespaceInSentence } from './explain.js';
import { declareUtf8 } from './decode-xml.js';
import { makeFinding, type FindingLocation } from './make-finding.js';
import { classifyLocation, READ_FAILURE, type PackageFiles } from './package-files.js';
import { XSD_RULES } from './rules.js';
import { xmlNamespaceSchemaDefect } from './schema-defects.js';
import type { ElementHints } from './element-hints.js';
import type { Position, SchemaHints } from './schema-hints.js';
import { scanSchema, XSD_NAMESPACE, type SchemaReference, type SchemaScan } from './schema-scan.js';
import { encodeVirtualPath } from './virtual-io.js';
import { XML_NAMESPACE, XML_NAMESPACE_SCHEMA } from './xml-namespace-schema.js';

const PACKAGE_DIR = '/package';
const OWN_DIR = '/scorm-tester';
export const WRAPPER_PATH = `${OWN_DIR}/wrapper.xsd`;
export const XML_SCHEMA_PATH = `${OWN_DIR}/xml.xsd`;
const WRAPPER_NAMESPACE = 'urn:scorm-tester:xsd-wrapper';

export interface SchemaSet {
  /** Virtual path -> text libxml2 is served (the wrapper included). */
  files: Map<string, string>;
  /** Virtual path of a package schema -> its package-relative path. */
  packagePaths: Map<string, string>;
  findings: Finding[];
  /** Namespaces ('' = no namespace) that were named but whose schema could not be loaded. */
  unavailable: Set<string>;
  /** Namespaces ('' = no namespace) imported with a schema (real or empty). */
  namespaces: Set<string>;
  /** Hash of everything served: equal keys compile to the same validator. */
  key: string;
}

interface Origin extends FindingLocation {
  /** Package-relative folder that relative locations resolve against. */
  baseDir: string;
  /** How the finding names the referrer, e.g. `xsi:schemaLocation` or `adlcp_v1p3.xsd`. */
  referrer: string;
  /** The reference is a hint on an element below the manifest's root (element-hints.ts). */
  inline?: boolean;
}

interface Pending {
  rel: string;
  path: string;
  text: string;
  namespace: string | null;
}

const scanMemo = new Map<string, SchemaScan>();
const SCAN_MEMO_LIMIT = 512;

function memoScan(text: string): SchemaScan {
  const hash = createHash('sha256').update(text).digest('base64');
  let scan = scanMemo.get(hash);
  if (!scan) {
    scan = scanSchema(text);
    if (scanMemo.size >= SCAN_MEMO_LIMIT) scanMemo.delete(scanMemo.keys().next().value as string);
    scanMemo.set(hash, scan);
  }
  return scan;
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function emptySchema(namespace: string | null): string {
  const tns = namespace ? ` targetNamespace="${escapeAttr(namespace)}"` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<xs:schema xmlns:xs="${XSD_NAMESPACE}"${tns}/>\n`;
}

class Assembler {
  readonly files = new Map<string, string>([[XML_SCHEMA_PATH, XML_NAMESPACE_SCHEMA]]);
  readonly packagePaths = new Map<string, string>();
  readonly findings: Finding[] = [];
  readonly unavailable = new Set<string>();
  readonly imported = new Map<string, string>([[XML_NAMESPACE, XML_SCHEMA_PATH]]);
  private readonly pending: Pending[] = [];
  /** Imports, to check that each file defines the namespace it is imported for. */
  private readonly expectations: {
    path: string;
    namespace: string | null;
    location: string;
    origin: Origin;
  }[] = [];
  private readonly targetNamespaces = new Map<string, string | null>();
  /** Namespaces left out of the wrapper because their pair names the wrong file. */
  readonly excluded = new Set<string>();
  private readonly reportedDefects = new Set<string>();
  private readonly checkedXmlLocations = new Set<string>();
  private stubs = 0;

  constructor(private readonly pkg: PackageFiles) {}

  /** The virtual path a reference is served from, or undefined to leave the reference alone. */
  async resolve(
    ref: Pick<SchemaReference, 'kind' | 'namespace' | 'location'>,
    origin: Origin,
  ): Promise<string | undefined> {
    const namespaceKey = ref.namespace ?? '';
    if (ref.kind === 'import') {
      if (ref.namespace === XML_NAMESPACE) {
        await this.checkXmlNamespaceFile(ref.location, origin);
        return XML_SCHEMA_PATH;
      }
      const known = this.imported.get(namespaceKey);
      if (known !== undefined) return known;
    }
    if (ref.location === undefined || ref.location === '') return undefined;
    const path = await this.load(ref, origin);
    if (ref.kind === 'import') {
      this.imported.set(namespaceKey, path);
      this.expectations.push({ path, namespace: ref.namespace, location: ref.location, origin });
    }
    return path;
  }

  private async load(
    ref: Pick<SchemaReference, 'kind' | 'namespace' | 'location'>,
    origin: Origin,
  ): Promise<string> {
    const location = ref.location as string;
    const namespace = ref.kind === 'import' ? ref.namespace : null;
    const target = classifyLocation(origin.baseDir, location);
    const what =
      ref.kind === 'import'
        ? `namespace ${ref.namespace ? namespaceInSentence(ref.namespace) : '(no namespace)'}`
        : `the ${ref.kind}d parts`;
    if (target.kind === 'remote') {
      this.findings.push(
        makeFinding(
          XSD_RULES.remoteSchema,
          origin,
          `${origin.referrer} points at the schema ${quoted(location)} by URL. It was not fetched (validation never uses the network), so ${what} was not checked.`,
          `Ship a copy of that schema in the package and reference it by a relative path, e.g. ${quoted(posix.basename(location.replace(/[?#].*$/, '')) || 'schema.xsd')}.`,
        ),
      );
      return this.stub(ref.kind === 'import' ? ref.namespace : null, ref);
    }
    if (origin.inline) {
      // Same safety as below (inside the package only), but a missing hinted schema is a warning.
      if (target.kind === 'outside') {
        this.inlineMissing(location, what, target.reason, origin);
        return this.stub(namespace, ref);
      }
      const read = await this.pkg.read(target.rel);
      if (!read.ok) {
        this.inlineMissing(location, what, READ_FAILURE[read.reason], origin, target.rel, read.caseVariant);
        return this.stub(namespace, ref);
      }
    }
    if (target.kind === 'outside') {
      this.findings.push(
        makeFinding(
          XSD_RULES.controllingDocumentMissing,
          origin,
          `The schema location ${quoted(location)} in ${origin.referrer} ${target.reason}; schemas must be files inside the package.`,
          `Copy the schema into the package (normally at the root, next to imsmanifest.xml) and reference it by a relative path such as ${quoted(posix.basename(location.replace(/\\/g, '/')) || 'schema.xsd')}.`,
        ),
      );
      return this.stub(ref.kind === 'import' ? ref.namespace : null, ref);
    }
    const path = encodeVirtualPath(`${PACKAGE_DIR}/${target.rel}`);
    if (this.files.has(path) || this.pending.some((p) => p.path === path)) return path;
    const read = await this.pkg.read(target.rel);
    if (!read.ok) {
      const where =
        posix.dirname(target.rel) === '.'
          ? 'at the package root'
          : `in ${quoted(`${posix.dirname(target.rel)}/`)}`;
      const variant = read.caseVariant
        ? ` The package has ${quoted(read.caseVariant)}, which differs only in letter case: rename it to ${quoted(posix.basename(target.rel))} or change the reference (paths are case-sensitive on most servers).`
        : '';
      this.findings.push(
        makeFinding(
          XSD_RULES.controllingDocumentMissing,
          origin,
          `The schema ${quoted(location)} named in ${origin.referrer} for ${what} ${READ_FAILURE[read.reason]} (looked for ${quoted(target.rel)}).`,
          `Add ${quoted(posix.basename(target.rel))} ${where} (the controlling documents ship with the package), or correct the location in ${origin.referrer}.${variant}`,
        ),
      );
      if (ref.kind === 'import') this.unavailable.add(ref.namespace ?? '');
      this.files.set(path, emptySchema(namespace));
      return path;
    }
    this.packagePaths.set(path, target.rel);
    this.pending.push({ rel: target.rel, path, text: read.text, namespace });
    return path;
  }

  private inlineMissing(
    location: string,
    what: string,
    why: string,
    origin: Origin,
    rel?: string,
    caseVariant?: string,
  ): void {
    const looked = rel === undefined ? '' : ` (looked for ${quoted(rel)})`;
    const name = posix.basename((rel ?? location).replace(/\\/g, '/')) || 'the schema';
    this.findings.push(
      makeFinding(
        XSD_RULES.inlineSchemaMissing,
        origin,
        `The schema ${quoted(location)} that ${origin.referrer} names for ${what} ${why}${looked}, and none of the manifest's other schemas supplies that namespace, so the elements of ${what} were not validated.`,
        `Ship ${quoted(name)} (and the schemas it includes or imports) in the package${rel === undefined ? '' : ` as ${quoted(rel)}`} and reference it by a relative path, so the in-line part of the manifest can be checked.${caseVariant ? ` The package has ${quoted(caseVariant)}, which differs only in letter case: rename it or change the reference (paths are case-sensitive on most servers).` : ''}`,
      ),
    );
  }

  private stub(namespace: string | null, ref: Pick<SchemaReference, 'kind' | 'namespace'>): string {
    if (ref.kind === 'import') this.unavailable.add(ref.namespace ?? '');
    const path = `${OWN_DIR}/empty-${++this.stubs}.xsd`;
    this.files.set(path, emptySchema(namespace));
    return path;
  }

  /** The XML namespace is always served our definition; a shipped copy is only checked. */
  private async checkXmlNamespaceFile(location: string | undefined, origin: Origin): Promise<void> {
    if (!location) return;
    const target = classifyLocation(origin.baseDir, location);
    if (target.kind === 'remote') return;
    const seenKey = `${origin.baseDir}\0${location}`;
    if (this.checkedXmlLocations.has(seenKey)) return;
    this.checkedXmlLocations.add(seenKey);
    const missing = (detail: string): void => {
      this.findings.push(
        makeFinding(
          XSD_RULES.controllingDocumentMissing,
          origin,
          `The schema ${quoted(location)} that ${origin.referrer} imports for the XML namespace ${detail}. (Validation used a built-in definition of the xml: attributes instead.)`,
          `Add ${quoted(target.kind === 'package' ? target.rel : posix.basename(location))} to the package next to ${quoted(origin.file)}, or reference it by a relative path inside the package.`,
        ),
      );
    };
    if (target.kind === 'outside') return missing(target.reason);
    const read = await this.pkg.read(target.rel);
    if (!read.ok) return missing(READ_FAILURE[read.reason]);
    if (this.reportedDefects.has(target.rel)) return;
    this.reportedDefects.add(target.rel);
    const defect = xmlNamespaceSchemaDefect(read.text);
    if (!defect) return;
    this.findings.push(
      makeFinding(
        XSD_RULES.schemaDefectSubstituted,
        { file: target.rel, line: defect.line, column: 0 },
        `${quoted(target.rel)} is a known-defective schema for the XML namespace: ${defect.description}. A correct definition of xml:lang, xml:base, xml:space and xml:id was used instead; the package is not invalid because of it.`,
        `Nothing is required. To silence this, replace ${quoted(target.rel)} with a schema for the XML namespace that does not declare it as the default namespace.`,
      ),
    );
  }

  /** Starts reading every local file `references` name, so the sequential walk rarely waits. */
  prefetch(baseDir: string, references: Pick<SchemaReference, 'location'>[]): void {
    for (const ref of references) {
      if (!ref.location) continue;
      const target = classifyLocation(baseDir, ref.location);
      if (target.kind === 'package') void this.pkg.read(target.rel);
    }
  }

  /** Scans queued schemas (breadth first, so the manifest's own pairs win) and rewrites them. */
  async drain(): Promise<void> {
    for (let item = this.pending.shift(); item; item = this.pending.shift()) {
      const scan = memoScan(item.text);
      if (!scan.ok) {
        this.findings.push(
          makeFinding(
            XSD_RULES.schemaUnloadable,
            { file: item.rel, line: scan.line, column: scan.column },
            `${quoted(item.rel)} is not a usable XML schema; the reason, which may quote the file: ${quoted(scan.message)}.`,
            `Replace ${quoted(item.rel)} with an unmodified copy of the official schema.`,
          ),
        );
        if (item.namespace !== null) this.unavailable.add(item.namespace);
        this.files.set(item.path, emptySchema(item.namespace));
        continue;
      }
      this.targetNamespaces.set(item.path, scan.targetNamespace);
      const edits: { start: number; end: number; text: string }[] = [];
      const baseDir = posix.dirname(item.rel) === '.' ? '' : posix.dirname(item.rel);
      this.prefetch(baseDir, scan.references);
      for (const ref of scan.references) {
        const origin: Origin = {
          file: item.rel,
          line: ref.line,
          column: ref.column,
          baseDir,
          referrer: quoted(item.rel),
        };
        const target = await this.resolve(ref, origin);
        if (target === undefined || ref.valueStart === undefined || ref.valueEnd === undefined) continue;
        // The closing quote is re-emitted with the value's line breaks after it, keeping lines stable.
        const quote = item.text.charAt(ref.valueEnd);
        const breaks = item.text.slice(ref.valueStart, ref.valueEnd).replace(/[^\r\n]/g, '');
        edits.push({
          start: ref.valueStart,
          end: ref.valueEnd + 1,
          text: `${escapeAttr(target)}${quote}${breaks}`,
        });
      }
      let text = item.text;
      for (const edit of edits.reverse()) text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
      this.files.set(item.path, declareUtf8(text));
    }
  }

  /** Reports imports whose file defines another namespace; the manifest's own are left out. */
  checkNamespaces(): void {
    for (const { path, namespace, location, origin } of this.expectations) {
      const defined = this.targetNamespaces.get(path);
      if (defined === undefined || (defined ?? '') === (namespace ?? '')) continue;
      const file = this.packagePaths.get(path) ?? location;
      const ns = namespace === null ? null : namespaceInSentence(namespace);
      const other = defined === null ? null : namespaceInSentence(defined);
      this.findings.push(
        makeFinding(
          XSD_RULES.schemaNamespaceMismatch,
          origin,
          `${origin.referrer} pairs namespace ${ns ?? '(none)'} with ${quoted(location)}, but ${quoted(file)} defines ${other === null ? 'no target namespace' : `namespace ${other}`}.`,
          `Pair ${ns ?? 'that import'} with the schema file whose targetNamespace is ${ns ?? 'absent'}${other === null ? '' : ` (and ${quoted(location)} with ${other}, if that namespace is used)`}.`,
        ),
      );
      if (origin.referrer.startsWith('xsi:')) {
        this.unavailable.add(namespace ?? '');
        this.excluded.add(namespace ?? '');
      }
    }
  }

  wrapper(namespaces: (string | null)[]): string {
    const imports = [`  <xs:import namespace="${XML_NAMESPACE}" schemaLocation="${XML_SCHEMA_PATH}"/>`];
    const seen = new Set<string>([XML_NAMESPACE]);
    for (const namespace of namespaces) {
      const key = namespace ?? '';
      const path = this.imported.get(key);
      if (seen.has(key) || path === undefined || this.excluded.has(key)) continue;
      seen.add(key);
      const ns = namespace === null ? '' : ` namespace="${escapeAttr(namespace)}"`;
      imports.push(`  <xs:import${ns} schemaLocation="${escapeAttr(path)}"/>`);
    }
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<xs:schema xmlns:xs="${XSD_NAMESPACE}" targetNamespace="${WRAPPER_NAMESPACE}">`,
      ...imports,
      '</xs:schema>',
      '',
    ].join('\n');
  }
}

export async function assembleSchemaSet(
  pkg: PackageFiles,
  manifestFile: string,
  hints: SchemaHints,
  inlineHints: readonly ElementHints[] = [],
): Promise<SchemaSet> {
  const assembler = new Assembler(pkg);
  const manifestDir = posix.dirname(manifestFile) === '.' ? '' : posix.dirname(manifestFile);
  const named: (string | null)[] = [];
  if (hints.schemaLocation) {
    const origin: Origin = {
      file: manifestFile,
      line: hints.schemaLocation.line,
      column: hints.schemaLocation.column,
      baseDir: manifestDir,
      referrer: 'xsi:schemaLocation',
    };
    assembler.prefetch(manifestDir, hints.schemaLocation.pairs);
    for (const pair of hints.schemaLocation.pairs) {
      named.push(pair.namespace);
      await assembler.resolve({ kind: 'import', namespace: pair.namespace, location: pair.location }, origin);
    }
  }
  if (hints.noNamespaceSchemaLocation) {
    const { line, column, location } = hints.noNamespaceSchemaLocation;
    named.push(null);
    const origin: Origin = {
      file: manifestFile,
      line,
      column,
      baseDir: manifestDir,
      referrer: 'xsi:noNamespaceSchemaLocation',
    };
    await assembler.resolve({ kind: 'import', namespace: null, location }, origin);
  }
  // The root's schemas (and all they import) come first: a namespace they supply needs no hint.
  await assembler.drain();
  for (const element of inlineHints) {
    const origin = (at: Position, attribute: string): Origin => ({
      file: manifestFile,
      ...at,
      baseDir: manifestDir,
      referrer: `${attribute} on <${elementInSentence(element.element)}>`,
      inline: true,
    });
    // As in schema processors, the first schema found for a namespace wins; later hints are ignored.
    for (const pair of element.schemaLocation?.pairs ?? []) {
      named.push(pair.namespace);
      await assembler.resolve(
        { kind: 'import', namespace: pair.namespace, location: pair.location },
        origin(element.schemaLocation as Position, 'xsi:schemaLocation'),
      );
    }
    if (element.noNamespaceSchemaLocation) {
      named.push(null);
      await assembler.resolve(
        { kind: 'import', namespace: null, location: element.noNamespaceSchemaLocation.location },
        origin(element.noNamespaceSchemaLocation, 'xsi:noNamespaceSchemaLocation'),
      );
    }
  }
  await assembler.drain();
  assembler.checkNamespaces();
  assembler.files.set(WRAPPER_PATH, assembler.wrapper(named));

  const hash = createHash('sha256');
  for (const path of [...assembler.files.keys()].sort()) {
    hash
      .update(path)
      .update('\0')
      .update(assembler.files.get(path) as string)
      .update('\0');
  }
  return {
    files: assembler.files,
    packagePaths: assembler.packagePaths,
    findings: assembler.findings,
    unavailable: assembler.unavailable,
    namespaces: new Set(assembler.imported.keys()),
    key: hash.digest('hex'),
  };
}
