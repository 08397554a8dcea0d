import { quoted, separateCourseText } from '../core/course-text.js';
import type { Finding, RuleInfo } from '../core/findings.js';
import type { ScormManifest } from '../manifest/index.js';

export type ExpectedVersion = 'auto' | '1.2' | '2004_2nd' | '2004_3rd' | '2004_4th';

export const VERSION_RULES: RuleInfo[] = [
  {
    id: 'cp.version_unexpected',
    severity: 'error',
    category: 'manifest',
    level: 'basic',
    title: 'The manifest declares another SCORM version than the one expected',
  },
];

export function versionExpectationFinding(
  m: ScormManifest,
  expected: ExpectedVersion,
  file: string,
): Finding | null {
  if (expected === 'auto') return null;
  const [version, edition] = expected.split('_') as ['1.2' | '2004', string | undefined];
  const actual =
    m.scorm.version === '2004' ? `2004 ${m.scorm.edition ?? '?'} Edition` : (m.scorm.version ?? 'unknown');
  if (m.scorm.version === version && (!edition || m.scorm.edition === edition)) return null;
  const wanted = edition ? `2004 ${edition} Edition` : version;
  return separateCourseText<Finding>({
    rule: 'cp.version_unexpected',
    severity: 'error',
    category: 'manifest',
    message: `Expected SCORM ${wanted}, but the manifest is SCORM ${actual} (schemaversion ${m.scorm.schemaversion === null ? 'absent' : quoted(m.scorm.schemaversion)}).`,
    fix:
      version === '1.2'
        ? 'Use the SCORM 1.2 namespaces (imscp_rootv1p1p2, adlcp_rootv1p2) and <schemaversion>1.2</schemaversion>, or validate with scorm_version "auto".'
        : `Set <schemaversion>${edition === '2nd' ? 'CAM 1.3' : wanted}</schemaversion> with the SCORM 2004 namespaces, or validate with scorm_version "auto".`,
    file,
    line: m.metadata?.pos.line ?? m.pos.line,
    column: m.metadata?.pos.column ?? m.pos.column,
  });
}
