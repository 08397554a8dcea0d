/**
 * Our verdicts on courses we did not hand-tune (issue 19): a family of correct courses built with
 * SCORM wrappers from npm and packaged with simple-scorm-packager (test/helpers/corpus/). A correct
 * course must get no error finding from `validate` and no error-severity anomaly from `run` (CLI,
 * `--nav` through multi-SCO courses, and MCP including suspend -> close -> reopen -> resume).
 */
import { before, after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';
import { corpusFamily, generateCorpus, writeCourse } from '../helpers/corpus/family.js';
import { runPackager } from '../helpers/corpus/package-course.js';
import { callTool, startServer, type StartedServer } from '../helpers/mcp-client.js';

interface Finding {
  rule: string;
  severity: string;
  message: string;
}
interface Anomaly {
  type: string;
  severity: string;
  message: string;
  element?: string;
  sco_id?: string;
}
interface RunJson {
  initialized: boolean;
  final_state: string;
  anomalies: Anomaly[];
  navigation?: { steps: Array<{ step: string; outcome: string; success: boolean }> };
}

const family = corpusFamily();
const root = tempDir('scorm-tester-corpus-');
let courses: Map<string, string>;

before(async () => {
  courses = await generateCorpus(root);
});

const errorsOf = (anomalies: Anomaly[]): string[] =>
  anomalies
    .filter((a) => a.severity === 'error')
    .map((a) => `${a.type} ${a.sco_id ?? ''} ${a.element ?? ''}: ${a.message}`);

describe('validate: no error finding on any correct course', { concurrency: 2 }, () => {
  for (const c of family) {
    test(`validate ${c.name}`, async () => {
      const r = await cli('validate', courses.get(c.name)!, '--format', 'json', '--quiet');
      const json = JSON.parse(r.stdout) as { errors: Finding[]; scorm_version: string };
      assert.deepEqual(
        json.errors.map((e) => `${e.rule}: ${e.message}`),
        [],
      );
      assert.equal(r.status, 0, r.stderr);
      assert.equal(json.scorm_version, c.edition);
    });
  }

  test("validate reports the packager's own schema errors: <metadata> inside <item> after extensions and in <resources>", async () => {
    for (const edition of ['1.2', '2004 4th Edition'] as const) {
      const dir = tempDir('scorm-tester-raw-packager-');
      const course = family.find((c) => c.edition === edition && c.scos === 1 && c.records)!;
      cpSync(
        join(await writeCourse(tempDir('scorm-tester-corpus-one-'), course), 'sco1'),
        join(dir, 'sco1'),
        {
          recursive: true,
        },
      );
      await runPackager(dir, edition, 'com.corpus.raw', 'Raw', 'sco1/index.html');
      const r = await cli('validate', dir, '--format', 'json', '--quiet');
      const json = JSON.parse(r.stdout) as { errors: Array<Finding & { line: number }> };
      const manifest = readFileSync(join(dir, 'imsmanifest.xml'), 'utf8').split('\n');
      assert.deepEqual(
        json.errors.map((e) => [e.rule, manifest[e.line - 1]?.trim()]),
        [
          ['xsd.invalid', '<metadata>'],
          ['xsd.invalid', '<metadata>'],
        ],
        edition,
      );
      const lines = json.errors.map((e) => e.line);
      const resourcesLine = manifest.findIndex((l) => l.trim() === '<resources>') + 1;
      assert.ok(
        lines[0]! < resourcesLine && lines[1] === resourcesLine + 1,
        `${edition}: ${lines.join(',')}`,
      );
    }
  });
});

describe('run --json: no error-severity anomaly on any correct course', { concurrency: 3 }, () => {
  for (const c of family) {
    const nav = c.scos > 1 ? ['--nav', Array.from({ length: c.scos - 1 }, () => 'continue').join(',')] : [];
    let result: Promise<{ status: number | null; json: RunJson; raw: string }> | undefined;
    const run = () =>
      (result ??= cli('run', courses.get(c.name)!, '--json', '--settle-ms', '500', ...nav).then((r) => ({
        status: r.status,
        json: JSON.parse(r.stdout) as RunJson,
        raw: r.stdout + r.stderr,
      })));
    const label = `run ${nav.length > 0 ? '--nav ' : ''}${c.name}`;

    test(`${label}: initializes, terminates, no error anomaly, exit 0`, async () => {
      const { status, json, raw } = await run();
      assert.equal(json.initialized, true, raw.slice(0, 2000));
      assert.equal(json.final_state, 'terminated');
      assert.deepEqual(errorsOf(json.anomalies), []);
      for (const step of json.navigation?.steps ?? [])
        assert.equal(step.outcome, 'delivered', JSON.stringify(step));
      assert.equal(json.navigation?.steps.length ?? 1, nav.length > 0 ? c.scos : 1);
      assert.equal(status, 0);
    });
  }
});

interface Opened {
  session_id: string;
  resumed: boolean;
  fresh_start_reason?: string;
}
interface Closed {
  success: boolean;
  exit: string | null;
  exit_set_by: string | null;
}
/** No anomaly at all: only the counts (the list and its paging are left out). */
interface Debugged {
  anomalies?: Anomaly[];
  anomaly_counts: { error: number };
  anomalies_remaining?: number;
}

describe('MCP: the same verdicts through the server, and suspend -> close -> reopen resumes', () => {
  let server: StartedServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.close();
  });

  for (const name of ['12-saw-complete', '2004v3-gamestdio-complete', '2004v4-pipwerks-location-only']) {
    test(`scorm_debug_api_calls ${name}: no error-severity anomaly`, async () => {
      const data = await callTool<Debugged>(server.client, 'scorm_debug_api_calls', {
        workspace_path: courses.get(name)!,
        settle_ms: 500,
      });
      assert.deepEqual(errorsOf(data.anomalies ?? []), []);
      // The answer pages its anomalies: the counts cover those on later pages too.
      assert.equal(data.anomaly_counts.error, 0);
    });
  }

  for (const name of [
    '12-pipwerks-suspend',
    '2004v4-pipwerks-suspend',
    '12-gamestdio-suspend-data-only',
    '2004v3-gamestdio-suspend-data-only',
  ]) {
    const c = family.find((f) => f.name === name)!;
    const v12 = c.edition === '1.2';
    const api = async (session_id: string, element: string) =>
      (
        await callTool<{ result: unknown }>(server.client, 'scorm_api_call', {
          session_id,
          method: 'GetValue',
          args: [element],
        })
      ).result;
    const settled = (session_id: string) =>
      callTool(server.client, 'scorm_wait_for_api_call', {
        session_id,
        method: 'Commit',
        include_past: true,
      });
    const anomalies = async (session_id: string) => {
      const data = await callTool<Debugged>(server.client, 'scorm_debug_api_calls', { session_id });
      // Every anomaly is on this one page (the answer would page them past its budget).
      assert.equal(data.anomalies_remaining ?? 0, 0);
      return data.anomalies ?? [];
    };

    /** Opens, lets the course suspend, closes, reopens; everything the two tests below look at. */
    let flow:
      | Promise<{
          closed: Closed;
          again: Opened;
          entry: unknown;
          saved: unknown;
          errors: string[];
        }>
      | undefined;
    const suspendAndReopen = () =>
      (flow ??= (async () => {
        const path = courses.get(name)!;
        const first = await callTool<Opened>(server.client, 'scorm_open_course', { package_path: path });
        await settled(first.session_id);
        const errors = errorsOf(await anomalies(first.session_id));
        const closed = await callTool<Closed>(server.client, 'scorm_close_course', {
          session_id: first.session_id,
        });
        const again = await callTool<Opened>(server.client, 'scorm_open_course', { package_path: path });
        try {
          await settled(again.session_id);
          const entry = await api(again.session_id, v12 ? 'cmi.core.entry' : 'cmi.entry');
          const saved = await api(again.session_id, 'cmi.suspend_data');
          errors.push(...errorsOf(await anomalies(again.session_id)));
          return { closed, again, entry, saved, errors };
        } finally {
          await callTool(server.client, 'scorm_close_course', { session_id: again.session_id });
        }
      })());

    test(`${name}: suspends, and on reopen resumes where it stopped`, async () => {
      const { closed, again, entry, saved } = await suspendAndReopen();
      assert.equal(closed.success, true);
      assert.equal(closed.exit, 'suspend');
      assert.equal(closed.exit_set_by, 'course');
      assert.equal(again.resumed, true, JSON.stringify(again));
      assert.equal(entry, 'resume');
      assert.deepEqual(JSON.parse(String(saved)), { page: 4, seen: [1, 2, 3, 4], resumedFrom: 2 });
    });

    test(`${name}: no error-severity anomaly in either attempt`, async () => {
      assert.deepEqual((await suspendAndReopen()).errors, []);
    });
  }
});
