/**
 * ADL's message dictionaries (Commands, Instructions, UserInterface .properties). A lookup always
 * passes the value through a printf-style formatter; a missing key comes back as itself, unformatted.
 */
import { readProperties } from './line-reader.js';

export class Dictionary {
  constructor(private readonly entries: ReadonlyMap<string, string>) {}

  static fromText(text: string): Dictionary {
    return new Dictionary(readProperties(text));
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  raw(key: string): string | undefined {
    return this.entries.get(key);
  }

  /** The formatted value of `key`, or `key` itself when the dictionary has no such key. */
  lookup(key: string, ...args: string[]): string {
    const value = this.entries.get(key);
    return value === undefined ? key : formatJava(value, args);
  }
}

/** `%s` takes the next argument (left as written when there is none), `%%` is a percent sign. */
export function formatJava(pattern: string, args: readonly string[]): string {
  let next = 0;
  return pattern.replace(/%([s%])/g, (whole, kind: string) => {
    if (kind === '%') return '%';
    return next < args.length ? (args[next++] ?? '') : whole;
  });
}
