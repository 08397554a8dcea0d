/**
 * The slides an iSpring 9 presentation declares in its published page: `var presInfo = "<base64 of zlib-deflated
 * JSON>"`, whose `s` lists the slides in order (`t` title, `x` its words, `s` the slide's script, `st: "q"` a quiz). Each slide's
 * script hands the player its markup, whose element ids end in a suffix of that slide alone
 * (`<div id="spr0_10e150d">`): the suffix of the slide drawn says which slide is shown. The published player
 * keeps its own object private and shows its outline only in a popup, so this is what a script can read.
 * Read from the package as text and data, never run.
 */
import { inflateSync } from 'node:zlib';
import { posix } from 'node:path';
import type { CourseRuntime } from '../../runtime/course-runtime.js';
import { readBesidePage } from './package-file.js';
import type { IspringDeck } from './types.js';

const MAX_PAGE_BYTES = 4 * 1024 * 1024;
const MAX_SLIDE_BYTES = 16 * 1024 * 1024;
const MAX_INFO_BYTES = 16 * 1024 * 1024;
const MAX_SLIDES = 2000;
const PRES_INFO = /\bpresInfo\s*=\s*"([A-Za-z0-9+/=]{8,})"/;
// A quiz slide's script carries its quiz as base64 JSON (`var quizInfo = "…"`): the heading of its intro slide
// (d.sl.i.D.h, HTML) is what the learner sees as the slide's title (ispring-2's outline shows only "---", and
// d.T is iSpring's default "Untitled Quiz"); d.T when there is no intro.
const QUIZ_INFO = /\bquizInfo\s*=\s*"([A-Za-z0-9+/=]{8,})"/;
const SPRITE = /loadHandler\s*\(\s*\d+\s*,\s*'<div id="spr\d+_([0-9A-Za-z]+)"/;

const known = new WeakMap<CourseRuntime, Map<string, Promise<IspringDeck | null>>>();

/** The deck of the page a frame shows, read once per page and runtime; null when the page declares none. */
export function ispringDeck(runtime: CourseRuntime, pageUrl: string): Promise<IspringDeck | null> {
  const url = pageUrl.replace(/[?#].*$/, '');
  let pages = known.get(runtime);
  if (!pages) known.set(runtime, (pages = new Map()));
  let deck = pages.get(url);
  if (!deck) pages.set(url, (deck = readDeck(runtime, url)));
  return deck;
}

async function readDeck(runtime: CourseRuntime, url: string): Promise<IspringDeck | null> {
  const page = await readBesidePage(runtime, url, posix.basename(new URL(url).pathname), MAX_PAGE_BYTES);
  const encoded = page === null ? undefined : PRES_INFO.exec(page)?.[1];
  if (!encoded) return null;
  let info: unknown;
  try {
    info = JSON.parse(
      inflateSync(Buffer.from(encoded, 'base64'), { maxOutputLength: MAX_INFO_BYTES }).toString('utf8'),
    );
  } catch {
    return null;
  }
  const listed = isObject(info) && Array.isArray(info.s) ? info.s.slice(0, MAX_SLIDES) : null;
  if (!listed || listed.length === 0) return null;
  const slides: IspringDeck['slides'] = [];
  for (const slide of listed) {
    const s = isObject(slide) ? slide : {};
    const quiz = s.st === 'q';
    const file = typeof s.s === 'string' && /^[\w./-]+\.js$/.test(s.s) && !s.s.includes('..') ? s.s : null;
    const source = file ? await readBesidePage(runtime, url, file, MAX_SLIDE_BYTES) : null;
    const title = typeof s.t === 'string' && s.t.trim() ? s.t.trim() : quiz ? quizTitle(source) : null;
    slides.push({
      title: title ? title.slice(0, 1000) : null,
      sprite: quiz || source === null ? null : (SPRITE.exec(source.slice(0, 4096))?.[1] ?? null),
      quiz,
      text: typeof s.x === 'string' && s.x.trim() !== '',
    });
  }
  return { slides };
}

function quizTitle(source: string | null): string | null {
  const encoded = source === null ? undefined : QUIZ_INFO.exec(source)?.[1];
  if (!encoded) return null;
  try {
    const info: unknown = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
    const quiz = isObject(info) && isObject(info.d) ? info.d : {};
    const intro =
      isObject(quiz.sl) && isObject(quiz.sl.i) && isObject(quiz.sl.i.D) ? quiz.sl.i.D.h : undefined;
    const heading = typeof intro === 'string' ? textOfHtml(intro) : '';
    if (heading) return heading;
    return typeof quiz.T === 'string' && quiz.T.trim() ? quiz.T.trim() : null;
  } catch {
    return null;
  }
}

/** Text of a short HTML fragment: tags dropped, the few entities iSpring writes decoded, spaces collapsed. */
function textOfHtml(html: string): string {
  return html
    .slice(0, 20_000)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
