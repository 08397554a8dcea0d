/** Value comparisons of ADL's data-model classes (README §4.3), one per SCORM 2004 data type. */
import { durationSeconds } from '../../rte/strict/duration.js';

/** Reals agree after flooring to 6 decimals, or after rounding to 6 decimals. */
export function sameReal(a: string, b: string): boolean {
  const x = Number(a);
  const y = Number(b);
  if (a.trim() === '' || b.trim() === '' || !Number.isFinite(x) || !Number.isFinite(y)) return false;
  const scale = 1e6;
  return Math.floor(x * scale) === Math.floor(y * scale) || Math.round(x * scale) === Math.round(y * scale);
}

export function sameDuration(a: string, b: string): boolean {
  const x = durationSeconds(a);
  const y = durationSeconds(b);
  return x !== undefined && y !== undefined && Math.abs(x - y) < 0.005;
}

const TIME =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2})(?:\.\d+)?(Z|[+-]\d{2}(?::?\d{2})?)?)?)?)?)?)?$/;

/** An ISO 8601 timestamp as an instant in ms, fractional seconds dropped; local times read as UTC. */
export function instant(value: string): number | undefined {
  const m = TIME.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, tz] = m;
  let ms = Date.UTC(
    Number(y),
    Number(mo ?? 1) - 1,
    Number(d ?? 1),
    Number(h ?? 0),
    Number(mi ?? 0),
    Number(s ?? 0),
  );
  if (tz && tz !== 'Z') {
    const digits = tz.slice(1).replace(':', '');
    const offset = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0);
    ms -= (tz.startsWith('-') ? -1 : 1) * offset * 60_000;
  }
  return ms;
}

export function sameInstant(a: string, b: string): boolean {
  const x = instant(a);
  return x !== undefined && x === instant(b);
}

const URI_HEAD = /^([a-z][a-z0-9+.-]*:)(\/\/[^/?#]*)?/i;

/** Identifiers compare as URIs: both non-blank, scheme and authority case-insensitive, the rest exact. */
export function sameUri(a: string, b: string): boolean {
  if (a.trim() === '' || b.trim() === '') return false;
  const norm = (v: string) => v.replace(URI_HEAD, (head) => head.toLowerCase());
  return norm(a) === norm(b);
}

/** ISO 639-1 codes and their ISO 639-2 equivalents (both B and T forms), for language comparison. */
const TWO_TO_THREE: Readonly<Record<string, readonly string[]>> = {
  en: ['eng'],
  fr: ['fra', 'fre'],
  de: ['deu', 'ger'],
  es: ['spa'],
  it: ['ita'],
  pt: ['por'],
  nl: ['nld', 'dut'],
  ru: ['rus'],
  zh: ['zho', 'chi'],
  ja: ['jpn'],
  ko: ['kor'],
  ar: ['ara'],
  el: ['ell', 'gre'],
  sv: ['swe'],
  da: ['dan'],
  fi: ['fin'],
  no: ['nor'],
  pl: ['pol'],
  cs: ['ces', 'cze'],
  hu: ['hun'],
  tr: ['tur'],
  he: ['heb'],
  hi: ['hin'],
};

function primaryCode(code: string): string {
  const lower = code.toLowerCase();
  if (lower.length === 3) {
    for (const [two, threes] of Object.entries(TWO_TO_THREE)) if (threes.includes(lower)) return two;
  }
  return lower;
}

/** Language codes: case-insensitive, 2- and 3-letter codes of one language equal, subtags compared. */
export function sameLanguage(a: string, b: string): boolean {
  const [pa = '', ...ra] = a.split('-');
  const [pb = '', ...rb] = b.split('-');
  return primaryCode(pa) === primaryCode(pb) && ra.join('-').toLowerCase() === rb.join('-').toLowerCase();
}
