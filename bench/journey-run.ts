/**
 * One fixed agent-like journey through a real MCP server (bench/mcp-calls.ts), recording what each tool
 * result costs the model.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CALL_TIMEOUT_MS, connect, measure, measuredCaller, type MeasuredResult } from './mcp-calls.js';

export { connect, measure, ownServerEntry, type MeasuredResult } from './mcp-calls.js';

export interface JourneyResult {
  course: string;
  results: MeasuredResult[];
}

const NEXT_STEPS = 3;

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

const SETTLE_POLLS = 20;
const SETTLE_POLL_GAP_MS = 500;

/**
 * Waits (unmeasured) until the launched page stops changing — the same page-state size twice running, or
 * SETTLE_POLLS looks — so that both builds are measured on a loaded page, not on a loading screen. The
 * looks leave the snapshot out, so the journey's own first look is not answered "unchanged" for a page
 * no measured call has shown.
 */
async function settle(client: Client, session_id: string): Promise<void> {
  let last = -1;
  for (let poll = 0; poll < SETTLE_POLLS; poll++) {
    const result = await client.callTool(
      { name: 'scorm_get_page_state', arguments: { session_id, include_snapshot: false } },
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
  const call = measuredCaller(client, results);
  try {
    const opened = (await call('scorm_open_course', { package_path: packagePath, new_attempt: true })) as
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
