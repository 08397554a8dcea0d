/**
 * What the operator does after a block (README §6.1), mapped by key shape so that unseen
 * package-specific keys of the known shapes work too.
 */
import type { Instruction } from './script/types.js';

export type Action =
  | { kind: 'end' }
  | { kind: 'exit' }
  | { kind: 'navigate'; event: 'continue' | 'previous' | 'exitAll' | 'suspendAll' }
  | { kind: 'choose'; title: string }
  | { kind: 'chooseRoot' }
  /** End the session if open, then start `packageId` again (or another package), optionally choosing a title. */
  | { kind: 'relaunch'; packageId?: string; suspendFirst?: boolean; exitFirst?: boolean; choose?: string }
  | { kind: 'unknown'; key: string };

const ROOT_CHOICE = /root of/i;

/** @param text the instruction's text from Instructions.properties (used for package-specific keys). */
export function actionFor(instruction: Instruction | undefined, text = ''): Action {
  if (!instruction) return { kind: 'end' };
  const { key, args } = instruction;
  const arg = args[0] ?? '';
  switch (key) {
    case 'Exit':
      return { kind: 'exit' };
    case 'AutoTest':
    case 'HasEnded':
    case 'OKEnd':
      return { kind: 'end' };
    case 'Continue':
      return { kind: 'navigate', event: 'continue' };
    case 'Previous':
      return { kind: 'navigate', event: 'previous' };
    case 'TRIGExitAll':
      return { kind: 'navigate', event: 'exitAll' };
    case 'Choice':
    case 'ChoiceExit':
      return ROOT_CHOICE.test(arg) ? { kind: 'chooseRoot' } : { kind: 'choose', title: arg };
    case 'DMBx':
      return { kind: 'relaunch', packageId: 'DMB' };
    case 'DMBxAct':
      return { kind: 'relaunch', packageId: 'DMB', choose: 'Data Model Behavior Test 1' };
    case 'exitlaunch':
      return { kind: 'relaunch', packageId: arg, exitFirst: true };
    case 'autoendrelaunch':
      return { kind: 'relaunch', packageId: arg };
  }
  let m = /^APIt(\d+)$/.exec(key);
  if (m) return { kind: 'choose', title: `API Implementation Test ${m[1]}` };
  m = /^DMIt(\d+)$/.exec(key);
  if (m) return { kind: 'choose', title: `Data Model Implementation Test ${m[1]}` };
  if (/^Root/.test(key)) return { kind: 'chooseRoot' };
  if (/^ContinueExit/.test(key)) return { kind: 'navigate', event: 'continue' };
  if (/^(Re[lL]aunch|Exit|Suspend)/.test(key)) return relaunchFrom(text);
  return { kind: 'unknown', key };
}

/** Package-specific relaunch instructions, read from their text: which package, exit or suspend first, what to choose. */
function relaunchFrom(text: string): Action {
  const plain = text.replace(/<[^>]+>/g, '');
  const packageId = /relaunch LMS Test Content Package (\S+?)(?:\s|\.|$)/i.exec(plain)?.[1];
  const choose = /then choose (.+?) to continue/i.exec(plain)?.[1];
  return {
    kind: 'relaunch',
    ...(packageId ? { packageId } : {}),
    ...(/exit the package/i.test(plain) ? { exitFirst: true } : {}),
    ...(/suspend all/i.test(plain) ? { suspendFirst: true } : {}),
    ...(choose ? { choose } : {}),
  };
}
