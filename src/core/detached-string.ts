/**
 * A copy of a string that keeps no larger string alive. V8 makes a substring of 13 or more characters
 * (a regular-expression group, `slice`, a parser's token) a view into its parent, so a URL kept from a
 * 4 MB script keeps the whole script in memory. What outlives the scan of a file (its references,
 * messages) is copied through this (issue 9: memory follows the largest file, not the package).
 */
export function detachedString(text: string): string {
  return text.length < 13 ? text : Buffer.from(text, 'utf16le').toString('utf16le');
}
