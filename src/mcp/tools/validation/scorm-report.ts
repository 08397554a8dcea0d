/** scorm_report: the validation report written to a file. */
import { z } from 'zod';
import { fail } from '../../../core/errors.js';
import { toValidationJson } from '../../../report/index.js';
import { accessibilityForReport } from '../../../dom/a11y/report-audit.js';
import { reportTarget } from '../../../app/report-placement.js';
import type { ServerContext } from '../../../app/context.js';
import { sessionId } from '../shared-schemas.js';
import { REPLACES_SAVED, defineTool, type ToolDefinition } from '../../../app/tool.js';
import { artifact, validationJson } from '../output-schemas.js';
import { accessibilityReport } from './outputs.js';
import { auditSummary, auditWithinShare } from './report-audit-fit.js';
import { FINDINGS_ANSWER_BYTES, findingsPageFit, fittedFindingsPage } from '../../../output/findings-page.js';
import { jsonBytes } from '../../../output/answer-budget.js';

import { closedMark, sessionClosedOutput } from '../session/closed-record.js';
import {
  findingsCursor,
  findingsPaging,
  validationLevel,
  withValidation,
  workspacePath,
} from './validation-helpers.js';

/** A later page's accessibility part: the audit is sent once, with the first page. */
const ON_FIRST_PAGE = {
  on_first_page: true as const,
  message:
    'The accessibility audit is sent with the first page only (cursor "0"; without cursor, its counts); scorm_accessibility_audit runs it alone.',
};

export function reportTool(ctx: ServerContext): ToolDefinition {
  return defineTool({
    name: 'scorm_report',
    group: 'validation',
    title: 'Write validation report',
    annotations: REPLACES_SAVED,
    description:
      "Validate and write a self-contained HTML report; returns the JSON report. With session_id: the session's package, saved as an artifact, with a WCAG AA audit when the runtime is open.",
    input: {
      workspace_path: workspacePath.optional(),
      session_id: sessionId.optional(),
      validation_level: validationLevel,
      format: z.enum(['json', 'html']).optional().describe('html (default) also writes the HTML file.'),
      output_path: z
        .string()
        .min(1)
        .optional()
        .describe(
          'HTML file under the session workspace or SCORM_TESTER_OUTPUT_DIR; replaces only our reports.',
        ),
      cursor: findingsCursor,
    },
    output: {
      ...validationJson,
      ...findingsPaging,
      accessibility: accessibilityReport,
      report_path: z.string().nullable().describe('The HTML report; null with format "json".'),
      artifact: artifact.optional(),
      artifacts_manifest_path: z.string().optional(),
      ...sessionClosedOutput,
    },
    handler: async (args, call) => {
      if (args.format === 'json' && args.output_path !== undefined) {
        fail(
          'INVALID_ARGUMENT',
          'output_path names the HTML file, and format "json" writes none: drop output_path, or use format "html".',
        );
      }
      // A closed session's record keeps its package: the report is of that package, as a plain file.
      const recorded = args.session_id !== undefined ? ctx.sessions.recorded(args.session_id) : null;
      const closed = recorded?.closed === true;
      const session = recorded && !closed ? recorded.session : null;
      const workspace = args.workspace_path ?? recorded?.session.options.packagePath;
      if (workspace === undefined) {
        fail(
          'INVALID_ARGUMENT',
          'Name the package: give workspace_path, or the session_id of a session opened on it.',
        );
      }
      const target =
        args.format === 'json'
          ? null
          : await reportTarget(ctx, {
              outputPath: args.output_path,
              sessionId: session?.id,
              signal: call.signal,
            });
      // The audit (5-9 kB) goes with the first page only (cursor "0"; the first look has its counts);
      // a later page says where it is.
      const firstLook = args.cursor === undefined;
      const later = !firstLook && args.cursor !== '0';
      const audit =
        later && target === null
          ? null
          : closed
            ? {
                audited: false as const,
                not_applicable: {
                  code: 'NO_RUNTIME' as const,
                  message: `Session ${args.session_id} is closed: the audit needs the running course. Open it again with scorm_open_course.`,
                },
              }
            : await accessibilityForReport(session);
      // The HTML file holds the whole audit; the answer, what fits beside the findings.
      const accessibility = later
        ? ON_FIRST_PAGE
        : firstLook
          ? auditSummary(audit as NonNullable<typeof audit>)
          : auditWithinShare(audit as NonNullable<typeof audit>);
      return withValidation(workspace, { level: args.validation_level ?? 'strict' }, call, async (v) => {
        const all = toValidationJson(v);
        const written = target && audit ? await target.write(v, { accessibility: audit }) : null;
        // The first page is a first look: the verdict, the counts, the audit's summary and a few findings.
        const fit = findingsPageFit(
          args.cursor,
          Math.max(FINDINGS_ANSWER_BYTES, jsonBytes(accessibility) + 1_500),
        );
        const { data } = fittedFindingsPage(
          v.findings,
          args.cursor,
          (paged) => ({
            ...toValidationJson({ ...v, findings: paged.page }),
            // valid and the score count every finding; the lists hold one page of them.
            valid: all.valid,
            compliance_score: all.compliance_score,
            ...paged.paging,
            accessibility,
            report_path: written?.path ?? null,
            ...(written?.artifact ? { artifact: written.artifact } : {}),
            ...(target?.session ? { artifacts_manifest_path: target.session.artifacts.manifestPath } : {}),
            ...closedMark(closed),
          }),
          fit.answerBytes,
          fit.atLeast,
        );
        return { data };
      });
    },
  });
}
