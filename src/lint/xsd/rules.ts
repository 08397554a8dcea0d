import type { RuleInfo } from '../../core/findings.js';

/**
 * SCORM 2004 CAM section 3.5 (content package application profiles): the controlling documents
 * (XSDs) a manifest names ship in the package, at its root. Same section-level style as the CAM rules.
 */
export const CONTROLLING_DOCUMENTS_ADL = ['CAM 3.5'];

export const XSD_RULES = {
  controllingDocumentMissing: {
    id: 'cp.controlling_document_missing',
    severity: 'error',
    category: 'xsd',
    level: 'basic',
    title: 'A schema the manifest (or one of its schemas) names is not in the package',
    adl: CONTROLLING_DOCUMENTS_ADL,
  },
  /**
   * A warning, not an error: XML Schema (Structures 4.3.2) makes xsi:schemaLocation a hint that
   * processors may ignore, LMSs import such packages, and what cannot be checked is only that part.
   */
  inlineSchemaMissing: {
    id: 'xsd.inline_schema_missing',
    severity: 'warning',
    category: 'xsd',
    level: 'basic',
    title:
      'A schema that an element inside the manifest names in xsi:schemaLocation is not in the package, so that part was not validated',
  },
  schemaLocationMissing: {
    id: 'cp.schema_location_missing',
    severity: 'warning',
    category: 'xsd',
    level: 'basic',
    title: 'The manifest root has no xsi:schemaLocation, so it cannot be validated against schemas',
    adl: CONTROLLING_DOCUMENTS_ADL,
  },
  schemaLocationMalformed: {
    id: 'xsd.schema_location_malformed',
    severity: 'warning',
    category: 'xsd',
    level: 'basic',
    title: 'xsi:schemaLocation is not a list of namespace/location pairs',
  },
  schemaNamespaceMismatch: {
    id: 'xsd.schema_namespace_mismatch',
    severity: 'error',
    category: 'xsd',
    level: 'basic',
    title: 'A namespace is paired with a schema file that defines another namespace',
  },
  invalid: {
    id: 'xsd.invalid',
    severity: 'error',
    category: 'xsd',
    level: 'basic',
    title: 'The manifest does not validate against the schemas it names',
  },
  remoteSchema: {
    id: 'xsd.remote_schema',
    severity: 'warning',
    category: 'xsd',
    level: 'basic',
    title: 'A schema is referenced by URL; it was not fetched',
  },
  schemaDefectSubstituted: {
    id: 'xsd.schema_defect_substituted',
    severity: 'info',
    category: 'xsd',
    level: 'basic',
    title: 'A known defect in a shipped schema was corrected before validation',
  },
  schemaUnloadable: {
    id: 'xsd.schema_unloadable',
    severity: 'error',
    category: 'xsd',
    level: 'basic',
    title: 'A shipped schema cannot be compiled',
  },
  notValidated: {
    id: 'xsd.not_validated',
    severity: 'info',
    category: 'xsd',
    level: 'basic',
    title: 'XSD validation of the manifest could not run',
  },
} as const satisfies Record<string, RuleInfo>;

export type XsdRuleKey = keyof typeof XSD_RULES;

/** The catalogue of XSD rules, for rule listings and SARIF. */
export const XSD_RULE_LIST: readonly RuleInfo[] = Object.values(XSD_RULES);
