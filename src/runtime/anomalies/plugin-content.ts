/**
 * plugin_required: the SCO's pages embed content for a browser plug-in (Flash, Java applet,
 * Silverlight) that no browser runs any more, so the learner sees an empty box or Chromium's error
 * page. Seen in the SCO's frames (read through Playwright's own script world, so the course cannot
 * hide or fake it) and in the network record (a plug-in file requested, a frame sent to Adobe's Flash
 * download page), which a closed session still has.
 */
import type { Frame } from 'playwright-core';
import { courseText } from '../../core/course-text.js';
import {
  PLUGIN_FILE_PARAMS,
  PLUGIN_NAMES,
  pluginOfClassId,
  pluginOfFile,
  pluginOfType,
  type Plugin,
} from '../../core/plugins.js';
import { TIMEOUT, within } from '../../core/within.js';
import { packagePathOf } from '../content-url.js';
import type { CourseRuntime } from '../course-runtime.js';
import type { NetworkEntry } from '../records.js';
import { currentScoScope } from './current-sco.js';
import { END_OF_VISIT_LOOK_MS } from './page-look.js';
import type { Anomaly } from './types.js';

export interface PluginSighting {
  plugin: Plugin;
  /** How it was seen: `<object type>` in a frame, a request for the file, the download page. */
  how: string;
  /** The page it was seen on (package path), or the URL requested. */
  where: string;
  /** The plug-in file it names, when it names one. */
  file?: string;
}

const MAX_FRAMES = 20;
const MAX_ELEMENTS = 20;
const MAX_PARAMS = 20;

/** Adobe's Flash Player download pages, where SWF-era pages send a browser without Flash. */
const FLASH_DOWNLOAD =
  /^https?:\/\/(?:get\.adobe\.com\/(?:[a-z]{2}\/)?flashplayer|(?:www\.)?(?:adobe|macromedia)\.com\/(?:[a-z]{2}\/)?(?:go\/getflash|shockwave\/download))/i;

/** Plug-in files requested and navigations to the Flash download page, from the network record. */
export function pluginSightingsInNetwork(network: readonly NetworkEntry[]): PluginSighting[] {
  const out: PluginSighting[] = [];
  for (const entry of network) {
    if (entry.scope === 'player') continue;
    if (entry.resourceType === 'document' && FLASH_DOWNLOAD.test(entry.url)) {
      out.push({
        plugin: 'flash',
        how: 'a frame sent to Adobe’s Flash Player download page',
        where: entry.url,
      });
      continue;
    }
    let path: string;
    try {
      path = new URL(entry.url).pathname;
    } catch {
      continue;
    }
    const plugin = pluginOfFile(path);
    if (plugin) {
      const file = entry.scope === 'content' ? packagePathOf(entry.url) : entry.url;
      out.push({ plugin, how: 'a request for the plug-in file', where: file, file });
    }
  }
  return out;
}

async function attributeOf(el: ReturnType<Frame['locator']>, name: string): Promise<string | null> {
  return el.getAttribute(name, { timeout: 500 }).catch(() => null);
}

async function objectSighting(el: ReturnType<Frame['locator']>, tag: string, page: string) {
  if (tag === 'applet') {
    const file = (await attributeOf(el, 'archive')) ?? (await attributeOf(el, 'code'));
    return { plugin: 'java' as Plugin, how: '<applet>', where: page, ...(file ? { file } : {}) };
  }
  const own = await attributeOf(el, tag === 'object' ? 'data' : 'src');
  let param: string | null = null;
  if (tag === 'object') {
    // Only the <param> elements there are: a locator that matches nothing would wait.
    const params = el.locator('param');
    const count = Math.min(await params.count(), MAX_PARAMS);
    for (let i = 0; i < count && !param; i++) {
      const name = (await attributeOf(params.nth(i), 'name'))?.trim().toLowerCase() ?? '';
      const value = (await attributeOf(params.nth(i), 'value'))?.trim() ?? '';
      if (PLUGIN_FILE_PARAMS.includes(name) && pluginOfFile(value)) param = value;
    }
  }
  const file = own && pluginOfFile(own) ? own : (param ?? own);
  const byType = pluginOfType(await attributeOf(el, 'type'));
  const byClass = tag === 'object' ? pluginOfClassId(await attributeOf(el, 'classid')) : undefined;
  const plugin = byType ?? byClass ?? (file ? pluginOfFile(file) : undefined);
  if (!plugin) return undefined;
  const how = byType
    ? `<${tag} type>`
    : byClass
      ? '<object classid>'
      : `<${tag} ${tag === 'object' ? 'data' : 'src'}>`;
  return { plugin, how, where: page, ...(file ? { file } : {}) };
}

