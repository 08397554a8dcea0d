/**
 * Chromium reports a script that does not parse with no stack, so Playwright's page error for it has no
 * location. The same exception seen through our own CDP session (Runtime.exceptionThrown) carries the
 * script's URL, line and column: this pairs the two by page and message, whichever arrives first.
 */
import type { ConsoleEntry } from './records.js';

/** The part of CDP's Runtime.ExceptionDetails read here. */
export interface ExceptionDetails {
  url?: string;
  lineNumber: number;
  columnNumber: number;
  stackTrace?: { callFrames: readonly unknown[] };
  exception?: { description?: string; value?: unknown };
}

interface Seen {
  page: object;
  text: string;
  url: string;
  line: number;
  column: number;
}

/** Either side waits this many at most (a page error that CDP never reports, or the other way round). */
const KEPT = 20;

/** The message Playwright gives the same exception ("SyntaxError: x" -> "x"), for pairing. */
export function exceptionMessage(details: ExceptionDetails): string {
  const text = details.exception?.description ?? String(details.exception?.value ?? '');
  const head = text.split('\n    at')[0] ?? '';
  const colon = head.indexOf(':');
  return colon === -1 ? head : head.slice(colon + 2);
}

export class ParseErrorLocations {
  private readonly unplaced: Array<{ page: object; entry: ConsoleEntry }> = [];
  private readonly seen: Seen[] = [];

  /** A page error without a location: placed now when CDP already reported it, else when it does. */
  entry(page: object, entry: ConsoleEntry): void {
    const i = this.seen.findIndex((s) => s.page === page && s.text === entry.text);
    if (i !== -1) {
      const [s] = this.seen.splice(i, 1);
      if (s) place(entry, s);
      return;
    }
    this.unplaced.push({ page, entry });
    if (this.unplaced.length > KEPT) this.unplaced.shift();
  }

  /** An exception CDP reported; only those without a stack (a script that does not parse) matter. */
  exception(page: object, details: ExceptionDetails): void {
    if (!details.url || (details.stackTrace?.callFrames.length ?? 0) > 0) return;
    const seen: Seen = {
      page,
      text: exceptionMessage(details),
      url: details.url,
      line: details.lineNumber,
      column: details.columnNumber,
    };
    const i = this.unplaced.findIndex((u) => u.page === page && u.entry.text === seen.text);
    if (i !== -1) {
      const [u] = this.unplaced.splice(i, 1);
      if (u) place(u.entry, seen);
      return;
    }
    this.seen.push(seen);
    if (this.seen.length > KEPT) this.seen.shift();
  }
}

function place(entry: ConsoleEntry, at: Seen): void {
  entry.url = at.url;
  entry.line = at.line;
  entry.column = at.column;
}
