/**
 * One agent-like journey through a real MCP server (any build: the server's entry file is a parameter, so
 * a frozen earlier build can be measured the same way) over the SDK's stdio client, recording what each
 * tool result costs the model.
 */
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { tempDir } from '../test/helpers/temp.js';

/** The size of one tool result as the model is shown it. */
export interface MeasuredResult {
  tool: string;
  /**
   * bytes/4 of the text content, plus the JSON of structuredContent when no text block already carries it
   * (a client hands the model one of the two copies, not both), or of a JSON-RPC error.
   */
  tokens: number;
  /** Base64 bytes of image content, kept apart: a model pays for images by resolution, not by bytes. */
  image_bytes: number;
  failed: boolean;
  /** The error_code of a failed call, so that a journey that could not go on says why. */
  error_code?: string;
}

export interface JourneyResult {
  course: string;
  results: MeasuredResult[];
}

const NEXT_STEPS = 3;
const CALL_TIMEOUT_MS = 180_000;

type CallResult = Awaited<ReturnType<Client['callTool']>>;

/** What a result costs: the text the model reads, and the structured copy when the text does not repeat it. */
export function measure(tool: string, result: CallResult): MeasuredResult {
  let bytes = 0;
  let imageBytes = 0;
  const structured = result.structuredContent === undefined ? undefined : JSON.stringify(result.structuredContent);
  let structuredInText = false;
  for (const item of (result.content ?? []) as Array<{ type: string; text?: string; data?: string }>) {
    if (item.type === 'text') {
      bytes += Buffer.byteLength(item.text ?? '');
      if (item.text === structured) structuredInText = true;
    } else if (item.type === 'image') imageBytes += Buffer.byteLength(item.data ?? '');
    else bytes += Buffer.byteLength(JSON.stringify(item));
  }
  if (structured !== undefined && !structuredInText) bytes += Buffer.byteLength(structured);
  const failed = result.isError === true;
  const code = (result.structuredContent as { error_code?: unknown } | undefined)?.error_code;
  return {
    tool,
    tokens: bytes / 4,
    image_bytes: imageBytes,
    failed,
    ...(failed && typeof code === 'string' ? { error_code: code } : {}),
  };
}

/** The course's own Next control: the page state's navigation control, else a control whose purpose is next. */
export function nextControl(
  pageState: unknown,
  elements: unknown,
): { selector?: string; ref?: string } | null {
  const nav = (pageState as { navigation_controls?: { next?: { selector?: string } | null } } | undefined)
    ?.navigation_controls?.next;
  if (nav?.selector) return { selector: nav.selector };
  const stack: unknown[] = [elements];
  while (stack.length) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (node && typeof node === 'object') {
      const o = node as Record<string, unknown>;
      // The selector rather than the ref: refs are renumbered as the page changes between steps.
      if (o.purpose === 'next' && (typeof o.ref === 'string' || typeof o.selector === 'string'))
        return typeof o.selector === 'string' ? { selector: o.selector } : { ref: o.ref as string };
      stack.push(...Object.values(o));
    }
  }
  return null;
}

/** Starts the server at `serverEntry` with private folders; its repository root is its working directory. */
export async function connect(serverEntry: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [serverEntry],
    cwd: dirname(dirname(dirname(serverEntry))),
    env: {
      ...(process.env as Record<string, string>),
      SCORM_TESTER_LOG_DIR: tempDir('scorm-tester-journey-logs-'),
      SCORM_TESTER_DATA_DIR: tempDir('scorm-tester-journey-data-'),
      SCORM_TESTER_SESSIONS_DIR: tempDir('scorm-tester-journey-sessions-'),
      SCORM_TESTER_OUTPUT_DIR: tempDir('scorm-tester-journey-output-'),
    },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'scorm-tester-journey-bench', version: '0.0.0' });
  await client.connect(transport);
  return client;
}

const SETTLE_POLLS = 20;
const SETTLE_POLL_GAP_MS = 500;

/**
 * Waits (unmeasured) until the launched page stops changing — the same page-state size twice running, or
 * SETTLE_POLLS looks — so that both builds are measured on a loaded page, not on a loading screen.
 */
async function settle(client: Client, session_id: string): Promise<void> {
  let last = -1;
  for (let poll = 0; poll < SETTLE_POLLS; poll++) {
    const result = await client.callTool(
      { name: 'scorm_get_page_state', arguments: { session_id } },
      undefined,
      { timeout: CALL_TIMEOUT_MS },
    );
    const size = measure('', result).tokens;
    if (size === last) return;
    last = size;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_GAP_MS));
  }
}

/**
 * The fixed journey on one course: open, page state, interactive elements, Next three times (the course's
 * own control when it has one, else the LMS's Next) each followed by a look at the page, data model, API
 * calls, navigation state, screenshot, validation, close.
 */
export async function runJourney(
  serverEntry: string,
  course: string,
  packagePath: string,
): Promise<JourneyResult> {
  const client = await connect(serverEntry);
  const results: MeasuredResult[] = [];
  const call = async (tool: string, args: Record<string, unknown>): Promise<unknown> => {
    try {
      const result = await client.callTool({ name: tool, arguments: args }, undefined, {
        timeout: CALL_TIMEOUT_MS,
      });
      results.push(measure(tool, result));
      return result.structuredContent;
    } catch (error) {
      const e = error as { message?: string; data?: unknown };
      const shown = Buffer.byteLength(JSON.stringify({ message: e.message, data: e.data }));
      const code = (e.data as { error_code?: unknown } | undefined)?.error_code;
      results.push({
        tool,
        tokens: shown / 4,
        image_bytes: 0,
        failed: true,
        ...(typeof code === 'string' ? { error_code: code } : {}),
      });
      return undefined;
    }
  };
  try {
    const opened = (await call('scorm_open_course', { package_path: packagePath })) as
      { session_id?: string } | undefined;
    const session_id = opened?.session_id;
    // A course that cannot be opened ends its journey there; the failed open is its measured result.
    if (!session_id) return { course, results };
    await settle(client, session_id);
    let page = await call('scorm_get_page_state', { session_id });
    const elements = await call('scorm_dom_find_interactive_elements', { session_id });
    for (let step = 0; step < NEXT_STEPS; step++) {
      const next = nextControl(page, elements);
      if (next) await call('scorm_dom_click', { session_id, ...next });
      else await call('scorm_nav_next', { session_id });
      page = await call('scorm_get_page_state', { session_id });
    }
    await call('scorm_data_model_get', { session_id });
    await call('scorm_debug_api_calls', { session_id });
    await call('scorm_nav_get_state', { session_id });
    await call('scorm_capture_screenshot', { session_id });
    await call('scorm_validate_workspace', { workspace_path: packagePath });
    await call('scorm_session_close', { session_id });
    return { course, results };
  } finally {
    await client.close();
  }
}

/** Our own build's server entry. */
export function ownServerEntry(packageRoot: string): string {
  return join(packageRoot, 'dist/bundle/mcp-main.js');
}
