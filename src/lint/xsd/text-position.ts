/** 1-based line/column lookups over a text, for findings that point into XML files. */
export class TextPositions {
  private readonly lineStarts: number[] = [0];

  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      // CR LF, CR and LF each end a line, as in XML's end-of-line handling.
      if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) this.lineStarts.push(i + 1);
    }
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  at(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.lineStarts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (this.lineStarts[lo] as number) + 1 };
  }

  /** The text of a 1-based line without its line end; '' when out of range. */
  line(line: number): string {
    const start = this.lineStarts[line - 1];
    if (start === undefined) return '';
    const next = this.lineStarts[line];
    return this.text.slice(start, next ?? this.text.length).replace(/\r?\n$|\r$/, '');
  }

  lineStart(line: number): number | undefined {
    return this.lineStarts[line - 1];
  }
}

/** Offset of the attribute named `qname` inside the start tag text[tagStart, tagEnd), or -1. */
export function findAttributeOffset(text: string, tagStart: number, tagEnd: number, qname: string): number {
  const escaped = qname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`[\\s]${escaped}\\s*=`, 'g');
  re.lastIndex = tagStart;
  const m = re.exec(text);
  return m && m.index < tagEnd ? m.index + 1 : -1;
}

/**
 * Where a start tag begins, given saxes' position just after `<name` (it may have read one more
 * character): the last `<name` at or before that point.
 */
export function startTagOffset(text: string, positionAfterName: number, qname: string): number {
  return text.lastIndexOf(`<${qname}`, positionAfterName);
}
