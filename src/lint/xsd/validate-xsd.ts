/**
 * XSD validation of imsmanifest.xml against the schemas the package ships: every namespace named
 * in an xsi:schemaLocation (the root's first, then those on inner elements) is compiled together (libxml2, through a generated wrapper
 * schema), from files inside the package only, with the result cached by content.
 */
import { XmlDocument, XmlLibError, type ErrorDetail } from 'libxml2-wasm';
import type { Finding } from '../../core/findings.js';
import { readElementHints } from './element-hints.js';
import { quoted } from '../../core/course-text.js';
import { elementInSentence, explainSchemaError, nameFormatter, namespaceInSentence } from './explain.js';
import { makeFinding } from './make-finding.js';
import { PackageFiles } from './package-files.js';
import { XSD_RULES } from './rules.js';
import { compileCached, SAFE_PARSE_OPTIONS, type CompiledSchemaSet } from './schema-compiler.js';
import { readSchemaHints, type SchemaHints } from './schema-hints.js';
import { assembleSchemaSet, type SchemaSet } from './schema-set.js';
import { TextPositions } from './text-position.js';
import { canonicalVirtualPath } from './virtual-io.js';

export { clearSchemaCache, schemaCacheSize } from './schema-compiler.js';
export { XSD_RULES, XSD_RULE_LIST } from './rules.js';

export interface XsdValidationInput {
  /** Folder that holds the package (the schemas are read from here, never from elsewhere). */
  packageRoot: string;
  manifestText: string;
  /** Path of the manifest relative to packageRoot, forward slashes. Default 'imsmanifest.xml'. */
  manifestFile?: string;
}

/** More libxml2 errors than this are summarised in one extra finding. */
const MAX_INVALID_FINDINGS = 200;

export async function validateManifestAgainstSchemas(input: XsdValidationInput): Promise<Finding[]> {
  const manifestFile = (input.manifestFile ?? 'imsmanifest.xml').replace(/\\/g, '/');
  const positions = new TextPositions(input.manifestText);
  const read = readSchemaHints(input.manifestText, positions);
  if (!read.ok) {
    return [
      makeFinding(
        XSD_RULES.notValidated,
        { file: manifestFile, line: read.line, column: read.column },
        `The manifest was not validated against its schemas: it is not well-formed XML (the parser's message, which quotes the manifest: ${quoted(read.message)}).`,
        'Fix the XML syntax error first; schema validation runs once the manifest parses.',
      ),
    ];
  }
  const hints = read.hints;
  const findings: Finding[] = [];
  const rootAt = { file: manifestFile, line: hints.root.line, column: hints.root.column };
  if (!hints.schemaLocation) {
    findings.push(
      makeFinding(
        XSD_RULES.schemaLocationMissing,
        rootAt,
        `The root element <${elementInSentence(hints.root.local)}> has no xsi:schemaLocation, so the manifest cannot be checked against the schemas (controlling documents) it should ship with.`,
        `Declare xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" on the root and add xsi:schemaLocation with a "namespace file.xsd" pair for every namespace the manifest uses (for example "${hints.root.namespace ? namespaceInSentence(hints.root.namespace) : 'namespace'} ${defaultSchemaFor(hints.root.namespace)}"), and ship those files at the package root.`,
      ),
    );
    if (!hints.noNamespaceSchemaLocation) return findings;
  }
  if (hints.schemaLocation?.unpaired !== undefined) {
    findings.push(
      makeFinding(
        XSD_RULES.schemaLocationMalformed,
        { file: manifestFile, line: hints.schemaLocation.line, column: hints.schemaLocation.column },
        `xsi:schemaLocation must hold namespace/location pairs, but ${quoted(hints.schemaLocation.unpaired)} has no partner.`,
        'Write xsi:schemaLocation as "namespace1 file1.xsd namespace2 file2.xsd ..." (whitespace-separated pairs); add the missing namespace or location.',
      ),
    );
  }

  const inlineHints = readElementHints(input.manifestText, positions, hints);
  for (const element of inlineHints) {
    if (element.schemaLocation?.unpaired === undefined) continue;
    findings.push(
      makeFinding(
        XSD_RULES.schemaLocationMalformed,
        { file: manifestFile, line: element.schemaLocation.line, column: element.schemaLocation.column },
        `xsi:schemaLocation on <${elementInSentence(element.element)}> must hold namespace/location pairs, but ${quoted(element.schemaLocation.unpaired)} has no partner.`,
        'Write xsi:schemaLocation as "namespace1 file1.xsd namespace2 file2.xsd ..." (whitespace-separated pairs); add the missing namespace or location.',
      ),
    );
  }
  const set = await assembleSchemaSet(new PackageFiles(input.packageRoot), manifestFile, hints, inlineHints);
  findings.push(...set.findings);
  const rootNamespace = hints.root.namespace;
  if (set.unavailable.has(rootNamespace)) {
    findings.push(
      makeFinding(
        XSD_RULES.notValidated,
        rootAt,
        `The manifest was not validated against its schemas: the schema for its own namespace ${rootNamespace ? namespaceInSentence(rootNamespace) : '(none)'} could not be loaded (see the findings above).`,
        'Ship the schema named for the root namespace in xsi:schemaLocation inside the package.',
      ),
    );
    return findings;
  }

  const { set: compiled } = compileCached(set.key, set.files);
  findings.push(...correctionFindings(compiled, set));
  if (!compiled.validator) {
    findings.push(...unloadableFindings(compiled.errors, set, manifestFile, hints));
    return findings;
  }
  findings.push(...validate(compiled, input.manifestText, manifestFile, positions, hints, set));
  return findings;
}

