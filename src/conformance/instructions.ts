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
  /**
   * End the session if open, then start `packageId` again (or another package), optionally choosing a
   * title. `packageId` is as the instruction names it (`CM-05`, or a key's short form such as `CM5`);
   * absent: the package of the case. `continueFirst`: trigger Continue, which should end the attempt.
   */
  | {
      kind: 'relaunch';
      packageId?: string;
      suspendFirst?: boolean;
      exitFirst?: boolean;
      continueFirst?: boolean;
      choose?: string;
    }
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
    case 'relaunch':
    case 'launch':
      return { kind: 'relaunch', packageId: arg };
    case 'launchnchoose':
    case 'relaunchnchoose':
    case 'autoendlaunchnchoose':
      return { kind: 'relaunch', packageId: arg, choose: args[1] ?? '' };
  }
  let m = /^APIt(\d+)$/.exec(key);
  if (m) return { kind: 'choose', title: `API Implementation Test ${m[1]}` };
  m = /^DMIt(\d+)$/.exec(key);
  if (m) return { kind: 'choose', title: `Data Model Implementation Test ${m[1]}` };
  if (/^Root/.test(key)) return { kind: 'chooseRoot' };
  // Package-specific keys (README §6.1): the longer prefix first, ContinueExit<pkg> is not Exit<pkg>.
  m = /^(ContinueExit|Re[lL]aunch|Exit|Suspend)(\w[\w-]*)$/.exec(key);
  if (m) return relaunchFrom(m[1] ?? '', m[2] ?? '', text);
  return { kind: 'unknown', key };
}

/**
 * A package-specific relaunch: what to do first comes from the key's prefix (and the text), the package
 * from the text when the dictionary has it, else from the key (`RelaunchCM5` names CM-05).
 */
function relaunchFrom(prefix: string, keyPackage: string, text: string): Action {
  const plain = text.replace(/<[^>]+>/g, '');
  const packageId = /relaunch LMS Test Content Package (\S+?)(?:\s|\.|$)/i.exec(plain)?.[1] ?? keyPackage;
  const choose = /then choose (.+?) to continue/i.exec(plain)?.[1];
  return {
    kind: 'relaunch',
    packageId,
    ...(prefix === 'ContinueExit' ? { continueFirst: true } : {}),
    ...(prefix === 'Exit' || /exit the package/i.test(plain) ? { exitFirst: true } : {}),
    ...(prefix === 'Suspend' || /suspend all/i.test(plain) ? { suspendFirst: true } : {}),
    ...(choose ? { choose } : {}),
  };
}

/**
 * The folder's package an instruction names: exactly, or by the short form of instruction keys
 * (`CM5` for CM-05, `OB3b` for OB-03b, `CM09ba` for CM-09ba). Undefined when none matches.
 */
export function resolvePackageName(named: string, packageIds: readonly string[]): string | undefined {
  if (packageIds.includes(named)) return named;
  const norm = (id: string) =>
    id
      .toLowerCase()
      .replace(/-/g, '')
      .replace(/(\D)0+(\d)/g, '$1$2');
  const hits = packageIds.filter((p) => norm(p) === norm(named));
  return hits.length === 1 ? hits[0] : undefined;
}
