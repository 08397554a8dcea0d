/**
 * Known defects of schemas that SCORM packages commonly ship. A package is not invalid because
 * the IMS/ADL schema it copied has a bug that libxml2 refuses, so these are corrected before
 * compiling and reported as information.
 */
import { XML_NAMESPACE } from './xml-namespace-schema.js';

export interface DefectFix {
  /** 1-based line in the original file (first occurrence). */
  line: number;
  description: string;
}

const escapedXmlNs = XML_NAMESPACE.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * A schema for the XML namespace that binds that namespace as the default namespace (or to a
 * prefix other than `xml`), which the Namespaces in XML recommendation forbids. The
 * `ims_xml.xsd` shipped with SCORM 1.2 (and copied into many 2004 packages) does this.
 */
export function xmlNamespaceSchemaDefect(text: string): DefectFix | undefined {
  const m = new RegExp(`\\sxmlns(?::(?!xml\\b)[\\w.-]+)?\\s*=\\s*["']${escapedXmlNs}["']`).exec(text);
  if (!m) return undefined;
  return {
    line: lineOf(text, m.index + 1),
    description:
      'it binds the XML namespace as a default (or non-"xml") namespace, which XML forbids and libxml2 rejects',
  };
}

interface Patch {
  /** libxml2's complaint that this patch answers. */
  trigger: RegExp;
  apply(text: string): { text: string; fix: DefectFix } | undefined;
}

/** `<xs:enumeration/>` with no value (ADL's adlmd_vocabv1p0.xsd template): dropped. */
const emptyEnumeration: Patch = {
  trigger: /Facet enumeration has no value|'value' is required/,
  apply(text) {
    const re = /<([A-Za-z_][\w.-]*:)?enumeration\s*(?:\/>|>\s*<\/\1?enumeration\s*>)/g;
    const first = re.exec(text);
    if (!first) return undefined;
    return {
      text: text.replace(re, keepLineBreaks),
      fix: {
        line: lineOf(text, first.index),
        description:
          'it has enumeration facets without a value (an unfinished vocabulary template); they were dropped, so any value is accepted there',
      },
    };
  },
};

/**
 * IMS Meta-data 1.2.x's `grp.any` extension slot uses a `##any` wildcard after optional elements
 * of the same namespace: the content models are ambiguous (not deterministic), which libxml2
 * rejects. `##other` keeps the intent (extensions from other namespaces).
 */
const anyWildcardAfterOptionals: Patch = {
  trigger: /not determinist/,
  apply(text) {
    const re = /(<([A-Za-z_][\w.-]*:)?any\b[^>]*?\bnamespace\s*=\s*["'])##any(["'])/g;
    const first = re.exec(text);
    if (!first) return undefined;
    return {
      text: text.replace(re, '$1##other$3'),
      fix: {
        line: lineOf(text, first.index),
        description:
          'its "##any" element wildcards make content models ambiguous (not deterministic); they were narrowed to "##other"',
      },
    };
  },
};

const PATCHES: Patch[] = [emptyEnumeration, anyWildcardAfterOptionals];

/**
 * Applies the known corrections that change `text` and, when libxml2's `errors` for the file are
 * given, answer one of them; undefined when none applies.
 */
export function patchKnownDefects(
  text: string,
  errors?: string[],
): { text: string; fixes: DefectFix[] } | undefined {
  const fixes: DefectFix[] = [];
  let current = text;
  for (const patch of PATCHES) {
    if (errors && !errors.some((e) => patch.trigger.test(e))) continue;
    const result = patch.apply(current);
    if (result) {
      current = result.text;
      fixes.push(result.fix);
    }
  }
  return fixes.length > 0 ? { text: current, fixes } : undefined;
}

/** Removing markup must not shift the lines libxml2 reports. */
function keepLineBreaks(match: string): string {
  return match.replace(/[^\r\n]/g, '');
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) line++;
  }
  return line;
}
