/** The links of a Markdown file and its heading anchors, for the documentation link check. */
import { anchor } from '../../src/report/markdown.js';

export interface MarkdownLink {
  line: number;
  target: string;
}

/** Fenced code blocks blanked, keeping line numbers: what they show is neither a link nor a heading. */
function withoutFences(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ' '));
}

/** Inline code spans blanked as well: a link shown as code is no link. */
function withoutCode(text: string): string {
  return withoutFences(text).replace(/(`+)[\s\S]*?\1/g, (span) => span.replace(/[^\n]/g, ' '));
}

export function markdownLinks(text: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  withoutCode(text)
    .split('\n')
    .forEach((line, i) => {
      for (const m of line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        links.push({ line: i + 1, target: m[1]! });
      }
    });
  return links;
}

/** GitHub's anchors: one per heading, a repeated one suffixed -1, -2, … */
export function headingAnchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of withoutFences(text).split('\n')) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = anchor(m[1]!.replace(/`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}
