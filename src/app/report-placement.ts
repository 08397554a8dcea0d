/**
 * Where a validation's HTML report is written: a session's artifact, or a file under the output root
 * (announced to the server's listing of reports, when it has one). Checked before validating.
 */
import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import { renderHtmlReport, type HtmlOptions } from '../report/index.js';
import type { ValidationSummary } from '../validate/validate-package.js';
import { checkOutput, writeOutput, type OutputRequest } from '../output/write-output.js';
import type { Artifact } from '../session/artifacts.js';
import { outputRoot } from '../session/data-dir.js';
import type { Session } from '../session/session.js';
import type { ServerContext } from './context.js';

/** Where an HTML report goes: a session artifact, or a file under the output root. Checked before validating. */
export interface ReportTarget {
  write: (v: ValidationSummary, html?: HtmlOptions) => Promise<{ path: string; artifact: Artifact | null }>;
  session: Session | null;
}

export async function reportTarget(
  ctx: ServerContext,
  options: { outputPath?: string | undefined; sessionId?: string | undefined; signal?: AbortSignal },
): Promise<ReportTarget> {
  const session = options.sessionId !== undefined ? ctx.sessions.get(options.sessionId) : null;
  const root = session
    ? { dir: session.workspace, label: `the workspace of session ${session.id}` }
    : outputRoot();
  const request = (path: string): OutputRequest => ({
    path,
    kind: 'html',
    base: root.dir,
    policy: { confinedTo: [root] },
    param: 'output_path',
    signal: options.signal,
  });
  if (options.outputPath !== undefined) await checkOutput(request(options.outputPath));
  return {
    session,
    write: async (v, htmlOptions) => {
      const html = await renderHtmlReport(v, htmlOptions);
      const metadata = { package_path: v.packagePath, scorm_version: v.scormVersion };
      if (session && options.outputPath === undefined) {
        const added = await session.artifacts.add(
          'report',
          reportStem(v),
          'html',
          html,
          metadata,
          options.signal,
        );
        return { path: added.absolutePath, artifact: added.artifact };
      }
      const name =
        options.outputPath ?? `${reportStem(v)}-${Date.now()}-${randomBytes(3).toString('hex')}.html`;
      const path = await writeOutput(request(name), html);
      const artifact = session ? await session.artifacts.record('report', path, metadata) : null;
      if (!session) await ctx.resources?.addReport(path, root.dir);
      return { path, artifact };
    },
  };
}

function reportStem(v: ValidationSummary): string {
  return basename(v.packagePath).replace(/[^\w.-]+/g, '_') || 'package';
}
