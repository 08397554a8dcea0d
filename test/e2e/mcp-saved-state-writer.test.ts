/**
 * Saved learner state is keyed by manifest identifier (as the persistence flow says), and many exports
 * share default identifiers: a package at another path with the same identifier resumes what the first one
 * saved. The open results say so (saved_state_writer, foreign_global_objectives naming the other package),
 * with how to start fresh; the same package reopened, after its own re-save or with its manifest edited,
 * gets no such warning. Real MCP server over stdio, real Chromium.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';
import { writePackage } from '../helpers/course-builder.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { until } from '../helpers/until.js';

const SOURCE = join(FIXTURES_DIR, 'courses/same-id-planter');
const files = Object.fromEntries(readdirSync(SOURCE).map((f) => [f, readFileSync(join(SOURCE, f), 'utf8')]));
/** Passes the exam, leaves a bookmark and writes the global objective. */
const PLANTER = writePackage(files);
/** The course an agent tests: the same manifest, byte for byte, at another path; its exam sets nothing. */
const TARGET = writePackage({
  ...files,
  'i1.html':
    "<!DOCTYPE html><html><body><h1>Exam</h1><script>parent.API_1484_11.Initialize('');window.examDone = true;</script></body></html>",
});
const OBJECTIVE = 'com.example.final-exam';

interface Writer {
  writer: string;
  package_path: string | null;
  manifest_sha256: string | null;
  message: string;
}
interface Objective {
  id: string;
  written_by_package: { package_path: string } | null;
  writer?: string;
  satisfied?: boolean;
}
interface Opened {
  session_id: string;
  resumed: boolean;
  saved_state_writer?: Writer;
  foreign_global_objectives: Objective[];
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

async function examDone(session: string): Promise<void> {
  await until(async () => {
    const r = await call<{ result: unknown }>('scorm_dom_evaluate', {
      session_id: session,
      expression: 'window.examDone === true',
    });
    return r.result === true ? true : undefined;
  }, 'the exam SCO has run');
}

/** Opens the course (resuming what is saved), lets its exam run, and closes it (which saves). */
async function openAndClose(path: string): Promise<Opened> {
  const opened = await call<Opened>('scorm_open_course', { package_path: path });
  if (!opened.resumed) await call('scorm_sn_init', { session_id: opened.session_id });
  await examDone(opened.session_id);
  await call('scorm_close_course', { session_id: opened.session_id });
  return opened;
}

test(
  'a package with the same manifest identifier at another path: the open names it as the writer of the state and the objective',
  { timeout: 240_000 },
  async () => {
    const first = await openAndClose(PLANTER);
    assert.equal(first.resumed, false);
    assert.equal(first.saved_state_writer, undefined);

    // The planter reopened: its own state and objective, no warning.
    const again = await openAndClose(PLANTER);
    assert.equal(again.resumed, true);
    assert.equal(again.saved_state_writer?.writer, 'this_package');
    assert.deepEqual(again.foreign_global_objectives, []);

    // The target: session open lists the objective, runtime open says whose state it resumes.
    const session = await call<{ session_id: string; foreign_global_objectives: Objective[] }>(
      'scorm_session_open',
      { package_path: TARGET },
    );
    assert.deepEqual(
      session.foreign_global_objectives.map((o) => [
        o.id,
        o.writer,
        o.written_by_package?.package_path,
        o.satisfied,
      ]),
      [[OBJECTIVE, 'other_package', realpathSync(PLANTER), true]],
    );
    const runtime = await call<Opened>('scorm_runtime_open', { session_id: session.session_id });
    assert.equal(runtime.resumed, true);
    const writer = runtime.saved_state_writer!;
    assert.equal(writer.writer, 'other_package');
    assert.equal(writer.package_path, realpathSync(PLANTER));
    assert.match(writer.message, /another package with the same manifest identifier/);
    assert.match(writer.message, /scorm_clear_saved_data/);
    assert.match(writer.message, /new_attempt: true/);
    assert.ok(!writer.message.includes(PLANTER), 'the sentence names the field, not the path');
    const data = await call<{ values: Record<string, string> }>('scorm_data_model_get', {
      session_id: session.session_id,
      elements: ['cmi.suspend_data'],
    });
    assert.equal(
      JSON.stringify(data).includes('planted by another package'),
      true,
      "the state resumed is the planter's, as the warning says",
    );
    await examDone(session.session_id);
    await call('scorm_session_close', { session_id: session.session_id });

    // Closing the target re-saved the state: reopened, it is the target's own, with no warning.
    const own = await openAndClose(TARGET);
    assert.equal(own.resumed, true);
    assert.equal(own.saved_state_writer?.writer, 'this_package');

    // The target edited in place: its own state, from before the edit.
    const manifest = join(TARGET, 'imsmanifest.xml');
    writeFileSync(
      manifest,
      readFileSync(manifest, 'utf8').replace('Course with a default identifier', 'Edited title'),
    );
    const edited = await call<Opened>('scorm_open_course', { package_path: TARGET });
    assert.equal(edited.saved_state_writer?.writer, 'this_package_edited');
    assert.doesNotMatch(edited.saved_state_writer?.message ?? '', /another package/);
    await call('scorm_close_course', { session_id: edited.session_id });
  },
);
