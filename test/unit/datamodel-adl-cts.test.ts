/**
 * Checks the SCORM 2004 catalogue against ADL's LMS conformance scripts (read at run time from
 * ../shared): every SetValue/GetValue step whose expected error code is decided by the data model
 * alone (value space, access, existence) must get the same verdict from lookupElement/validateValue.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openCorpus, readCaseScript } from '../../src/conformance/corpus.js';
import { lookupElement, validateValue } from '../../src/rte/datamodel/index.js';
import { ADL_CTS_DIR, SHARED_SKIP } from '../helpers/paths.js';

interface Step {
  file: string;
  method: 'GET' | 'SET';
  element: string;
  value: string;
  code: string;
  interactionType: string | undefined;
}

/** Every GET/SET step of the folder's scripts, decoded by the conformance harness's own decoder. */
function readSteps(): Step[] {
  const corpus = openCorpus(ADL_CTS_DIR);
  const steps: Step[] = [];
  for (const id of corpus.caseIds) {
    const types = new Map<string, string>();
    for (const block of readCaseScript(corpus, id).blocks) {
      for (const step of block.steps) {
        if (step.method !== 'GET' && step.method !== 'SET') continue;
        if (step.element.startsWith('adl.nav.request_valid.')) continue; // answered by navigation
        const value = step.method === 'SET' ? step.value : '';
        const element = step.element.replace(/&[^&]*&/, '0'); // collection entries addressed by id
        const typeSet = /^cmi\.interactions\.(\d+)\.type$/.exec(element);
        if (step.method === 'SET' && typeSet && step.error === '0') types.set(typeSet[1] ?? '', value);
        const index = /^cmi\.interactions\.(\d+)\./.exec(element)?.[1];
        steps.push({
          file: `${id}.properties`,
          method: step.method,
          element,
          value,
          code: step.error,
          interactionType: index ? types.get(index) : undefined,
        });
      }
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