function defaultSchemaFor(namespace: string): string {
  const last = namespace.split('/').pop() ?? '';
  return /^[\w.-]+$/.test(last) ? `${last}.xsd` : 'schema.xsd';
}

function correctionFindings(compiled: CompiledSchemaSet, set: SchemaSet): Finding[] {
  return compiled.corrections.flatMap((correction) => {
    const file = set.packagePaths.get(correction.path);
    if (file === undefined) return [];
    return correction.fixes.map((fix) =>
      makeFinding(
        XSD_RULES.schemaDefectSubstituted,
        { file, line: fix.line, column: 0 },
        `${quoted(file)} has a known defect that libxml2 refuses: ${fix.description}. A corrected copy was used for validation; the package is not invalid because of it.`,
        `Nothing is required. To silence this, replace ${quoted(file)} with a corrected copy of the schema.`,
      ),
    );
  });
}

function unloadableFindings(
  errors: ErrorDetail[],
  set: SchemaSet,
  manifestFile: string,
  hints: SchemaHints,
): Finding[] {
  const serious = errors.filter((e) => e.level >= 2);
  // One finding per schema file: a broken schema typically yields dozens of errors of one cause.
  const byFile = new Map<string, ErrorDetail[]>();
  for (const error of serious.length > 0 ? serious : errors) {
    const key = error.file ? canonicalVirtualPath(error.file, set.files) : '';
    byFile.set(key, [...(byFile.get(key) ?? []), error]);
  }
  const findings: Finding[] = [];
  for (const [file, fileErrors] of byFile) {
    const first = fileErrors[0] as ErrorDetail;
    const packagePath = set.packagePaths.get(file);
    const at = packagePath
      ? { file: packagePath, line: first.line, column: first.col }
      : {
          file: manifestFile,
          line: hints.schemaLocation?.line ?? hints.root.line,
          column: hints.schemaLocation?.column ?? 0,
        };
    const more = fileErrors.length > 1 ? ` (and ${fileErrors.length - 1} more error(s) in this file)` : '';
    const schema = packagePath === undefined ? undefined : quoted(packagePath);
    const message = first.message.trim().replace(/\/package\//g, '');
    const unresolved = /'\{([^}]*)\}[^']*' does not resolve/.exec(message)?.[1];
    let fix: string;
    if (unresolved !== undefined && !set.namespaces.has(unresolved)) {
      fix = `Nothing supplies a schema for namespace ${namespaceInSentence(unresolved)}, which ${schema ?? 'a schema'} refers to. Add the pair "${namespaceInSentence(unresolved)} <schema file>" to the manifest's xsi:schemaLocation and ship that file, or name a schema that does not need it.`;
    } else if (packagePath !== undefined) {
      fix = `Replace ${schema} with an unmodified copy of the official schema, and check that each namespace in xsi:schemaLocation is paired with the schema of that same namespace.`;
    } else {
      fix =
        'Check that each namespace in xsi:schemaLocation is paired with the schema file of that same namespace.';
    }
    findings.push(
      makeFinding(
        XSD_RULES.schemaUnloadable,
        at,
        `The schemas named in xsi:schemaLocation could not be compiled, so the manifest was not validated; libxml2's message, which quotes the schemas: ${quoted(message)}${more}`,
        fix,
      ),
    );
  }
  return findings;
}

