/**
 * Where each requirement is stated, for RuleInfo.adl: sections of the SCORM Content Aggregation Model
 * book (2004 4th Edition unless "SCORM 1.2" is named). Deliberately at section level: 3.4.1 is the
 * manifest element reference, 3.5 the content-package application profiles, 5 the sequencing and
 * presentation elements.
 */
const MANIFEST_ELEMENTS = 'CAM 3.4.1';

export const ADL = {
  manifest: MANIFEST_ELEMENTS,
  metadata: MANIFEST_ELEMENTS,
  organizations: MANIFEST_ELEMENTS,
  item: MANIFEST_ELEMENTS,
  resources: MANIFEST_ELEMENTS,
  files: MANIFEST_ELEMENTS,
  adlcpItem: MANIFEST_ELEMENTS,
  profiles: 'CAM 3.5',
  sequencing: 'CAM 5',
  presentation: 'CAM 5',
  scorm12: 'SCORM 1.2 CAM 2.3',
} as const;
