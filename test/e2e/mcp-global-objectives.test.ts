/**
 * A learner's global objectives across courses (issue 20): one course's objective is shared with every
 * course the learner takes (as SN allows), so an agent sees which ones a course starts with that it did
 * not write, lists them, and clears them. Real MCP server over stdio, real Chromium.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { callTool, callToolError, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { writePackage } from '../helpers/course-builder.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { until } from '../helpers/until.js';

/** Writes com.example.g-obj through SCO a; SCO b reads it. */
const WRITER = join(FIXTURES_DIR, 'courses/seq-global');
/** The same course under another identifier: to the learner, a different course reading the same objective. */
const READER = writePackage(
  Object.fromEntries(
    readdirSync(WRITER).map((f) => {
      const text = readFileSync(join(WRITER, f), 'utf8');
      return [
        f,
        f === 'imsmanifest.xml' ? text.replace('com.example.seq-global', 'com.example.other-course') : text,
      ];
    }),
  ),
);
const OBJECTIVE = 'com.example.g-obj';

interface Objective {
  id: string;
  written_by_course: string | null;
  satisfied?: boolean;
}

let server: StartedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

const call = <T = Record<string, unknown>>(name: string, args: Record<string, unknown> = {}) =>
  callTool<T>(server.client, name, args);

async function currentActivity(id: string): Promise<string | null> {
  return (await call<{ current_activity: string | null }>('scorm_nav_get_state', { session_id: id }))
    .current_activity;
}

test(
  "a course that starts with another course's global objective says so; list and clear show and remove it",
  { timeout: 180_000 },
  async () => {
    // The writer course passes SCO a, which writes the global objective, then continues to b.
    const writer = await call<{ session_id: string; foreign_global_objectives: Objective[] }>(
      'scorm_open_course',
      {
        package_path: WRITER,
      },
    );
    assert.deepEqual(writer.foreign_global_objectives, [], 'nothing is held yet');
    await call('scorm_sn_init', { session_id: writer.session_id });
    await until(
      async () => ((await currentActivity(writer.session_id)) === 'b' ? true : undefined),
      'SCO b delivered after a passed',
    );
    await call('scorm_close_course', { session_id: writer.session_id });

    const listed = await call<{ objectives: Objective[] }>('scorm_global_objectives_list');
    assert.deepEqual(
      listed.objectives.map((o) => [o.id, o.written_by_course, o.satisfied]),
      [[OBJECTIVE, 'com.example.seq-global', true]],
    );

    // The writer course reopened: the objective is its own, so nothing is foreign to it.
    const again = await call<{ session_id: string; foreign_global_objectives: Objective[] }>(
      'scorm_session_open',
      {
        package_path: WRITER,
      },
    );
    assert.deepEqual(again.foreign_global_objectives, []);
    await call('scorm_session_close', { session_id: again.session_id });

    // Another course reading the same target starts with it satisfied: the open and scorm_sn_init say so.
    const opened = await call<{ session_id: string; foreign_global_objectives: Objective[] }>(
      'scorm_open_course',
      {
        package_path: READER,
      },
    );
    assert.deepEqual(
      opened.foreign_global_objectives.map((o) => [o.id, o.written_by_course, o.satisfied]),
      [[OBJECTIVE, 'com.example.seq-global', true]],
    );
    const init = await call<{ foreign_global_objectives?: Objective[] }>('scorm_sn_init', {
      session_id: opened.session_id,
    });
    assert.deepEqual(
      init.foreign_global_objectives?.map((o) => o.id),
      [OBJECTIVE],
    );

    // While its sequencing runs, a clear is refused (the session would write its copy back).
    const refused = await callToolError(server.client, 'scorm_global_objectives_clear');
    assert.equal(refused.error_code, 'MCP_INVALID_PARAMS');
    assert.match(refused.message, new RegExp(`Sequencing is running in session ${opened.session_id}`));
    await call('scorm_close_course', { session_id: opened.session_id });

    const cleared = await call<{ cleared: string[]; kept: string[] }>('scorm_global_objectives_clear', {
      ids: [OBJECTIVE],
    });
    assert.deepEqual(cleared.cleared, [OBJECTIVE]);
    assert.deepEqual(cleared.kept, []);
    assert.deepEqual(
      (await call<{ objectives: Objective[] }>('scorm_global_objectives_list')).objectives,
      [],
    );
    const twice = await call<{ cleared: string[] }>('scorm_global_objectives_clear');
    assert.deepEqual(twice.cleared, [], 'clearing twice deletes nothing more');

    // Reopened, the other course starts without it: b reads the objective as unknown.
    const clean = await call<{ session_id: string; foreign_global_objectives: Objective[] }>(
      'scorm_open_course',
      {
        package_path: READER,
        new_attempt: true,
      },
    );
    assert.deepEqual(clean.foreign_global_objectives, []);
    const cleanInit = await call<{ foreign_global_objectives?: Objective[] }>('scorm_sn_init', {
      session_id: clean.session_id,
    });
    assert.deepEqual(cleanInit.foreign_global_objectives, []);
    await call('scorm_close_course', { session_id: clean.session_id });
  },
);
