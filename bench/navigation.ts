/**
 * Navigation in the real player (issue 7):
 * - delivering the next SCO after a continue request (unload, terminate, deliver, the new SCO's
 *   Initialize) against a fresh single-SCO open until Initialize, same page, same run;
 * - scorm_nav_get_state on a generated 1,000-activity tree, through the navigator and through the tool.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '../src/core/logger.js';
import { ALL_GROUPS } from '../src/app/tool-registry.js';
import { buildTools } from '../src/mcp/toolsets.js';
import { startSequencing } from '../src/session/navigation/run-steps.js';
import type { Session } from '../src/session/session.js';
import type { SessionNavigator } from '../src/session/navigation/navigator.js';
import { SavedStateStore } from '../src/session/saved-state.js';
import { SessionManager } from '../src/session/session-manager.js';
import { tempDir } from '../test/helpers/temp.js';
import { generateSequencingManifest } from './sequencing.js';
import { median, timeIt, type BenchRow } from './stats.js';

const RUNS = 11;
const VIEWPORT = { width: 1366, height: 768 };

/** Initializes on load, completes, and ends its attempt when the LMS unloads it. */
const SCO_PAGE = `<!doctype html><title>sco</title><h1>SCO</h1><script>
var w = window, hops = 0;
while (w && !w.API_1484_11 && w.parent && w.parent !== w && hops++ < 10) w = w.parent;
var api = w.API_1484_11;
api.Initialize('');
api.SetValue('cmi.completion_status', 'completed');
addEventListener('pagehide', function () { api.Terminate(''); });
</script>`;

function course(scoCount: number): string {
  const dir = tempDir('scorm-tester-bench-nav-');
  const items = Array.from(
    { length: scoCount },
    (_, i) => `<item identifier="sco${i}" identifierref="R"><title>SCO ${i}</title></item>`,
  ).join('');
  writeFileSync(
    join(dir, 'imsmanifest.xml'),
    `<?xml version="1.0"?>
<manifest identifier="NAV${scoCount}" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="O"><organization identifier="O"><title>Bench</title>${items}
    <imsss:sequencing><imsss:controlMode choice="true" flow="true"/></imsss:sequencing></organization></organizations>
  <resources><resource identifier="R" type="webcontent" adlcp:scormType="sco" href="sco.html"><file href="sco.html"/></resource></resources>
</manifest>`,
  );
  writeFileSync(join(dir, 'sco.html'), SCO_PAGE);
  return dir;
}

function bigCourse(): string {
  const dir = tempDir('scorm-tester-bench-big-');
  writeFileSync(join(dir, 'imsmanifest.xml'), generateSequencingManifest());
  writeFileSync(join(dir, 'sco.html'), SCO_PAGE);
  return dir;
}

async function sequenced(session: Session): Promise<SessionNavigator> {
  const started = await startSequencing(session);
  if (!('navigator' in started)) throw new Error(started.not_applicable.message);
  return started.navigator;
}

export async function benchNavigation(): Promise<BenchRow[]> {
  const logger = new Logger({ dir: tempDir('scorm-tester-bench-logs-') });
  const sessions = new SessionManager(logger, {
    store: new SavedStateStore(tempDir('scorm-tester-bench-data-')),
    sessionsRoot: tempDir('scorm-tester-bench-sessions-'),
  });
  const rows: BenchRow[] = [];
  try {
    const single = course(1);
    const multi = course(RUNS + 1);

    const freshOpen = async (): Promise<number> => {
      const t = performance.now();
      const session = await sessions.open({ packagePath: single, newAttempt: true });
      const runtime = await session.openRuntime({ viewport: VIEWPORT });
      await runtime.waitForCall('Initialize', 15_000);
      const ms = performance.now() - t;
      await sessions.close(session.id);
      return ms;
    };
    await freshOpen(); // warm-up: browser launch, engine bundle, JIT

    const session = await sessions.open({ packagePath: multi, newAttempt: true });
    const runtime = await session.openRuntime({ viewport: VIEWPORT });
    const navigator = await sequenced(session);
    await runtime.waitForCall('Initialize', 15_000, 0);
    const nextMs: number[] = [];
    const freshMs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      freshMs.push(await freshOpen());
      const from = runtime.calls.length;
      const t = performance.now();
      const out = await navigator.request({ type: 'continue' });
      if (out.outcome !== 'delivered') throw new Error(`continue ${i + 1} was not delivered: ${out.message}`);
      await runtime.waitForCall('Initialize', 15_000, from);
      nextMs.push(performance.now() - t);
    }
    await sessions.close(session.id);
    rows.push(
      {
        name: 'fresh single-SCO open until Initialize (session + runtime)',
        median_ms: median(freshMs),
        runs: RUNS,
      },
      {
        name: 'continue: unload, terminate, deliver next SCO until Initialize',
        median_ms: median(nextMs),
        runs: RUNS,
        target: '<= 1.3x',
        ratio: median(nextMs) / median(freshMs),
        note: 'against the fresh open above, same page',
      },
    );

    const big = await sessions.open({ packagePath: bigCourse(), newAttempt: true });
    await big.openRuntime({ viewport: VIEWPORT });
    const bigNav = await sequenced(big);
    const size = bigNav.tree.activities.length;
    bigNav.state();
    const direct = await timeIt(30, () => bigNav.state());
    rows.push({
      name: `navigator state (${size} activities)`,
      median_ms: median(direct),
      runs: direct.length,
      target: '<= 20 ms',
    });
    const tool = buildTools({ logger, sessions }, new Set(ALL_GROUPS)).tools.find(
      (t) => t.name === 'scorm_nav_get_state',
    );
    if (tool) {
      const call = (): Promise<unknown> =>
        tool.handler(
          { session_id: big.id },
          { requestId: 1, signal: new AbortController().signal, progress: () => {} },
        );
      await call();
      const viaTool = await timeIt(30, async () =>
        JSON.stringify(((await call()) as { data: unknown }).data),
      );
      rows.push({
        name: `scorm_nav_get_state tool handler + JSON (${size} activities)`,
        median_ms: median(viaTool),
        runs: viaTool.length,
        target: '<= 20 ms',
      });
    }
    await sessions.close(big.id);
  } finally {
    await sessions.closeAll();
    logger.close();
  }
  return rows;
}
