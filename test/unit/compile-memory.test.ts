import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compilesInV8 } from '../../src/lint/api-usage/syntax-check.js';
import { libraryCode } from '../helpers/library-code.js';

const MB = 1024 * 1024;

// The heap growth while checking many large scripts in a row is measured by the benchmark
// (npm run bench -- --only limits), with its target.
test('identical copies of a large script get the same answer, broken ones included', () => {
  const good = libraryCode(MB / 8, 1);
  const broken = `${good}\nvar x = {;`;
  for (let i = 0; i < 3; i++) {
    assert.equal(compilesInV8({ code: good, line: 1, column: 1, module: false, handler: false }), true);
    assert.equal(compilesInV8({ code: broken, line: 1, column: 1, module: false, handler: false }), false);
  }
  // A handler body is another question about the same text: `return` is allowed there only.
  const handler = `${good}\nreturn false;`;
  assert.equal(compilesInV8({ code: handler, line: 1, column: 1, module: false, handler: true }), true);
  assert.equal(compilesInV8({ code: handler, line: 1, column: 1, module: false, handler: false }), false);
});

test('taking V8 collector never throws while another thread turns expose-gc off', async () => {
  const { Worker } = await import('node:worker_threads');
  const { fullCollection } = await import('../../src/lint/api-usage/compile-memory.js');
  const toggler = new Worker(
    `const { setFlagsFromString } = require('node:v8');
     const { parentPort } = require('node:worker_threads');
     let on = true;
     parentPort.on('message', () => { on = false; });
     (function spin() { for (let i = 0; i < 20000; i++) setFlagsFromString('--no-expose-gc'); if (on) setImmediate(spin); else process.exit(0); })();`,
    { eval: true },
  );
  try {
    for (let i = 0; i < 500; i++) assert.equal(typeof fullCollection(), 'function');
  } finally {
    toggler.postMessage('stop');
    await new Promise((resolve) => toggler.once('exit', resolve));
  }
});
