/** A test-case script file -> headers and blocks of steps (README §3). */
import type { Dictionary } from './dictionary.js';
import { parseCommand } from './commands.js';
import { applyUnicodeEscapes, readScriptEntries } from './line-reader.js';
import type { CaseScript, Instruction, Step } from './types.js';
import { decodeWindows1252 } from '../../manifest/read-manifest-text.js';

const HEADERS = new Set(['title', 'UserInterAct', 'start', 'purpose', 'RTDInit', 'seqInfo', 'TT', 'end']);

interface BlockDraft {
  id: string;
  activity: string;
  uiQuestions?: string[];
  uiAnswers?: string;
  instruction?: Instruction;
  steps: Step[];
  skipped: string[];
  lines: number;
}

function activityOf(blockId: string): string {
  const after = blockId.slice(blockId.indexOf('Act') + 3);
  const v = after.indexOf('V');
  return v < 0 ? after : after.slice(0, v);
}

export function decodeScript(id: string, bytes: Uint8Array, dict: Dictionary): CaseScript {
  const headers: Record<string, string> = {};
  const blocks: BlockDraft[] = [];
  let current: BlockDraft | undefined;
  for (const { key, value } of readScriptEntries(decodeWindows1252(bytes))) {
    if (HEADERS.has(key)) {
      headers[key] = value;
      continue;
    }
    if (!key.includes('Act')) continue;
    const dot = key.indexOf('.');
    const blockId = dot < 0 ? key : key.slice(0, dot);
    if (!current || current.id !== blockId) {
      current = { id: blockId, activity: activityOf(blockId), steps: [], skipped: [], lines: 0 };
      blocks.push(current);
    }
    if (key.includes('UIQ')) current.uiQuestions = value.split('~');
    else if (key.includes('UIA')) current.uiAnswers = value;
    else if (key.includes('CUI')) {
      const [instruction = '', ...args] = value.split('~');
      current.instruction = { key: instruction, args };
    } else if (key.includes('commands')) {
      const source = applyUnicodeEscapes(value);
      const step = parseCommand(source, current.lines++, dict);
      if (step) current.steps.push(step);
      else current.skipped.push(source);
    }
  }
  return {
    id,
    title: headers['title'] ?? '',
    start: headers['start'] ?? '.',
    drive: headers['TT'] ?? '',
    purpose: headers['purpose'] ?? '',
    userInteraction: (headers['TT'] ?? '').includes('uInteractionTT'),
    headers,
    blocks: blocks.map(({ lines: _lines, ...block }) => block),
  };
}
