/** UI questions answered from the LMS's navigation state (README §6.2). */
import type { UiState } from './lms.js';
import type { UiCheck } from './results.js';

const ROOT_ENTRY = /root of "([^"]*)"/i;

function answer(question: string, ui: UiState): string {
  const at = question.indexOf('@');
  const key = at < 0 ? question : question.slice(0, at);
  const arg = at < 0 ? '' : question.slice(at + 1);
  // `the activity that corresponds to the root of "<organization title>"` names the root activity (CM-07d).
  const title = ROOT_ENTRY.exec(arg)?.[1] ?? arg;
  const entry = ui.toc.find((e) => e.title.trim() === title.trim());
  const yes = (b: boolean) => (b ? 'Y' : 'N');
  switch (key) {
    case 'continue.enabled':
      return yes(ui.continueEnabled);
    case 'continue.disabled':
      return yes(!ui.continueEnabled);
    case 'previous.enabled':
      return yes(ui.previousEnabled);
    case 'previous.disabled':
      return yes(!ui.previousEnabled);
    case 'toc.enabled':
      return yes(ui.tocEnabled);
    case 'toc.enabled.selectable':
      return yes(ui.tocEnabled && entry?.selectable === true);
    case 'toc.visible':
      return yes(entry?.visible === true);
    case 'click.button':
      return 'Y';
    default:
      return '?';
  }
}

export function answerUiQuestions(questions: readonly string[], expected: string, ui: UiState): UiCheck {
  const answers = questions.map((q) => answer(q, ui));
  const answered = answers.join('~');
  const countsAgree = expected.split('~').length === questions.length;
  return { questions: [...questions], expected, answered, pass: countsAgree && answered === expected };
}
