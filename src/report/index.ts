import { fail } from '../core/errors.js';
import { formatJunit } from './junit.js';
import { toSarif, type SarifOptions } from './sarif.js';
import { toValidationJson } from './summary.js';
import { formatText, type TextOptions } from './text.js';
import { isReportFormat, REPORT_FORMATS, type ReportFormat, type ValidationOutcome } from './types.js';

export type FormatOptions = TextOptions & SarifOptions;

/** Renders a validation outcome in one of the text formats (HTML is async: see renderHtmlReport). */
export function formatOutcome(
  o: ValidationOutcome,
  format: ReportFormat,
  options: FormatOptions = {},
): string {
  if (!isReportFormat(format)) {
    fail(
      'INVALID_ARGUMENT',
      `Unknown report format "${String(format)}": use one of ${REPORT_FORMATS.join(', ')}.`,
    );
  }
  switch (format) {
    case 'text':
      return formatText(o, options);
    case 'json':
      return JSON.stringify(toValidationJson(o), null, 2) + '\n';
    case 'sarif':
      return JSON.stringify(toSarif(o, options), null, 2) + '\n';
    case 'junit':
      return formatJunit(o);
  }
}

export { REPORT_FORMATS, isReportFormat, type ReportFormat, type ValidationOutcome } from './types.js';
export {
  complianceScore,
  countBySeverity,
  isValid,
  SCORE_PENALTY,
  toValidationJson,
  type FindingJson,
  type SeverityCounts,
  type ValidationJson,
} from './summary.js';
export { formatText, useColorByDefault, type TextOptions } from './text.js';
export { toSarif, SARIF_SCHEMA, type SarifLog, type SarifOptions } from './sarif.js';
export { formatJunit } from './junit.js';
export { renderHtmlReport, type HtmlOptions } from './html.js';
export type { AccessibilityReport } from './html-a11y.js';
export { createExcerptReader, type ExcerptLine, type ExcerptOptions } from './excerpt.js';
