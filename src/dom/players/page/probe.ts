/**
 * The page script of player recognition, bundled by scripts/bundle.mjs into page-context-probe.iife.js and
 * run in one SCO frame at a time by src/dom/players/probe-runner.ts, with the request as its argument.
 */
import { quoted } from '../../../core/course-text.js';
import type { FrameFacts, PlayerHints, PlayerName, PlayerReading, ProbeRequest } from '../types.js';
import { detectSignature, type PlayerAdapter } from './adapter.js';
import { adaptFramework } from './adapters/adapt.js';
import { automationApi } from './adapters/automation.js';
import { captivate } from './adapters/captivate.js';
import { ispring } from './adapters/ispring.js';
import { lectora } from './adapters/lectora.js';
import { rise } from './adapters/rise.js';
import { storyline } from './adapters/storyline.js';
import { genericFacts } from './generic.js';
import { errorText, generator, Reader } from './safe.js';

const ADAPTERS: PlayerAdapter[] = [
  automationApi,
  storyline,
  rise,
  captivate,
  ispring,
  adaptFramework,
  lectora,
];

const GENERATOR_NAMES: Array<[PlayerName, RegExp]> = [
  ['storyline', /storyline/i],
  ['rise', /\brise\b/i],
  ['captivate', /captivate/i],
  ['ispring', /ispring/i],
  ['adapt', /\badapt\b/i],
  ['lectora', /lectora|trivantis/i],
];

function adapterFor(player: PlayerName): PlayerAdapter {
  const found = ADAPTERS.find((a) => a.name === player);
  if (!found) throw new Error(`unknown player ${player}`);
  return found;
}

function detect(win: Window, doc: Document): FrameFacts {
  const players: FrameFacts['players'] = {};
  for (const adapter of ADAPTERS) {
    let evidence;
    try {
      evidence = detectSignature(adapter.signature, win, doc);
    } catch (err) {
      evidence = [{ signal: `detection failed: ${errorText(err)}`, weight: 0 }];
    }
    if (evidence.length > 0) players[adapter.name] = evidence;
  }
  const meta = generator(doc);
  for (const [name, pattern] of GENERATOR_NAMES) {
    if (meta && pattern.test(meta))
      (players[name] ??= []).push({ signal: `generator meta ${quoted(meta)}`, weight: 0.8 });
  }
  return {
    url: win.location.href,
    title: doc.title.trim().slice(0, 200),
    players,
    generic: genericFacts(doc),
  };
}

async function read(
  win: Window,
  doc: Document,
  player: PlayerName,
  hints?: PlayerHints,
): Promise<PlayerReading> {
  const reader = new Reader();
  let partial: Partial<PlayerReading> = {};
  try {
    partial = await adapterFor(player).read(win, doc, reader, hints);
  } catch (err) {
    reader.notes.push(`reading the ${player} player failed: ${errorText(err)}`);
  }
  return {
    slide_number: partial.slide_number ?? null,
    total_slides: partial.total_slides ?? null,
    slide_id: partial.slide_id ?? null,
    slide_title: partial.slide_title ?? null,
    section_title: partial.section_title ?? null,
    progress_percent: partial.progress_percent ?? null,
    ...(partial.course_menu ? { course_menu: true } : {}),
    ...(partial.page_count ? { page_count: partial.page_count } : {}),
    notes: reader.notes,
  };
}

export async function run(request: ProbeRequest): Promise<unknown> {
  const win = window;
  const doc = document;
  switch (request.op) {
    case 'detect':
      return detect(win, doc);
    case 'read':
      return read(win, doc, request.player, request.hints);
    case 'slides': {
      const reader = new Reader();
      const listing = await adapterFor(request.player).slides(win, doc, reader, request.hints);
      return { listing, notes: reader.notes };
    }
    case 'current': {
      const adapter = adapterFor(request.player);
      if (!adapter.currentId) return read(win, doc, request.player, request.hints);
      const reader = new Reader();
      const slide_id = await adapter.currentId(win, reader);
      return { slide_id, slide_number: null, notes: reader.notes };
    }
    case 'goto': {
      const adapter = adapterFor(request.player);
      if (!adapter.goTo) return { ok: false, reason: adapter.unsupportedGoto ?? 'no jump API' };
      return adapter.goTo(win, doc, new Reader(), request.target, request.hints);
    }
  }
}

/** Which players can jump to a slide (for Node, without a round trip). */
export const UNSUPPORTED_GOTO: Partial<Record<PlayerName, string>> = Object.fromEntries(
  ADAPTERS.filter((a) => !a.goTo).map((a) => [a.name, a.unsupportedGoto ?? 'no jump API']),
);
