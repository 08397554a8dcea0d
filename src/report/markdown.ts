/** Markdown pieces for the generated reference pages (docs/tools.md, docs/rules.md). */

/** Plain text shown as itself: no emphasis, no HTML tag (`<manifest>` would vanish), no code span. */
export function markdownText(text: string): string {
  return text.replace(/[\\`*<]/g, (c) => (c === '<' ? '&lt;' : `\\${c}`));
}

/** One cell of plain text: a pipe would end it and a newline would end the row. */
export function markdownCell(text: string): string {
  return markdownText(text)
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

/** Inline code that survives backticks inside it (CommonMark: a longer fence, spaced when needed). */
export function inlineCode(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
export function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}
