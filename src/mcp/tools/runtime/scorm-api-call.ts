/** scorm_api_call: Call SCORM API. */
import { z } from 'zod';
import type { ServerContext } from '../../../app/context.js';
import { REPLACES_SAVED, defineTool, type ToolDefinition } from '../../../app/tool.js';
import { apiCallResult } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';
import { resolveMethod } from '../../../app/replay.js';
import { callResult } from './api-calls.js';
import { apiArgs } from './api-fields.js';

export function apiCallTool(ctx: ServerContext): ToolDefinition {
  const { sessions } = ctx;
  return defineTool({
    name: 'scorm_api_call',
    group: 'runtime',
    title: 'Call SCORM API',
    annotations: REPLACES_SAVED,
    description:
      'Call one SCORM API method on the running course, e.g. SetValue ["cmi.score.raw","80"]; either version\'s names work. Returns result, error_code, error_string, diagnostic.',
    input: {
      session_id: sessionId,
      method: z.string().min(1).describe('e.g. GetValue, SetValue, Commit (1.2 names work too).'),
      args: apiArgs.optional(),
    },
    output: apiCallResult,
    handler: async (args) => {
      const runtime = sessions.get(args.session_id).requireRuntime();
      const method = resolveMethod(runtime.version, args.method);
      const rec = await runtime.callApi(method, args.args ?? []);
      return { data: callResult(rec) };
    },
  });
}
