/**
 * The script scanners try their patterns only where an indexed word stands (word-index.ts). These tests
 * hold them to the plain global searches they replaced, kept here as the reference: on tricky hand-made
 * input and on seeded random text built from the pieces the patterns care about.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hasInitializeHint, scanJs, scanScript } from '../../src/lint/launch-chain/js-refs.js';
import { mayCallOrReachFrames, mentionsApi, quotesApi } from '../../src/lint/api-usage/prefilter.js';
import { compilesWithoutFacts } from '../../src/lint/api-usage/syntax-check.js';
import { commentReader } from '../../src/lint/api-usage/frame-member-comments.js';
import { indexWords } from '../../src/lint/api-usage/word-index.js';
import { fileLocation } from '../../src/lint/api-usage/source-unit.js';

// The reference: each pattern searched globally over the whole text, as before the word index.
const QUOTED = String.raw`(['"\`])(?<url>[^'"\`\s]+)\1(?!\s*\+)`;
const QUOTED_2 = QUOTED.replace(/\\1/g, '\\2');
const REFERENCE_JS: [RegExp, string][] = [
  [new RegExp(String.raw`\bfetch\s*\(\s*${QUOTED}`, 'g'), 'fetch()'],
  [new RegExp(String.raw`\.open\s*\(\s*(['"])[A-Za-z]+\1\s*,\s*${QUOTED_2}`, 'g'), 'XMLHttpRequest.open()'],
  [
    new RegExp(
      String.raw`\bnew\s+(?<ctor>WebSocket|EventSource|Worker|SharedWorker)\s*\(\s*${QUOTED_2}`,
      'g',
    ),
    'new $<ctor>()',
  ],
  [new RegExp(String.raw`\b(?<fn>sendBeacon|importScripts)\s*\(\s*${QUOTED_2}`, 'g'), '$<fn>()'],
  [new RegExp(String.raw`\bgetScript\s*\(\s*${QUOTED}`, 'g'), '$.getScript()'],
  [new RegExp(String.raw`\bimport\s*\(\s*${QUOTED}`, 'g'), 'import()'],
  [new RegExp(String.raw`(?<![\w$.])(?:window\.)?open\s*\(\s*${QUOTED}`, 'g'), 'window.open()'],
  [new RegExp(String.raw`\blocation(?:\.href)?\s*=\s*${QUOTED}`, 'g'), 'location ='],
  [new RegExp(String.raw`\blocation\.(?:assign|replace)\s*\(\s*${QUOTED}`, 'g'), 'location.assign()'],
  [new RegExp(String.raw`\.src\s*=\s*${QUOTED}`, 'g'), '.src ='],
];

function referenceRefs(code: string): [string, string, number, number][] {
  const refs: [string, string, number, number][] = [];
  for (const [re, how] of REFERENCE_JS) {
    re.lastIndex = 0;
    for (let m = re.exec(code); m; m = re.exec(code)) {
      const url = m.groups?.url as string;
      if (url.includes('${')) continue;
      const offset = m.index + m[0].lastIndexOf(url);
      const at = fileLocation({ code, line: 1, column: 1, module: false, handler: false }, offset);
      const name = how.replace(/\$<(\w+)>/g, (_, g: string) => m?.groups?.[g] ?? '');
      refs.push([name, url, at.line, at.column]);
    }
  }
  return refs.sort((a, b) => a[2] - b[2] || a[3] - b[3]);
}

const METHODS = String.raw`(?:LMS(?:Initialize|Finish|GetValue|SetValue|Commit|GetLastError|GetErrorString|GetDiagnostic)|Initialize|Terminate|GetValue|SetValue|Commit|GetLastError|GetErrorString|GetDiagnostic)`;
const COMMENT = String.raw`\/[*/]`;
const CLOSING = String.raw`[\s)\]'"\x60]*`;
const OPENING = String.raw`[\s(\['"\x60]*`;
const REFERENCE_CALL = new RegExp(
  String.raw`\b${METHODS}\b${CLOSING}(?:${COMMENT}|(?:\?\.\s*)?(?:${COMMENT}|\())`,
);
const REFERENCE_FRAME = new RegExp(
  String.raw`\b(?:parent|top|opener)\b${CLOSING}(?:${COMMENT}|(?:\??\.|\[)${OPENING}(?:${COMMENT}|(?:document|location)\b))`,
);
const REFERENCE_FRAMES = new RegExp(REFERENCE_FRAME.source, 'g');

/**
 * The frame accesses the global search finds; a match that stops at a comment counts unless reading on
 * through the comment shows no access (frame-member-comments.ts, tested on its own).
 */
