/**
 * The server-wide answer budget, at the MCP edge. The tools budget their own listings (with paging that
 * fits their data); this guard is for everything else a course can inflate: no tool result the model is
 * shown exceeds ANSWER_BUDGET_BYTES of text, and no message exceeds what the client's stdio reader
 * accepts (a longer line makes the SDK client drop the connection). An answer over the budget is cut
 * (src/output/answer-fit.ts, keeping its output schema), and a note says what was cut and how to get
 * the rest: the tool's own paging parameters, or the whole answer, kept as a resource read in pages.
 */
import { fail } from '../core/errors.js';
import { ANSWER_BUDGET_BYTES } from '../output/answer-budget.js';
import { fitWithinBudget, jsonBytesWithin, type FittedAnswer } from '../output/answer-fit.js';
import { MAX_KEPT_ANSWER_BYTES } from './resources/catalog.js';
import type { ExtraContent, ResourceLinkContent } from '../app/tool.js';
import type { Logger } from '../core/logger.js';

/** Below the SDK client's 10 MB read buffer, with room for the JSON-RPC envelope and the text. */
export const MESSAGE_LIMIT_BYTES = 9 * 1024 * 1024;
/** What the note and the kept answer's link may take of the budget. */
const NOTE_RESERVE_BYTES = 2_000;
/** Text and links a tool adds next to its data (images are not text: they count for the message limit). */
const EXTRA_TEXT_BYTES = 10_000;
/** Characters of one added text block beyond which it is cut. */
const EXTRA_TEXT_CHARS = 2_000;
/** The input parameters that ask a tool for less or for the rest, named in the note when the tool has them. */
const PAGING_PARAMETER =
  /^(cursor|limit|max_\w+|detail|text_offset|since_event_id|offset|filter_\w+|include_\w+)$/;

export const ANSWER_CUT_META = 'scorm-tester/answer_cut';

type Block = { type: 'text'; text: string } | Exclude<ExtraContent, { type: 'text' }>;

export interface GuardedResult {
  [key: string]: unknown;
  content: Block[];
  structuredContent: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

/** Keeps a whole answer for resources/read; null when it is too large to keep. */
export type KeepAnswer = (tool: string, json: string) => ResourceLinkContent | null;

/** What the guard did to one answer over the budget (logged as MCP_ANSWER_CUT). */
export interface AnswerCut {
  tool: string;
  /** Bytes of the answer as built; null past what the guard measures (MAX_KEPT_ANSWER_BYTES). */
  answer_bytes: number | null;
  /** Bytes sent, or null when the answer could not be cut and was refused (ANSWER_TOO_LARGE). */
  shown_bytes: number | null;
}

/** Writes each cut to the server log as MCP_ANSWER_CUT (a warning: a tool's own paging fell short). */
export function logAnswerCuts(logger: Logger): (cut: AnswerCut) => void {
  return (cut) => logger.warn('MCP_ANSWER_CUT', { ...cut });
}

export class AnswerGuard {
  constructor(
    private readonly keep: KeepAnswer,
    /** The input parameter names of a tool. */
    private readonly parametersOf: (tool: string) => readonly string[],
    /**
     * Told of every answer the guard cuts or refuses. The tools page their own answers within the
     * budget, so a cut is a regression to see in the server log.
     */
    private readonly onCut: (cut: AnswerCut) => void = () => {},
  ) {}