function validate(
  compiled: CompiledSchemaSet,
  text: string,
  manifestFile: string,
  positions: TextPositions,
  hints: SchemaHints,
  set: SchemaSet,
): Finding[] {
  let doc: XmlDocument;
  try {
    // encoding: the text is already decoded; the declaration must not make libxml2 re-decode it.
    doc = XmlDocument.fromString(text, { option: SAFE_PARSE_OPTIONS, encoding: 'utf-8' });
  } catch (e) {
    const detail = e instanceof XmlLibError ? e.details.find((d) => d.level >= 2) : undefined;
    return [
      makeFinding(
        XSD_RULES.notValidated,
        { file: manifestFile, line: detail?.line ?? 0, column: detail?.col ?? 0 },
        `The manifest was not validated against its schemas: libxml2 could not parse it (its message, which quotes the manifest: ${quoted((detail?.message ?? String(e)).trim())}).`,
        'Fix the XML syntax error first; schema validation runs once the manifest parses.',
      ),
    ];
  }
  let errors: ErrorDetail[] = [];
  try {
    (compiled.validator as NonNullable<CompiledSchemaSet['validator']>).validate(doc);
  } catch (e) {
    errors = e instanceof XmlLibError ? e.details : [{ message: String(e), level: 2, line: 0, col: 0 }];
  } finally {
    doc.dispose();
  }
  const format = nameFormatter(hints.prefixes);
  const findings: Finding[] = [];
  for (const error of errors) {
    const explained = explainSchemaError(error.message, format);
    if (isCascade(explained.message, explained.element, explained.attribute, set.unavailable)) continue;
    if (findings.length === MAX_INVALID_FINDINGS) {
      findings.push(
        makeFinding(
          { ...XSD_RULES.invalid, severity: 'warning' },
          { file: manifestFile, line: 0, column: 0 },
          `${errors.length - MAX_INVALID_FINDINGS} more schema errors are not listed.`,
          'Fix the errors listed above and validate again.',
        ),
      );
      break;
    }
    const at = locate(positions, error.line, explained.element, explained.attribute);
    findings.push(
      makeFinding(
        error.level >= 2 ? XSD_RULES.invalid : { ...XSD_RULES.invalid, severity: 'warning' },
        { file: manifestFile, ...at },
        `Schema validation: ${explained.subject} does not satisfy the schemas; libxml2's message, which quotes the manifest: ${quoted(explained.message)}`,
        explained.fix,
      ),
    );
  }
  return findings;
}

/** An error that only repeats that a namespace's schema is missing, already reported. */
function isCascade(
  message: string,
  element: string | undefined,
  attribute: string | undefined,
  unavailable: Set<string>,
): boolean {
  if (
    unavailable.size === 0 ||
    !/No matching global (?:element |attribute )?declaration available/.test(message)
  )
    return false;
  const name = /attribute declaration/.test(message) ? attribute : element;
  const ns = name ? (/^\{([^}]*)\}/.exec(name)?.[1] ?? '') : undefined;
  return ns !== undefined && unavailable.has(ns);
}

const LOOKBACK_LINES = 200;

/** Line and column of the element (and attribute) an error is about; libxml2 gives only a line. */
function locate(
  positions: TextPositions,
  line: number,
  element: string | undefined,
  attribute: string | undefined,
): { line: number; column: number } {
  if (line <= 0) return { line: 0, column: 0 };
  const local = element?.replace(/^\{[^}]*\}/, '');
  const lineStart = positions.lineStart(line);
  if (!local || lineStart === undefined) return { line, column: 0 };
  const text = positions.text;
  const lineEnd = positions.lineStart(line + 1) ?? text.length;
  const escaped = local.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`<(?:[\\w.-]+:)?${escaped}(?=[\\s/>])`, 'g');
  // The start tag begins on the reported line or, for a tag spread over lines, shortly before it.
  re.lastIndex = lineStart;
  let m = re.exec(text);
  let offset = m && m.index < lineEnd ? m.index : -1;
  if (offset < 0) {
    re.lastIndex = positions.lineStart(Math.max(1, line - LOOKBACK_LINES)) ?? 0;
    while ((m = re.exec(text)) && m.index < lineEnd) offset = m.index;
  }
  if (offset < 0) return { line, column: 0 };
  if (attribute) {
    const attrLocal = attribute.replace(/^\{[^}]*\}/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const tagEnd = text.indexOf('>', offset);
    const attrRe = new RegExp(`\\s((?:[\\w.-]+:)?${attrLocal})\\s*=`, 'g');
    attrRe.lastIndex = offset;
    const a = attrRe.exec(text);
    if (a && (tagEnd < 0 || a.index < tagEnd)) return positions.at(a.index + 1);
  }
  return positions.at(offset);
}
