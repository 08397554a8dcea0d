/**
 * A learner's checklist (runs in the page, bundled with scan.ts): checkboxes a course draws for the learner
 * to tick off as they read, with nothing to submit. Rise's "checkboxes" list block ("How to Spot Spam
 * Emails…", rise-1) draws `div role=checkbox` rows like its knowledge checks do, but a knowledge check has
 * its SUBMIT beside the options; a checklist asks nothing and grades nothing, so it is no assessment.
 */

const CHOICES = '[role="checkbox"], [role="radio"], input[type="checkbox"], input[type="radio"]';
const BUTTONS = 'button, [role="button"], input[type="submit"], input[type="button"]';
// What a question's own button says (purpose.ts's submit words).
const SUBMIT = /\b(submit|check|send|grade|confirm|finish|done)\b/i;
// Levels above the options looked through for their question's button, short of other questions.
const DEPTH = 8;

/** The options under `container` are all checkboxes and no button near them submits them. */
export function isChecklist(container: Element): boolean {
  const choices = Array.from(container.querySelectorAll(CHOICES));
  if (choices.length === 0 || !choices.every(isCheckbox)) return false;
  const body = container.ownerDocument.body;
  let e: Element | null = container;
  for (let d = 0; e && e !== body && d <= DEPTH; d++, e = e.parentElement) {
    // Past the options' own block: another question's options are here, and its button is its own.
    if (d > 0 && Array.from(e.querySelectorAll(CHOICES)).some((c) => !container.contains(c))) break;
    const buttons = Array.from(e.querySelectorAll(BUTTONS));
    if (buttons.some((b) => SUBMIT.test(`${b.textContent ?? ''} ${b.getAttribute('aria-label') ?? ''}`)))
      return false;
  }
  return true;
}

function isCheckbox(el: Element): boolean {
  return el.getAttribute('role') === 'checkbox' || (el as HTMLInputElement).type === 'checkbox';
}
