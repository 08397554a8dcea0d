/**
 * Feeds `text` to `parser` in chunks until `done()` turns true, so a pass that only needs the
 * first start tags does not parse the whole document. Chunks never split a surrogate pair.
 */
export function feedUntil(
  parser: { write(chunk: string): unknown; close(): unknown },
  text: string,
  done: () => boolean,
  chunk = 16_384,
): void {
  let i = 0;
  while (i < text.length && !done()) {
    let end = Math.min(i + chunk, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++;
    parser.write(text.slice(i, end));
    i = end;
  }
  if (!done()) parser.close();
}

/** saxes' error text without its "line:column: " prefix and final period. */
export function saxesMessage(error: Error): string {
  return error.message.replace(/^(?:[^:\n]*:)?\d+:\d+: /, '').replace(/\.+$/, '');
}
