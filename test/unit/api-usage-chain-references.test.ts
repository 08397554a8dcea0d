import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chainReferences } from '../../src/lint/api-usage/chain-references.js';
import type { PageFileText } from '../../src/lint/api-usage/chain-wrappers.js';
import { htmlUnits } from '../../src/lint/api-usage/html-units.js';
import { referencedNames } from '../../src/lint/api-usage/referenced-names.js';

const FILES: Record<string, string> = {
  'wrapper.js':
    'function GetExit() { return 1; }\nfunction SetMode(m) { mode = m; }\nvar o = { Lookup: 1 };\n',
  'page.html':
    '<html><body onload="on&#67;ompleted()"><script>setTimeout("GetSessionTime()", 10); // Unused()\n' +
    'var t = `${Templated} text`; window["Indexed"]; /* Commented */</script></body></html>',
  'lib.js': 'var SetMode = 2; x.Member; "Quoted"; "not a word"; function Declared() {}\n',
};

function read(file: string): PageFileText | undefined {
  const text = FILES[file];
  if (text === undefined) return undefined;
  const units = () =>
    file.endsWith('.html')
      ? htmlUnits(text)
      : [{ code: text, line: 1, column: 1, module: false, handler: false }];
  return { text, units };
}

test('a name is referred to exactly when the scan of every unit around the file finds it', () => {
  const files = Object.keys(FILES);
  const all = referencedNames(
    files.flatMap((f) =>
      read(f)!
        .units()
        .map((u) => u.code),
    ),
  );
  const referenced = chainReferences([], files, read)('wrapper.js');
  const names = [
    'onCompleted', // only in a handler, written with an entity
    'GetSessionTime',
    'Unused',
    'Templated',
    'Indexed',
    'Commented',
    'GetExit',
    'SetMode',
    'Lookup',
    'Member',
    'Quoted',
    'Declared',
    'Absent',
    'mode',
  ];
  for (const name of names) assert.equal(referenced(name), all.has(name), name);
  assert.equal(referenced('onCompleted'), true);
  assert.equal(referenced('Commented'), false);
});
