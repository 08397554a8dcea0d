/**
 * One test case, end to end (README §2.2): deliveries checked against the script's blocks, UI
 * questions answered from the LMS's navigation state, steps run against the delivered SCO's API,
 * the page variant's way of finishing, then the operator instruction.
 */
import { familyOf, readCaseScript, type Corpus } from './corpus.js';
import { evaluateStep, type Learner } from './evaluate/evaluate-step.js';
import type { StepRecord } from './evaluate/record.js';
import type { LookupState } from './execute-step.js';
import { actionFor, resolvePackageName, type Action } from './instructions.js';
import { LmsCapabilityError, type Delivery, type LmsUnderTest } from './lms.js';
import { terminatesAfterCommands, variantOf } from './driver/page-variants.js';
import type { BlockResult, CaseResult, UiCheck } from './results.js';
import { answerUiQuestions } from './ui-questions.js';
import type { Block, CaseScript } from './script/types.js';

export const LEARNER_1: Learner = { id: 'learner1', name: 'Learner One' };
export const LEARNER_2: Learner = { id: 'learner2', name: 'Learner Two' };

const LAUNCH_PARAMS = /tc=([^&]*)&act=([^&^#]*)/;

class CaseFailure extends Error {}

export function packageOf(script: CaseScript, corpus: Corpus): string {
  if (corpus.packageIds.includes(script.start)) return script.start;
  if (corpus.packageIds.includes(script.id)) return script.id;
  return corpus.packageIds.find((p) => p.startsWith(script.id)) ?? script.id;
}

export async function runCase(corpus: Corpus, id: string, lms: LmsUnderTest): Promise<CaseResult> {
  const started = Date.now();
  const family = familyOf(id);
  const result: CaseResult = {
    id,
    family,
    passed: false,
    delivered: [],
    expected: [],
    blocks: [],
    stepCount: 0,
    failedSteps: 0,
    durationMs: 0,
  };
  try {
    const script = readCaseScript(corpus, id);
    result.expected = script.blocks.map((b) => b.activity);
    let failure: unknown;
    try {
      await drive(corpus, script, lms, family === 'API' ? LEARNER_1 : LEARNER_2, result);
    } catch (error) {
      failure = error;
    }
    // The case's session ends here, so what goes wrong while its SCO is unloaded is this case's.
    await lms.close().catch((error: unknown) => (failure ??= error));
    if (failure !== undefined) throw failure;
  } catch (error) {
    if (!(error instanceof CaseFailure || error instanceof LmsCapabilityError)) {
      result.reason = `could not run: ${error instanceof Error ? error.message : String(error)}`;
    } else result.reason ??= error.message;
  }
  const failedBlock = result.blocks.find((b) => !b.pass);
  result.firstFailingStep = result.blocks.flatMap((b) => b.steps).find((s) => !s.pass);
  if (!result.reason && failedBlock) {
    result.reason =
      failedBlock.ui && !failedBlock.ui.pass
        ? `block ${failedBlock.id}: UI answers ${failedBlock.ui.answered}, expected ${failedBlock.ui.expected}`
        : describeStep(result.firstFailingStep);
  }
  result.passed = result.reason === undefined;
  result.durationMs = Date.now() - started;
  return result;
}

function describeStep(step: StepRecord | undefined): string | undefined {
  return step ? `block ${step.block} step ${step.index} (${step.source}): ${step.message}` : undefined;
}

async function drive(
  corpus: Corpus,
  script: CaseScript,
  lms: LmsUnderTest,
  learner: Learner,
  result: CaseResult,
): Promise<void> {
  let packageId = packageOf(script, corpus);
  const startWith = async (pkg: string, title?: string) => {
    await lms.open(pkg, learner);
    return title === undefined ? lms.start() : lms.choose(title);
  };
  const lookups: LookupState = {};
  let pointer = 0;
  let delivery = await startWith(
    packageId,
    script.start === '.' || script.start === packageId ? undefined : script.start,
  );
  for (;;) {
    if (delivery) {
      const block = checkIdentity(script, await delivery.sco.location(), pointer, result);
      pointer++;
      const blockResult = await runBlock(block, delivery, lms, lookups, learner);
      result.blocks.push(blockResult);
      result.stepCount += blockResult.steps.length;
      result.failedSteps += blockResult.steps.filter((s) => !s.pass).length;
      if (terminatesAfterCommands(variantOf(delivery.page))) await delivery.sco.terminate();
      const next = await lms.scoFinished();
      if (next) {
        delivery = next;
        continue;
      }
      const text = block.instruction
        ? corpus.instructions.lookup(block.instruction.key, ...block.instruction.args)
        : '';
      const action = actionFor(block.instruction, text);
      if (action.kind === 'relaunch' && action.packageId) {
        const named = resolvePackageName(action.packageId, corpus.packageIds);
        if (!named)
          throw new CaseFailure(
            `instruction "${block.instruction?.key ?? ''}" names package "${action.packageId}", which the folder does not have`,
          );
        packageId = named;
      }
      const after = await perform(action, lms, startWith, packageId);
      if (after === 'end') break;
      delivery = after;
      if (!delivery && pointer < script.blocks.length) {
        throw new CaseFailure(
          `expected activity ${script.blocks[pointer]?.activity} was not delivered after "${block.instruction?.key ?? 'no instruction'}"`,
        );
      }
      continue;
    }
    break;
  }
  if (pointer < script.blocks.length) {
    throw new CaseFailure(
      `expected activity ${script.blocks[pointer]?.activity} was not delivered (${pointer} of ${script.blocks.length} blocks ran)`,
    );
  }
  if (script.userInteraction && !lms.sessionEnded())
    throw new CaseFailure('the sequencing session did not end after the last block');
}

function checkIdentity(script: CaseScript, location: string, pointer: number, result: CaseResult): Block {
  const m = LAUNCH_PARAMS.exec(location);
  if (!m) throw new CaseFailure(`the launch URL "${location}" carries no tc=...&act=... parameters`);
  const [, tc = '', act = ''] = m;
  result.delivered.push(act);
  if (tc !== script.title)
    throw new CaseFailure(`wrong package launched: tc=${tc}, expected ${script.title}`);
  const block = script.blocks[pointer];
  if (!block || block.activity !== act) {
    throw new CaseFailure(
      `expected activity ${block?.activity ?? '(none: all blocks done)'}, LMS launched activity ${act}`,
    );
  }
  return block;
}

async function runBlock(
  block: Block,
  delivery: Delivery,
  lms: LmsUnderTest,
  lookups: LookupState,
  learner: Learner,
): Promise<BlockResult> {
  let ui: UiCheck | undefined;
  if (block.uiQuestions) ui = answerUiQuestions(block.uiQuestions, block.uiAnswers ?? '', lms.uiState());
  const steps: StepRecord[] = [];
  const variant = variantOf(delivery.page);
  if (variant === 'APIRTETest1') auditApi(await delivery.sco.apiVersion());
  if (variant !== 'AssetLaunchTest') {
    const outcomes = await delivery.sco.run(block.steps, lookups);
    block.steps.forEach((step, i) => {
      const outcome = outcomes[i];
      if (outcome) steps.push(evaluateStep(block.id, step, outcome, learner));
    });
  }
  return {
    id: block.id,
    activity: block.activity,
    delivered: delivery.itemId,
    ...(ui ? { ui } : {}),
    steps,
    pass: (ui?.pass ?? true) && steps.every((s) => s.pass),
  };
}

/** APIRTETest1's audit: an object with a version starting "1.0" (and "." after it when longer). */
function auditApi(found: string | null): void {
  if (found === null) throw new CaseFailure('API audit failed: the page found no API_1484_11');
  const version = found;
  if (!version.startsWith('1.0') || (version.length > 3 && version[3] !== '.')) {
    throw new CaseFailure(
      `API audit failed: version is ${JSON.stringify(version)}, expected "1.0" or "1.0.x"`,
    );
  }
}

type StartWith = (pkg: string, title?: string) => Promise<Delivery | undefined>;

async function perform(
  action: Action,
  lms: LmsUnderTest,
  startWith: StartWith,
  packageId: string,
): Promise<Delivery | undefined | 'end'> {
  switch (action.kind) {
    case 'end':
      return 'end';
    case 'exit':
      await lms.exit();
      return 'end';
    case 'navigate':
      return lms.navigate({ kind: action.event });
    case 'choose':
      return lms.choose(action.title);
    case 'chooseRoot':
      return lms.navigate({ kind: 'choiceRoot' });
    case 'relaunch':
      if (action.continueFirst) {
        // Continue should end the attempt; content delivered instead is what the next identity check judges.
        const delivered = await lms.navigate({ kind: 'continue' });
        if (delivered) return delivered;
      }
      if (action.suspendFirst) await lms.navigate({ kind: 'suspendAll' });
      else if (action.exitFirst || !lms.sessionEnded()) await lms.exit();
      return startWith(packageId, action.choose);
    case 'unknown':
      throw new CaseFailure(`unknown instruction "${action.key}"`);
  }
}