  /** The tool result as sent: as built when it fits, else cut, with the note and a link to the whole. */
  toolResult(tool: string, data: Record<string, unknown>, extra: ExtraContent[]): GuardedResult {
    const bytes = jsonBytesWithin(data, MAX_KEPT_ANSWER_BYTES);
    const added = boundExtra(extra);
    const room = ANSWER_BUDGET_BYTES - added.textBytes;
    if (bytes !== null && bytes <= room) {
      return {
        content: [{ type: 'text', text: JSON.stringify(data) }, ...added.blocks],
        structuredContent: data,
      };
    }
    const size = bytes === null ? `over ${MAX_KEPT_ANSWER_BYTES} bytes` : `${bytes} bytes`;
    const fitted = fitWithinBudget(data, room - NOTE_RESERVE_BYTES);
    if (!fitted.fits) {
      this.onCut({ tool, answer_bytes: bytes, shown_bytes: null });
      fail(
        'ANSWER_TOO_LARGE',
        `The answer of ${tool} is ${size}, and its values are nested or shared too much to cut within the ${ANSWER_BUDGET_BYTES}-byte answer budget. Ask for less${this.pagingHint(tool)}.`,
        { tool, ...(bytes !== null ? { bytes } : {}) },
      );
    }
    this.onCut({ tool, answer_bytes: bytes, shown_bytes: fitted.bytes });
    const kept = bytes === null ? null : this.keep(tool, JSON.stringify(data));
    const value = fitted.value as Record<string, unknown>;
    return {
      content: [
        { type: 'text', text: JSON.stringify(value) },
        { type: 'text', text: this.note(tool, size, fitted, kept) },
        ...(kept ? [kept] : []),
        ...added.blocks,
      ],
      structuredContent: value,
      _meta: {
        [ANSWER_CUT_META]: {
          answer_bytes: bytes,
          shown_bytes: fitted.bytes,
          cut_strings: fitted.cut_strings,
          cut_lists: fitted.cut_lists.length,
          ...(kept ? { whole_answer_uri: kept.uri } : {}),
        },
      },
    };
  }

  private note(tool: string, size: string, fitted: FittedAnswer, kept: ResourceLinkContent | null): string {
    const lists = fitted.cut_lists
      .slice(0, 5)
      .map((l) => `${l.path}: ${l.shown} of ${l.total}`)
      .join('; ');
    const more = fitted.cut_lists.length > 5 ? `; ${fitted.cut_lists.length - 5} more` : '';
    const cut = [
      fitted.cut_strings > 0 ? `${fitted.cut_strings} strings to ${fitted.string_chars} characters` : '',
      fitted.cut_lists.length > 0 ? `${fitted.cut_lists.length} lists or records (${lists}${more})` : '',
    ]
      .filter(Boolean)
      .join(', ');
    const whole = kept
      ? ` The whole answer is the resource ${kept.uri} (resources/read gives it in pages: read the next_uri of each page's _meta["scorm-tester/page"]).`
      : ` The whole answer is over ${MAX_KEPT_ANSWER_BYTES} bytes: too large to keep.`;
    return `This answer of ${tool} was ${size}, over the budget of ${ANSWER_BUDGET_BYTES} bytes (8,000 tokens for its two copies, text and structuredContent), and was cut: ${cut}.${whole} Ask for less${this.pagingHint(tool)}.`;
  }

  private pagingHint(tool: string): string {
    const names = this.parametersOf(tool).filter((p) => PAGING_PARAMETER.test(p));
    return names.length > 0 ? ` with ${names.join(', ')}` : ' (a narrower question)';
  }
}

/**
 * The blocks a tool added: text blocks cut, links kept while they fit, images kept while the message stays
 * under MESSAGE_LIMIT_BYTES (an image left out is said so; the tools that take screenshots also save them).
 */
function boundExtra(extra: ExtraContent[]): { blocks: Block[]; textBytes: number } {
  const blocks: Block[] = [];
  let textBytes = 0;
  let imageBytes = 0;
  let linksLeft = 0;
  for (const block of extra) {
    if (block.type === 'image') {
      if (imageBytes + block.data.length > MESSAGE_LIMIT_BYTES - ANSWER_BUDGET_BYTES) {
        const text = `An image of ${block.data.length} bytes (base64) was left out: with it this message would exceed the client's 10 MB limit.`;
        blocks.push({ type: 'text', text });
        textBytes += text.length;
        continue;
      }
      imageBytes += block.data.length;
      blocks.push(block);
      continue;
    }
    const shown: Block =
      block.type === 'text' && block.text.length > EXTRA_TEXT_CHARS
        ? { type: 'text', text: `${block.text.slice(0, EXTRA_TEXT_CHARS)}…` }
        : block;
    const bytes = Buffer.byteLength(JSON.stringify(shown), 'utf8');
    if (textBytes + bytes > EXTRA_TEXT_BYTES) {
      linksLeft += 1;
      continue;
    }
    textBytes += bytes;
    blocks.push(shown);
  }
  if (linksLeft > 0) {
    const text = `${linksLeft} more links or notes were left out to stay within the answer budget; resources/list lists every file.`;
    blocks.push({ type: 'text', text });
    textBytes += text.length;
  }
  return { blocks, textBytes };
}