async function lookInFrames(runtime: CourseRuntime): Promise<PluginSighting[]> {
  const frames = [await runtime.scoFrame()];
  for (let i = 0; i < frames.length && frames.length < MAX_FRAMES; i++) {
    frames.push(...(frames[i]?.childFrames() ?? []));
  }
  const out: PluginSighting[] = [];
  for (const frame of frames.slice(0, MAX_FRAMES)) {
    const page = packagePathOf(frame.url());
    for (const tag of ['object', 'embed', 'applet']) {
      // Fallbacks inside <video>/<audio> and embeds nested in a plug-in <object> are never shown.
      const found = frame.locator(`${tag}:not(video ${tag}):not(audio ${tag}):not(object ${tag})`);
      const count = Math.min(await found.count(), MAX_ELEMENTS);
      for (let i = 0; i < count; i++) {
        const seen = await objectSighting(found.nth(i), tag, page);
        if (seen) out.push(seen);
      }
    }
  }
  return out;
}

/** What the SCO's open frames embed for a plug-in; empty when they do not answer in time. */
export async function pluginSightingsInFrames(runtime: CourseRuntime): Promise<PluginSighting[]> {
  if (!runtime.isOpen) return [];
  try {
    const out = await within(lookInFrames(runtime), END_OF_VISIT_LOOK_MS);
    return out === TIMEOUT ? [] : out;
  } catch {
    return [];
  }
}

/** One error per plug-in, on the first sighting, counting the others. */
export function pluginAnomalies(
  sightings: readonly PluginSighting[],
  about: Partial<Anomaly> = {},
): Anomaly[] {
  const byPlugin = new Map<Plugin, PluginSighting[]>();
  for (const s of sightings) byPlugin.set(s.plugin, [...(byPlugin.get(s.plugin) ?? []), s]);
  return [...byPlugin.entries()].map(([plugin, seen]) => {
    const first = seen[0] as PluginSighting;
    const file = first.file ? ' for `course_text.plugin_file`' : '';
    return {
      ...about,
      type: 'plugin_required',
      severity: 'error',
      message: `The SCO needs ${PLUGIN_NAMES[plugin]}, a plug-in no current browser runs (NPAPI and ActiveX plug-ins are gone; Flash reached its end of life on 2020-12-31): seen as ${first.how}${file} at \`course_text.seen_at\`. The learner sees an empty box or an error page instead of that content.`,
      fix: 'Republish the course as HTML5 from its authoring tool (or replace the plug-in content with HTML5 video, canvas or JavaScript); `scorm-tester validate` names each embedding (rule deps.plugin_content).',
      predicted_by: 'deps.plugin_content',
      count: seen.length,
      course_text: {
        ...about.course_text,
        seen_at: courseText(first.where),
        ...(first.file ? { plugin_file: courseText(first.file) } : {}),
      },
    };
  });
}

/** The plug-in anomalies of a runtime: its open frames first, then its network record. */
export async function pluginContentAnomalies(runtime: CourseRuntime): Promise<Anomaly[]> {
  const sightings = [
    ...(await pluginSightingsInFrames(runtime)),
    ...pluginSightingsInNetwork(runtime.networkRequests),
  ];
  return pluginAnomalies(sightings, currentScoScope(runtime));
}
