/**
 * The kinds of file we write at a path the user chose, and how we recognise a file as one of our own
 * outputs of that kind, so that we never replace a file that someone else wrote. Each kind carries a
 * marker our writers put near the start of the file:
 * - HTML report: `<meta name="generator" content="scorm-tester …">` in its head;
 * - SARIF: `"name": "scorm-tester"` as the tool driver;
 * - JUnit XML: `<testsuites name="scorm-tester …"`;
 * - JSON (validation result): it starts with our result's own first keys, `{"valid": …, "scorm_version":`;
 * - text: its first line is our verdict line (`VALID · SCORM … · score N/100 · …`);
 * - PNG: a `tEXt` chunk `Software` = `scorm-tester` right after the image header (stamped when written).
 */
import { crc32 } from 'node:zlib';
import { TOOL_NAME } from '../report/tool-info.js';

export type OutputKind = 'html' | 'sarif' | 'junit' | 'json' | 'text' | 'png';

export interface OutputKindSpec {
  /** What the user calls it in messages, with its article. */
  label: string;
  /** Lower-case name endings a path must have (the first one is the one we suggest). */
  extensions: readonly string[];
  /** Whether the first bytes of an existing file show that we wrote it. */
  isOurs: (head: Buffer) => boolean;
  /** Puts the marker into data that does not carry it by itself. */
  stamp?: (data: Buffer) => Buffer;
}

/** How many leading bytes of an existing file we read to recognise it. */
export const HEAD_BYTES = 4096;

const PNG_SIGNATURE = Buffer.from('89504e470d0a1a0a', 'hex');
const PNG_IHDR_END = 8 + 4 + 4 + 13 + 4;
const PNG_MARKER_TEXT = Buffer.from(`Software\0${TOOL_NAME}`, 'latin1');
const ANSI = String.raw`(?:\x1b\[[0-9;]*m)*`;

function text(head: Buffer): string {
  return head.toString('utf8');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

function isPng(data: Buffer): boolean {
  return (
    data.length >= PNG_IHDR_END &&
    data.subarray(0, 8).equals(PNG_SIGNATURE) &&
    data.subarray(12, 16).toString('latin1') === 'IHDR'
  );
}

function pngHasMarker(head: Buffer): boolean {
  if (!isPng(head)) return false;
  const chunk = pngChunk('tEXt', PNG_MARKER_TEXT);
  return head.subarray(PNG_IHDR_END, PNG_IHDR_END + chunk.length).equals(chunk);
}

function stampPng(data: Buffer): Buffer {
  if (!isPng(data) || pngHasMarker(data)) return data;
  return Buffer.concat([
    data.subarray(0, PNG_IHDR_END),
    pngChunk('tEXt', PNG_MARKER_TEXT),
    data.subarray(PNG_IHDR_END),
  ]);
}

export const OUTPUT_KINDS: Record<OutputKind, OutputKindSpec> = {
  html: {
    label: 'an HTML report',
    extensions: ['.html', '.htm'],
    isOurs: (head) => text(head).includes(`<meta name="generator" content="${TOOL_NAME} `),
  },
  sarif: {
    label: 'a SARIF log',
    extensions: ['.sarif', '.sarif.json', '.json'],
    isOurs: (head) => new RegExp(`"driver":\\s*\\{\\s*"name":\\s*"${TOOL_NAME}"`).test(text(head)),
  },
  junit: {
    label: 'a JUnit XML report',
    extensions: ['.xml'],
    isOurs: (head) => text(head).includes(`<testsuites name="${TOOL_NAME} `),
  },
  json: {
    label: 'a JSON validation result',
    extensions: ['.json'],
    isOurs: (head) => /^\{\s*"valid":\s*(?:true|false),\s*"scorm_version":/.test(text(head)),
  },
  text: {
    label: 'a text report',
    extensions: ['.txt', '.log'],
    isOurs: (head) =>
      new RegExp(`^${ANSI}${ANSI}(?:VALID|INVALID)${ANSI} · .* · score \\d+/100 · `).test(text(head)),
  },
  png: {
    label: 'a PNG screenshot',
    extensions: ['.png'],
    isOurs: pngHasMarker,
    stamp: stampPng,
  },
};
