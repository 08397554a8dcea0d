/**
 * Looks at the SCO's pages at the end of a visit that made no API call: the controls a learner could
 * click, and which of the scripts they run hold SCORM API code. Read through Playwright's own script
 * world and from the package files, so the course cannot bend the answer.
 */
import { readFile, stat } from 'node:fs/promises';
import type { Frame } from 'playwright-core';
import { TIMEOUT, within } from '../../core/within.js';
import { resolveInsideRoot } from '../../package/paths.js';
import { packagePathOf } from '../content-url.js';
import type { CourseRuntime } from '../course-runtime.js';
import { explainAnomalies } from './causes.js';
import { currentScoScope, openAndSilent } from './current-sco.js';
import { NAMES } from './elements.js';
import { neverInitialized } from './lifecycle.js';
import { LEARNER_CONTROLS, awaitsLearner, holdsApiCode, startGateOf, type PageLook } from './start-gate.js';
import type { Anomaly } from './types.js';

/**
 * How long a look at the SCO's pages at the end of a visit may take. A stuck page answers nothing and a
 * page on a loaded machine answers late; the looks of one visit run side by side under this one bound.
 */
export const END_OF_VISIT_LOOK_MS = 10_000;
const MAX_FRAMES = 20;
/** More controls than this: the page is no start screen, counting further says nothing more. */
const MAX_CONTROLS = 8;
const MAX_SCRIPTS = 60;
const MAX_SCRIPT_BYTES = 5 * 1024 * 1024;

async function framesOf(runtime: CourseRuntime): Promise<Frame[]> {
  const frames = [await runtime.scoFrame()];
  for (let i = 0; i < frames.length && frames.length < MAX_FRAMES; i++) {
    frames.push(...(frames[i]?.childFrames() ?? []));
  }
  return frames.slice(0, MAX_FRAMES);
}

/** What a learner would read on the control: its accessible label, text, value, title, or id. */
async function controlName(frame: Frame, index: number): Promise<string> {
  const c = frame.locator(LEARNER_CONTROLS).nth(index);
  const label = (await c.getAttribute('aria-label'))?.trim();
  if (label) return label;
  const text = (await c.innerText()).replace(/\s+/g, ' ').trim();
  if (text) return text;
  for (const attribute of ['value', 'title', 'alt']) {
    const value = (await c.getAttribute(attribute))?.trim();
    if (value) return value;
  }
  const id = await c.getAttribute('id');
  return id ? `#${id}` : 'a control with no label';
}

async function packageScriptHoldsApi(root: string, path: string): Promise<boolean> {
  try {
    const file = resolveInsideRoot(root, path);
    if ((await stat(file)).size > MAX_SCRIPT_BYTES) return false;
    return holdsApiCode(await readFile(file, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * Whether the frame's own window holds an API object under `name` that is not the LMS's (the player pins
 * the LMS's on its top window; a SCO in a window of its own reaches it through its opener). The course's
 * own search looks at its own window first, so such a stand-in catches every call.
 */
async function holdsStandIn(frame: Frame, name: string): Promise<boolean> {
  const found = await frame
    .evaluate((apiName) => {
      const w = window as unknown as Record<string, unknown> & Window;
      if (!Object.prototype.hasOwnProperty.call(w, apiName)) return false;
      const own = w[apiName];
      if (own === null || (typeof own !== 'object' && typeof own !== 'function')) return false;
      try {
        const home = (w.top !== w ? w.top : (w.opener as Window | null)?.top) as Record<
          string,
          unknown
        > | null;
        const lms = home?.[apiName];
        return lms !== undefined && lms !== null && own !== lms;
      } catch {
        return false;
      }
    }, name)
    .catch(() => false);
  return found === true;
}

async function look(runtime: CourseRuntime): Promise<PageLook> {
  const out: PageLook = { controls: [], apiCode: [], standIns: [] };
  const apiName = runtime.version === '2004' ? 'API_1484_11' : 'API';
  for (const frame of await framesOf(runtime)) {
    const page = packagePathOf(frame.url());
    if (await holdsStandIn(frame, apiName)) out.standIns?.push(page);
    const controls = frame.locator(LEARNER_CONTROLS);
    const count = await controls.count();
    for (let i = 0; i < count && out.controls.length <= MAX_CONTROLS; i++) {
      if (await controls.nth(i).isVisible()) out.controls.push({ name: await controlName(frame, i), page });
    }
    const inline = await frame.locator('script:not([src])').allTextContents();
    if (inline.some(holdsApiCode)) out.apiCode.push(`${page} (inline)`);
    const scripts = frame.locator('script[src]');
    const sources = Math.min(await scripts.count(), MAX_SCRIPTS);
    for (let i = 0; i < sources; i++) {
      const src = await scripts.nth(i).getAttribute('src');
      if (!src) continue;
      const path = packagePathOf(new URL(src, frame.url()).href);
      if (path.includes('://') || out.apiCode.includes(path)) continue;
      if (await packageScriptHoldsApi(runtime.packageRoot, path)) out.apiCode.push(path);
    }
  }
  return out;
}

/** The look, or undefined when the pages do not answer in time. */
export async function lookAtScoPages(runtime: CourseRuntime): Promise<PageLook | undefined> {
  try {
    const out = await within(look(runtime), END_OF_VISIT_LOOK_MS);
    return out === TIMEOUT ? undefined : out;
  } catch {
    return undefined;
  }
}

/**
 * For a course still open that has made no API call, why it has not started: a page that keeps a stand-in
 * API of its own (its calls never reach the LMS, whatever the learner does: initialize_never_called, as
 * when the visit ends), or a start gate waiting for the learner's click (a warning); undefined otherwise
 * (it may simply not have started yet).
 */
export async function openCourseNotStarted(runtime: CourseRuntime): Promise<Anomaly | undefined> {
  if (!openAndSilent(runtime)) return undefined;
  const look = await lookAtScoPages(runtime);
  const about = currentScoScope(runtime);
  if (look?.standIns?.length) {
    const [explained] = explainAnomalies([{ ...neverInitialized(NAMES[runtime.version], 0), ...about }], {
      network: runtime.networkRequests,
      console: runtime.consoleMessages,
      version: runtime.version,
      look,
    });
    return explained;
  }
  const gate = startGateOf(look);
  return gate ? awaitsLearner(NAMES[runtime.version], gate, about) : undefined;
}
