/**
 * Offsets <-> 1-based line/column (columns in UTF-16 code units). LF, CRLF and a lone CR each end a
 * line, as XML end-of-line handling treats them.
 */
import type { Position } from './xml-tree.js';

export class LineIndex {
  private readonly starts: number[] = [0];
  private cursor = 0;

  constructor(
    text: string,
    private readonly file: string,
  ) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) this.starts.push(i + 1);
    }
  }

  /** Fast when called in document order (a moving cursor); any order works. */
  at(offset: number): Position {
    const { starts } = this;
    if ((starts[this.cursor] ?? 0) > offset) this.cursor = this.search(offset);
    while (this.cursor + 1 < starts.length && (starts[this.cursor + 1] ?? Infinity) <= offset) this.cursor++;
    return { file: this.file, line: this.cursor + 1, column: offset - (starts[this.cursor] ?? 0) + 1 };
  }

  offsetOf(pos: Pick<Position, 'line' | 'column'>): number {
    return (this.starts[pos.line - 1] ?? 0) + pos.column - 1;
  }

  private search(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}
