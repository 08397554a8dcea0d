/**
 * Operator instructions (ADL corpus README §6.1) as harness actions: package-specific keys by their
 * prefix, the package they name (from the text, else from the key's short form), and a clear
 * "unknown" for anything else.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { actionFor, resolvePackageName } from '../../src/conformance/instructions.js';

const at = (key: string, ...args: string[]) => ({ key, args });

test('ContinueExit<pkg>: Continue first (it should end the attempt), then relaunch that package', () => {
  assert.deepEqual(actionFor(at('ContinueExitZS01')), {
    kind: 'relaunch',
    packageId: 'ZS01',
    continueFirst: true,
  });
  // Not mistaken for Exit<pkg>, which exits first instead.
  assert.deepEqual(actionFor(at('ExitZS01')), { kind: 'relaunch', packageId: 'ZS01', exitFirst: true });
});

test('Relaunch/Suspend<pkg>: the text names the package and what to choose; the key when the text is missing', () => {
  const text =
    'The current learner attempt should end. Please <b>relaunch</b> LMS Test Content Package <b>CM-10</b> and then choose <b>Activity 4</b> to continue the LMS Conformance Test.';
  assert.deepEqual(actionFor(at('RelaunchCM10'), text), {
    kind: 'relaunch',
    packageId: 'CM-10',
    choose: 'Activity 4',
  });
  assert.deepEqual(actionFor(at('SuspendRU5'), 'SuspendRU5'), {
    kind: 'relaunch',
    packageId: 'RU5',
    suspendFirst: true,
  });
});

test('generic launch keys take the package (and title) from their arguments', () => {
  assert.deepEqual(actionFor(at('relaunch', 'DDMa')), { kind: 'relaunch', packageId: 'DDMa' });
  assert.deepEqual(actionFor(at('relaunchnchoose', 'CM-10', 'Activity 4')), {
    kind: 'relaunch',
    packageId: 'CM-10',
    choose: 'Activity 4',
  });
});

test('a key of no known shape is an unknown instruction, not a guess', () => {
  assert.deepEqual(actionFor(at('TeleportSomewhere')), { kind: 'unknown', key: 'TeleportSomewhere' });
  assert.deepEqual(actionFor(at('ContinueExit')), { kind: 'unknown', key: 'ContinueExit' });
});

test('resolvePackageName: exact ids, the keys’ short forms, and nothing for a package the folder lacks', () => {
  const ids = ['CM-05', 'CM-09ba', 'DDMa', 'OB-03b', 'ZS-01'];
  assert.equal(resolvePackageName('CM-05', ids), 'CM-05');
  assert.equal(resolvePackageName('CM5', ids), 'CM-05');
  assert.equal(resolvePackageName('CM09ba', ids), 'CM-09ba');
  assert.equal(resolvePackageName('OB3b', ids), 'OB-03b');
  assert.equal(resolvePackageName('ZS01', ids), 'ZS-01');
  assert.equal(resolvePackageName('DDMa', ids), 'DDMa');
  assert.equal(resolvePackageName('CM6', ids), undefined);
});