function referenceFrameAccess(code: string): boolean {
  const reader = commentReader(code);
  for (const m of code.matchAll(REFERENCE_FRAMES)) {
    if (!/\/[*/]$/.test(m[0])) return true;
    if (reader.accessEnd(m.index + /^\w+/.exec(m[0])![0].length) !== null) return true;
  }
  return false;
}
const REFERENCE_API_WORD = /\bAPI(?:_1484_11)?\b/;
const REFERENCE_QUOTED_API = /(["'])API(?:_1484_11)?\1/;
const REFERENCE_INITIALIZE = /\b(?:LMS)?Initialize\s*\(|(['"])(?:LMS)?Initialize\1/;

function assertSameAsReference(code: string): void {
  const words = indexWords(code);
  const label = JSON.stringify(code.length > 300 ? `${code.slice(0, 300)}…` : code);
  assert.deepEqual(
    scanJs(code).map((r) => [r.how, r.url, r.line, r.column]),
    referenceRefs(code),
    `references of ${label}`,
  );
  assert.equal(
    mayCallOrReachFrames(code, words),
    REFERENCE_CALL.test(code) || referenceFrameAccess(code),
    `call or frame access in ${label}`,
  );
  assert.equal(mentionsApi(words), REFERENCE_API_WORD.test(code), `API word in ${label}`);
  assert.equal(quotesApi(code, words), REFERENCE_QUOTED_API.test(code), `quoted API in ${label}`);
  assert.equal(hasInitializeHint(code), REFERENCE_INITIALIZE.test(code), `Initialize hint in ${label}`);
}

test('overlapping and adjacent patterns give what each global search gives', () => {
  const cases = [
    // window.open with two string arguments is also an XHR-shaped .open(): both are reported.
    `window.open('GET', 'page.html'); x.open("POST","/api/x")`,
    `window.open('a.html')window.open('b.html')`,
    `x.window.open('no.html'); $open('no.html'); _open('no.html'); open('yes.html')`,
    `location='a.html';location.href="b.html";location.assign('c.html');location.replace(\`d.html\`)`,
    `location.href = 'x' + y; location = \`\${base}/x.html\``,
    `new SharedWorker('w.js');new Worker("v.js");new  WebSocket('wss://h/x');new EventSource('/e')`,
    `import('./m.js');importScripts('i.js');x.importScripts('j.js');navigator.sendBeacon('/b')`,
    `$.getScript("s.js");img.src='a.png';img.srcset='b.png';s.src = "lib.js";frame.src='p.html'`,
    `fetchfetch('no');fetch ( 'yes.json' );refetch('no');fetch('a'+b)`,
    `éfetch('after-non-ascii.json');fetché('no');ÿopen('x.html')`,
    `API API_1484_11 APIs "API" 'API_1484_11' "API' _API API_1484_111`,
    `parent.document; top["location"]; opener?.location; xparent.document; parent_.document; top /* c */ .x`,
    `LMSInitialize("");x.Initialize(); "Initialize" 'LMSInitialize' "Initialize' doInitialize() Initialize_()`,
    `a.SetValue?.("x"); b["GetValue"]("y"); function Commit (){} Commit_x(); LMSFinish//\n()`,
    `window.\nopen('x.html'); window . open('y.html'); window.window.open('z.html')`,
  ];
  // Each alone, so no other match in the text hides a difference.
  const alone = [
    `"Initialize"`,
    `'LMSInitialize'`,
    `"Initialize'`,
    `x.Initialize (1)`,
    `doInitialize()`,
    `"API"`,
    `'API_1484_11'`,
    `"API_1484_11'`,
    `API_1484_111`,
    `parent [0]`,
    `top.location`,
    `opener/* */`,
    `GetValue`,
    `LMSFinish?.(x)`,
    `x.open('GET', "//cdn.example.com/d.json")`,
  ];
  for (const code of [...cases, ...alone]) assertSameAsReference(code);
});

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  'fetch',
  'open',
  'window.',
  'window',
  'new ',
  'Worker',
  'SharedWorker',
  'WebSocket',
  'EventSource',
  'sendBeacon',
  'importScripts',
  'getScript',
  'import',
  'location',
  '.href',
  '.assign',
  '.replace',
  '.src',
  'src',
  'srcset',
  'LMS',
  'Initialize',
  'Finish',
  'GetValue',
  'SetValue',
  'Commit',
  'Terminate',
  'GetLastError',
  'GetErrorString',
  'GetDiagnostic',
  'parent',
  'top',
  'opener',
  'document',
  'API',
  'API_1484_11',
  '_1484_11',
  '(',
  ')',
  '[',
  ']',
  '.',
  '?.',
  '=',
  ',',
  ';',
  '+',
  ' ',
  '\n',
  '\t',
  "'",
  '"',
  '`',
  '${',
  '}',
  '/*',
  '*/',
  '//',
  '$',
  '_',
  'x',
  'é',
  'a.html',
  'b.js',
  '//cdn.example.com/c.js',
  'GET',
];

test('on seeded random text the indexed scanners equal the global searches', () => {
  const next = random(20261124);
  for (let n = 0; n < 3000; n++) {
    const length = 1 + Math.floor(next() * 40);
    let code = '';
    for (let i = 0; i < length; i++) code += PIECES[Math.floor(next() * PIECES.length)];
    assertSameAsReference(code);
  }
});

test('a script file scan and the quiet check agree with and without a shared word index', () => {
  const code = `!function(){var u="lib.js";s.src="lib.js";window.open('next.html');/* API */}();`;
  const words = indexWords(code);
  assert.deepEqual(scanScript(code, words), scanScript(code));
  const unit = { code, line: 1, column: 1, module: false, handler: false };
  assert.equal(compilesWithoutFacts(unit, words), compilesWithoutFacts(unit));
  assert.equal(compilesWithoutFacts(unit), true, 'API only in a comment: compiles without facts');
});
