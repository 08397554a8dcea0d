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
import { FINDINGS_PAGE_BYTES, findingsPage } from '../../../output/findings-page.js';
import { ANSWER_BUDGET_BYTES, jsonBytes } from '../../../output/answer-budget.js';

import { closedMark, sessionClosedOutput } from '../session/closed-record.js';
import {
  findingsCursor,
  findingsPaging,
  validationLevel,
  withValidation,
  workspacePath,
} from './validation-helpers.js';

/** The report's fields beside its findings and audit (counts, groups, paths). */
const REPORT_FIELDS_BYTES = 3_000;
/** Findings a page holds at least, whatever the audit takes. */
const MIN_FINDINGS_BYTES = 1_500;

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
      const accessibility = closed
        ? {
            audited: false as const,
            not_applicable: {
              code: 'NO_RUNTIME' as const,
              message: `Session ${args.session_id} is closed: the audit needs the running course. Open it again with scorm_open_course.`,
            },
          }
        : await accessibilityForReport(session);
      return withValidation(workspace, { level: args.validation_level ?? 'strict' }, call, async (v) => {
        // The audit goes with every page: the findings get what it leaves of the budget.
        const room = ANSWER_BUDGET_BYTES - REPORT_FIELDS_BYTES - jsonBytes(accessibility);
        const paged = findingsPage(v.findings, args.cursor, {
          limit: Number.MAX_SAFE_INTEGER,
          budgetBytes: Math.max(MIN_FINDINGS_BYTES, Math.min(FINDINGS_PAGE_BYTES, room)),
        });
        const all = toValidationJson(v);
        // valid and the score count every finding; the lists hold one page of them.
        const json = {
          ...toValidationJson({ ...v, findings: paged.page }),
          valid: all.valid,
          compliance_score: all.compliance_score,
        };
        const written = target ? await target.write(v, { accessibility }) : null;
        return {
          data: {
            ...json,
            ...paged.paging,
            accessibility,
            report_path: written?.path ?? null,
            ...(written?.artifact ? { artifact: written.artifact } : {}),
            ...(target?.session ? { artifacts_manifest_path: target.session.artifacts.manifestPath } : {}),
            ...closedMark(closed),
          },
        };
      });
    },
  });
}
