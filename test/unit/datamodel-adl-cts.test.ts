/**
 * Checks the SCORM 2004 catalogue against ADL's LMS conformance scripts (read at run time from
 * ../shared): every SetValue/GetValue step whose expected error code is decided by the data model
 * alone (value space, access, existence) must get the same verdict from lookupElement/validateValue.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lookupElement, validateValue } from '../../src/rte/datamodel/index.js';
import { ADL_CTS_DIR, SHARED_SKIP } from '../helpers/paths.js';

/** Java .properties: continuation lines, \uXXXX and backslash escapes. */
function properties(text: string): [string, string][] {
  const out: [string, string][] = [];
  const lines = text.split(/\r?\n/);
  const unescape = (s: string) =>
    s.replace(/\\u([0-9a-fA-F]{4})|\\(.)/g, (_, hex: string | undefined, ch: string) =>
      hex ? String.fromCharCode(parseInt(hex, 16)) : ch === 't' ? '\t' : ch === 'n' ? '\n' : ch,
    );
  for (let i = 0; i < lines.length; i++) {
    let line = (lines[i] ?? '').replace(/^\s+/, '');
    if (line === '' || line.startsWith('#') || line.startsWith('!')) continue;
    while (/(^|[^\\])(\\\\)*\\$/.test(line) && i + 1 < lines.length) {
      line = line.slice(0, -1) + (lines[++i] ?? '').replace(/^\s+/, '');
    }
    const m = /^((?:[^=:\s\\]|\\.)*)\s*[=:\s]\s*(.*)$/.exec(line);
    if (m) out.push([unescape(m[1] ?? ''), unescape(m[2] ?? '')]);
  }
  return out;
}

interface Step {
  file: string;
  method: 'GET' | 'SET';
  element: string;
  value: string;
  code: string;
  interactionType: string | undefined;
}

function readSteps(): Step[] {
  const dict = new Map(
    properties(readFileSync(join(ADL_CTS_DIR, 'dictionaries/Commands.properties'), 'latin1')),
  );
  const look = (k: string) => (dict.has(k) ? (dict.get(k) ?? '').replace('%s', '') : k);
  const steps: Step[] = [];
  for (const file of readdirSync(join(ADL_CTS_DIR, 'testcases')).sort()) {
    const types = new Map<string, string>();
    const text = readFileSync(join(ADL_CTS_DIR, 'testcases', file), 'latin1');
    for (const [key, line] of properties(text)) {
      const method = line.startsWith('SET->') ? 'SET' : line.startsWith('GET->') ? 'GET' : undefined;
      if (!key.includes('commands') || !method) continue;
      const fields = line.split('->');
      while (fields.length > 0 && fields[fields.length - 1] === '') fields.pop();
      const code = fields[fields.length - 1] ?? '';
      const token = fields[1] ?? '';
      const segs = token.split('~');
      let element: string;
      let value = '';
      if (method === 'GET') {
        if (segs.length === 6 && token.startsWith('a~n~rv~')) continue; // navigation validity
        element = segs.map((s) => look(s.split('!')[0] ?? '')).join('.');
      } else {
        const last = segs[segs.length - 1] ?? '';
        const bang = last.indexOf('!');
        if (bang < 0) continue;
        value = look(last.slice(bang + 1));
        const names = [...segs.slice(0, -1), last.slice(0, bang)];
        if (segs.length === 5 && token.startsWith('a~n~r!')) {
          const parts = (token.split('!')[1] ?? '').split('~');
          element = 'adl.nav.request';
          value = `{target=${parts[1]}}${look(parts[2] ?? '')}`;
        } else if (segs.length === 4) {
          element = [look(names[0] ?? ''), look(names[1] ?? ''), names[2], look(names[3] ?? '')].join('.');
        } else {
          element = names.map(look).join('.');
        }
      }
      element = element.replace(/&[^&]*&/, '0'); // collection entries addressed by id
      const typeSet = /^cmi\.interactions\.(\d+)\.type$/.exec(element);
      if (method === 'SET' && typeSet && code === '0') types.set(typeSet[1] ?? '', value);
      const index = /^cmi\.interactions\.(\d+)\./.exec(element)?.[1];
      steps.push({
        file,
        method,
        element,
        value,
        code,
        interactionType: index ? types.get(index) : undefined,
      });
    }
  }
  return steps;
}

test(
  'SCORM 2004 value spaces and access agree with the ADL conformance scripts',
  { skip: SHARED_SKIP },
  () => {
    const steps = readSteps();
    const mismatches: string[] = [];
    let checked = 0;
    for (const s of steps) {
      const info = lookupElement('2004', s.element);
      const where = `${s.file} ${s.method} ${s.element}=${JSON.stringify(s.value.slice(0, 60))} expects ${s.code}`;
      const fail = (why: string) => mismatches.push(`${where}: ${why}`);
      if (s.code === '401') {
        checked++;
        if (info) fail('element exists');
        continue;
      }
      // adl.data.n.store is readable/writable or not depending on the manifest's shared data map.
      const manifestDependent = s.element.startsWith('adl.data.');
      if (s.method === 'GET') {
        if (s.code === '405' && !manifestDependent) {
          checked++;
          if (info?.access !== 'wo') fail(`access ${info?.access}`);
        } else if (s.code === '0' && !s.element.includes('request_valid')) {
          checked++;
          if (!info || info.access === 'wo') fail(info ? 'write-only' : 'unknown element');
        }
        continue;
      }
      if (s.code === '404' && !manifestDependent) {
        checked++;
        if (info?.access !== 'ro') fail(`access ${info?.access}`);
        continue;
      }
      if (!['0', '406', '407'].includes(s.code)) continue;
      checked++;
      if (!info) {
        fail('unknown element');
        continue;
      }
      const context = s.interactionType !== undefined ? { interactionType: s.interactionType } : {};
      const r = validateValue(info, s.value, context);
      // Over the SPM an LMS may store or truncate: that is not an error in the suite.
      const accepted = r.ok || r.kind === 'spm';
      if (s.code === '0' && (!accepted || info.access === 'ro')) fail(r.ok ? 'read-only' : r.reason);
      if (s.code !== '0' && accepted) fail('accepted');
      if (s.code === '407' && !r.ok && r.kind !== 'range') fail(`kind ${r.kind}`);
    }
    assert.ok(checked > 9000, `only ${checked} steps checked`);
    assert.deepEqual(mismatches, []);
  },
);
