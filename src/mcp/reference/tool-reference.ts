/**
 * docs/tools.md: every tool as tools/list describes it (group, title, description, annotations, input
 * parameters, output fields), grouped by capability group, rendered from the tool definitions so the
 * page cannot drift from the code.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '../../core/logger.js';
import { anchor, inlineCode, markdownCell, markdownTable, markdownText } from '../../report/markdown.js';
import { SessionManager } from '../../session/session-manager.js';
import { toListedTool } from '../server.js';
import { successSchema } from '../error-output-schema.js';
import type { ToolDefinition, ToolGroup } from '../../app/tool.js';
import { ALL_GROUPS } from '../../app/tool-registry.js';
import { buildTools } from '../toolsets.js';
import { describeSchemaType, type JsonSchema } from './schema-type.js';

type Row = [name: string, type: string, required: string, defaultValue: string, description: string];

export const TOOL_REFERENCE_COMMAND = 'npm run build && node scripts/gen-reference.mjs';

/** What each group is for, in the words a client needs to pick SCORM_TESTER_TOOLSETS. */
const GROUP_PURPOSE: Record<ToolGroup, string> = {
  system: 'Server logs and log level. Always on.',
  validation: 'Check a package without a browser: manifest, schemas, API usage, sequencing, reports.',
  session: 'Open, reload and close courses and sessions; saved learner state and global objectives.',
  runtime: 'The course running in the player: SCORM API calls, data model, screenshots, console, network.',
  dom: 'Act in the course like a learner and read its page: click, fill, type, snapshots, slides, accessibility.',
  navigation: 'Multi-SCO courses: the sequencing engine, navigation requests, traces and flows.',
  automation: 'Courses that expose `window.SCORMAutomation` (as `samples/automation-course` does).',
  inspector: 'The web inspector on a session.',
};

/** Every tool of every group, built the way the server builds them (nothing runs). */
export async function allToolDefinitions(): Promise<ToolDefinition[]> {
  const dir = mkdtempSync(join(tmpdir(), 'scorm-tester-tool-reference-'));
  const logger = new Logger({ dir: join(dir, 'logs') });
  const sessions = new SessionManager(logger, { sessionsRoot: join(dir, 'sessions') });
  try {
    const { tools, disabled } = buildTools({ logger, sessions }, new Set(ALL_GROUPS));
    return [...tools, ...disabled];
  } finally {
    await sessions.closeAll();
    logger.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function renderToolReference(tools: readonly ToolDefinition[]): string {
  const groups = ALL_GROUPS.filter((g) => tools.some((t) => t.group === g));
  const out = [
    '# MCP tools',
    '',
    `<!-- Generated from the tool definitions by \`${TOOL_REFERENCE_COMMAND}\`. Do not edit. -->`,
    '',
    `${tools.length} tools in ${groups.length} groups. \`SCORM_TESTER_TOOLSETS\` (comma-separated group`,
    'names, default `all`) switches groups on; `system` is always on. Parameters and results are what',
    "`tools/list` sends (`inputSchema`, `outputSchema`; each outputSchema also admits a failed call's",
    '`{ error_code, message, details }`); [mcp-protocol.md](mcp-protocol.md) explains the annotations,',
    'errors, progress and cancellation.',
    '',
    markdownTable(
      ['group', 'tools', 'for'],
      groups.map((g) => [
        `[${g}](#${anchor(`group ${g}`)})`,
        String(tools.filter((t) => t.group === g).length),
        markdownCell(GROUP_PURPOSE[g]),
      ]),
    ),
  ];
  for (const group of groups) {
    const of = tools.filter((t) => t.group === group);
    out.push('', `## Group ${group}`, '', GROUP_PURPOSE[group], '');
    out.push(of.map((t) => `- [${t.name}](#${anchor(t.name)}): ${t.title}`).join('\n'));
    for (const tool of of) out.push('', ...renderTool(tool));
  }
  return out.join('\n') + '\n';
}

function renderTool(tool: ToolDefinition): string[] {
  const listed = toListedTool(tool, { forDocs: true });
  const out = [
    `### ${tool.name}`,
    '',
    `**${markdownText(tool.title)}** (${annotationWords(tool)})`,
    '',
    markdownText(tool.description),
    '',
  ];
  const input = fieldRows(listed.inputSchema as JsonSchema, true);
  out.push(
    input.length === 0
      ? 'Input: none.'
      : markdownTable(['parameter', 'type', 'required', 'default', 'description'], input),
  );
  const output = fieldRows(successSchema(listed.outputSchema) as JsonSchema, false);
  out.push(
    '',
    output.length === 0
      ? 'Output: no fields.'
      : markdownTable(
          ['result field', 'type', 'always', 'description'],
          output.map(([name, type, always, , description]) => [name, type, always, description]),
        ),
  );
  return out;
}

function annotationWords(tool: ToolDefinition): string {
  const a = tool.annotations;
  return [
    a.readOnlyHint ? 'read-only' : 'changes state',
    a.destructiveHint ? 'destructive' : 'not destructive',
    a.idempotentHint ? 'idempotent' : 'not idempotent',
    a.openWorldHint ? 'open world' : 'closed world',
  ].join(', ');
}

/**
 * One row per property: name, type, required, default, description. Input objects (options) also get a
 * row per field of theirs, since their defaults and meanings are what a caller looks for.
 */
function fieldRows(schema: JsonSchema, input: boolean, prefix = '', root = schema): Row[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).flatMap(([name, node]): Row[] => {
    const row: Row = [
      inlineCode(prefix + name),
      markdownCell(describeSchemaType(node, root)),
      required.has(name) ? 'yes' : '',
      input && node.default !== undefined ? inlineCode(JSON.stringify(node.default)) : '',
      markdownCell(typeof node.description === 'string' ? node.description : ''),
    ];
    const nested = input && !prefix && node.type === 'object' && node.properties;
    return nested ? [row, ...fieldRows(node, input, `${prefix}${name}.`, root)] : [row];
  });
}
