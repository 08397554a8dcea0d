/**
 * Two things an agent reads before it answers (issue 23, found on ispring-1, lectora-1 and exe-1): a
 * question is given whole up to a few hundred characters, and marked "…" where it is cut; a frame that
 * failed to load (an external video with the network off) is said to have failed, with its address, not
 * called a frame of another process. Over stdio against real Chromium.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { withCourseText } from '../helpers/course-text.js';
import { callTool, openSessionRuntime, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { until } from '../helpers/until.js';

interface Listed {
  assessments: Array<{ kind: string; question: string; options: string[] }>;
  frames: Array<{ label: string; url: string }>;
  notes: string[];
}

const COURSE = join(FIXTURES_DIR, 'courses/offline-video-long-questions');
const VIDEO = 'https://video.example.com/embed/storing-records?start=0';

/** The fixture's own words, as a reader gives them (white space made single). */
const page = readFileSync(join(COURSE, 'index.html'), 'utf8');
const wordsOf = (pattern: RegExp): string => (pattern.exec(page)?.[1] ?? '').replace(/\s+/g, ' ').trim();
const LEGEND = wordsOf(/<legend>([^<]*)<\/legend>/);
const CASE = wordsOf(/<p>(Knowledge check:[^<]*)<\/p>/);

let server: StartedServer;
let session: string;
let found: Listed;

before(async () => {
  server = await startServer();
  session = await openSessionRuntime(server.client, COURSE);
  // The video frame fails once the browser has given up on its address: read until it has.
  found = await until(async () => {
    const r = await callTool<Listed>(server.client, 'scorm_dom_find_interactive_elements', {
      session_id: session,
    });
    return r.frames.some((f) => f.url.startsWith('chrome-error://')) && r.assessments.length === 2
      ? r
      : undefined;
  }, 'the video frame failed and both questions listed');
});
after(async () => {
  await server.close();
});

test('a question longer than a name is given whole', () => {
  assert.ok(LEGEND.length > 200, 'the fixture question is longer than the old cut');
  assert.equal(found.assessments[0]?.question, LEGEND);
});

test('a question longer than the limit is cut with a mark, and keeps as much as the limit allows', () => {
  const question = found.assessments[1]?.question ?? '';
  assert.ok(CASE.length > 500, 'the fixture case runs past the limit');
  assert.equal(question.length, 480);
  assert.ok(question.endsWith('…'), question);
  assert.ok(CASE.startsWith(question.slice(0, -1)), question);
});

test('a frame that failed to load is said to have failed, with its address and why', () => {
  const notes = found.notes.map((n) => withCourseText(found, n));
  const note = notes.find((n) => n.startsWith('sco > frame 1:'));
  assert.ok(note, notes.join(' | '));
  assert.ok(note.includes(`the frame failed to load ${VIDEO}, `), note);
  assert.match(note, /the address was blocked in this session .*allow_network/);
  assert.doesNotMatch(note, /another process/);
});
