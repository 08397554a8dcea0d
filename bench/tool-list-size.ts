/**
 * What `tools/list` costs a model: bytes/4 of each tool's name, description and input schema, as the real
 * server sends them to the SDK's own client (in memory, every group switched on), summed per group.
 * `node scripts/tool-list-size.mjs` prints the table; test/unit/tool-list-size.test.ts holds the budget.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { Logger } from '../src/core/logger.js';
import { createMcpServer } from '../src/mcp/server.js';
import { SessionManager } from '../src/session/session-manager.js';
import { ALL_GROUPS } from '../src/app/tool-registry.js';
import { buildTools } from '../src/mcp/toolsets.js';
import type { ToolGroup } from '../src/app/tool.js';

export interface ListedToolSize {
  name: string;
  group: ToolGroup;
  tokens: number;
  listed: Tool;
}

export interface GroupSize {
  group: ToolGroup | 'all';
  tools: number;
  total_tokens: number;
  average_tokens: number;
}

/** The token estimate the issue defines: bytes/4 of name + description + JSON of the input schema. */
export function toolTokens(tool: Pick<Tool, 'name' | 'description' | 'inputSchema'>): number {
  const bytes =
    Buffer.byteLength(tool.name) +
    Buffer.byteLength(tool.description ?? '') +
    Buffer.byteLength(JSON.stringify(tool.inputSchema));
  return bytes / 4;
}

/** Lists every tool through the real server and the SDK client, each with its group and size. */
export async function measureToolList(): Promise<ListedToolSize[]> {
  const dir = mkdtempSync(join(tmpdir(), 'scorm-tester-tool-sizes-'));
  const logger = new Logger({ dir: join(dir, 'logs') });
  const sessions = new SessionManager(logger, { sessionsRoot: join(dir, 'sessions') });
  const { tools, disabled } = buildTools({ logger, sessions }, new Set(ALL_GROUPS));
  const groupOf = new Map(tools.map((t) => [t.name, t.group]));
  const server = createMcpServer({ tools, disabledTools: disabled, logger });
  const client = new Client({ name: 'tool-list-size', version: '0.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  try {
    await server.connect(serverSide);
    await client.connect(clientSide);
    const { tools: listed } = await client.listTools();
    return listed.map((t) => ({
      name: t.name,
      group: groupOf.get(t.name)!,
      tokens: toolTokens(t),
      listed: t,
    }));
  } finally {
    await client.close();
    await server.close();
    await sessions.closeAll();
    logger.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One row per group (in ALL_GROUPS order, empty groups left out), then the whole list. */
export function sizesByGroup(tools: readonly ListedToolSize[]): GroupSize[] {
  const row = (group: GroupSize['group'], of: readonly ListedToolSize[]): GroupSize => {
    const total = of.reduce((sum, t) => sum + t.tokens, 0);
    return {
      group,
      tools: of.length,
      total_tokens: Math.round(total),
      average_tokens: of.length ? Math.round((total / of.length) * 10) / 10 : 0,
    };
  };
  const groups = ALL_GROUPS.map((g) =>
    row(
      g,
      tools.filter((t) => t.group === g),
    ),
  ).filter((r) => r.tools > 0);
  return [...groups, row('all', tools)];
}

export interface ListBytes {
  /** The whole `tools/list` result as JSON, what a client receives. */
  total_bytes: number;
  /** The sum of every tool's listed outputSchema as JSON. */
  output_schema_bytes: number;
}

/** Bytes of the full listing and of its output-schema part (issue 22: most of tools/list is output schemas). */
export function listBytes(tools: readonly ListedToolSize[]): ListBytes {
  const listed = tools.map((t) => t.listed);
  return {
    total_bytes: Buffer.byteLength(JSON.stringify({ tools: listed })),
    output_schema_bytes: listed.reduce(
      (sum, t) => sum + Buffer.byteLength(JSON.stringify(t.outputSchema ?? {})),
      0,
    ),
  };
}

/** The per-group table as Markdown, as scripts/tool-list-size.mjs prints it. */
export function formatSizeTable(rows: readonly GroupSize[]): string {
  const lines = ['| group | tools | tokens | per tool |', '| --- | ---: | ---: | ---: |'];
  for (const r of rows) {
    const name = r.group === 'all' ? '**all**' : r.group;
    lines.push(`| ${name} | ${r.tools} | ${r.total_tokens} | ${r.average_tokens.toFixed(1)} |`);
  }
  return lines.join('\n');
}
