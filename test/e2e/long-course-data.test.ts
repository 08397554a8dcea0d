/**
 * A course whose title, frame id, slide ids and titles and Next control's id are 5,000 characters each
 * (issue 20, point 5): the fields that keep such values as data an agent can pass back (page_title, url,
 * slide_id, frame labels, slides[].id and title, navigation_controls) are capped to 500 characters, so a
 * course cannot flood an answer through them; a frame named by a long id is labelled by its position.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { until } from '../helpers/until.js';

const COURSE = join(FIXTURES_DIR, 'courses/long-course-data');
const CAP = 500;

type Data = Record<string, unknown>;

/** Every string outside course_text, with its path. */
function dataStrings(value: unknown, path = '', out: Array<[string, string]> = []): Array<[string, string]> {
  if (typeof value === 'string') out.push([path, value]);
  else if (Array.isArray(value)) value.forEach((v, i) => dataStrings(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value as Data))
      if (k !== 'course_text') dataStrings(v, path ? `${path}.${k}` : k, out);
  return out;
}

function assertCapped(value: unknown, fields: RegExp, where: string): void {
  const checked = dataStrings(value).filter(([path]) => fields.test(path));
  assert.ok(
    checked.length > 0,
    `${where}: the answer has the fields checked (${JSON.stringify(value).slice(0, 400)})`,
  );
  for (const [path, text] of checked)
    assert.ok(text.length <= CAP, `${where}: ${path} is ${text.length} characters`);
}

let server: StartedServer;
let session: string;
before(async () => {
  server = await startServer();
  session = await openSessionRuntime(server.client, COURSE);
});
after(async () => {
  await server.close();
});

test('page context: page_title, url, slide_id, frame and the Next control are capped data', async () => {
  const context = await until(async () => {
    const c = (await callTool(server.client, 'scorm_get_current_page_context', {
      session_id: session,
    })) as Data;
    return c.slide_id ? c : undefined;
  }, 'the page context with its slide');
  assertCapped(
    context,
    /^(page_title|url|slide_id|frame|section_title|navigation_controls\.)/,
    'page context',
  );
});

test('slide map: each slide id and title is capped data', async () => {
  const map = (await callTool(server.client, 'scorm_get_slide_map', { session_id: session })) as Data;
  assert.equal((map.slides as unknown[]).length, 3);
  assertCapped(map, /^(slides\[\d+\]\.(id|title)|frame)$/, 'slide map');
});

test('page state and controls: a control with a 5,000-character id gets a short selector that still finds it', async () => {
  const state = (await callTool(server.client, 'scorm_get_page_state', { session_id: session })) as Data;
  const long = dataStrings(state).filter(([, text]) => text.length > CAP);
  assert.deepEqual(
    long.map(([path, text]) => `${path}: ${text.length}`),
    [],
    'no data field over the cap',
  );
  // The page state leaves a control's selector to its snapshot line's ref; the control list has it.
  const found = (await callTool(server.client, 'scorm_dom_find_interactive_elements', {
    session_id: session,
  })) as Data;
  const next = (found.interactive_elements as Data[]).find((e) => e.name === 'Next') as Data;
  assert.doesNotMatch(String(next.selector), /AI-text-AI-text-/, 'the selector is a path, not the long id');
  const clicked = (await callTool(server.client, 'scorm_dom_click', {
    session_id: session,
    selector: next.selector,
  })) as Data;
  assert.equal(clicked.success, true);
});
