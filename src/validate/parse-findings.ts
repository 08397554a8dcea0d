import type { CourseTexts } from '../core/course-text.js';
import type { ScormTesterError } from '../core/errors.js';
import type { Finding, RuleInfo } from '../core/findings.js';

/** Rules for manifests we could not read or parse at all; each failure becomes one finding. */
export const PARSE_RULES: RuleInfo[] = [
  {
    id: 'xml.malformed',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'imsmanifest.xml is not well-formed XML',
    adl: ['CAM-3.4'],
  },
  {
    id: 'xml.encoding',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'imsmanifest.xml is not valid in its encoding',
  },
  {
    id: 'xml.doctype_entities',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'DOCTYPE declares entities (never resolved)',
  },
  {
    id: 'xml.too_large',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'imsmanifest.xml is too large to process',
  },
  {
    id: 'xml.too_deep',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'imsmanifest.xml nests elements too deeply to process',
  },
  {
    id: 'manifest.root',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'The root element of imsmanifest.xml is not an IMS Content Packaging <manifest>',
  },
];

const RULE_BY_CODE: Record<string, string> = {
  MANIFEST_TOO_LARGE: 'xml.too_large',
  MANIFEST_TOO_DEEP: 'xml.too_deep',
  SECURITY_VIOLATION: 'xml.doctype_entities',
};

export function parseFailureFinding(error: ScormTesterError, manifestFile: string): Finding {
  const details = error.details ?? {};
  const rule =
    typeof details.rule === 'string' ? details.rule : (RULE_BY_CODE[error.code] ?? 'xml.malformed');
  const info = PARSE_RULES.find((r) => r.id === rule) ?? PARSE_RULES[0]!;
  return {
    rule,
    severity: 'error',
    category: 'manifest',
    message: error.message,
    fix: typeof details.fix === 'string' ? details.fix : fixFor(rule),
    file: typeof details.file === 'string' ? details.file : manifestFile,
    line: typeof details.line === 'number' ? details.line : 0,
    column: typeof details.column === 'number' ? details.column : 0,
    ...(info.adl ? { adl: info.adl } : {}),
    ...(details.course_text ? { course_text: details.course_text as CourseTexts } : {}),
  };
}

function fixFor(rule: string): string {
  switch (rule) {
    case 'xml.doctype_entities':
      return 'Remove the <!DOCTYPE …> declaration: SCORM manifests are validated with XML Schema, not DTDs, and entities are never expanded.';
    case 'xml.encoding':
      return 'Save imsmanifest.xml as UTF-8 (and keep the encoding declaration in line with it).';
    case 'xml.too_large':
      return 'Move inline metadata into separate files referenced with <adlcp:location>, or split the course into smaller packages.';
    case 'manifest.root':
      return 'Make <manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"> (SCORM 2004) or <manifest xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"> (SCORM 1.2) the root element of imsmanifest.xml.';
    case 'xml.too_deep':
      return 'Flatten the manifest: nest items (and any inline metadata) a few levels deep, as real courses do.';
    default:
      return 'Fix the XML syntax at the reported position (unclosed tag, unescaped & or <, mismatched quotes), then validate again.';
  }
}
