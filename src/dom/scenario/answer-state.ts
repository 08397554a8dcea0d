/**
 * What a learner's answer looks like in the page: the checked state, value or selection of the control an
 * element stands for (a <label> stands for its control). `readAnswerState` runs in the DOM tools' isolated
 * world of the element's frame (../element-read.ts), where the course cannot fake a control's checked state
 * or value, so it must not reference anything outside its own body.
 */

export interface AnswerState {
  /** "input[type=radio]#q1-a", "select#match-1", "[role=checkbox]". */
  control: string;
  checked: boolean | null;
  value: string | null;
  /** Selected option values of a <select>. */
  selected: string[] | null;
}

/** Runs in the page's isolated world. Null when the element is not (and does not label) a form control. */
export function readAnswerState(el: Element): AnswerState | null {
  const target = el instanceof HTMLLabelElement && el.control ? el.control : el;
  const describe = (node: Element): string => {
    const tag = node.tagName.toLowerCase();
    const type = node.getAttribute('type');
    const role = node.getAttribute('role');
    return `${role && !type ? `[role=${role}]` : tag}${type ? `[type=${type}]` : ''}${node.id ? `#${node.id}` : ''}`;
  };
  if (target instanceof HTMLInputElement) {
    const checkable = target.type === 'checkbox' || target.type === 'radio';
    return {
      control: describe(target),
      checked: checkable ? target.checked : null,
      value: checkable ? null : target.value,
      selected: null,
    };
  }
  if (target instanceof HTMLSelectElement) {
    const selected: string[] = [];
    for (let i = 0; i < target.options.length; i++) {
      const option = target.options[i];
      if (option?.selected) selected.push(option.value);
    }
    return { control: describe(target), checked: null, value: target.value, selected };
  }
  if (target instanceof HTMLTextAreaElement) {
    return { control: describe(target), checked: null, value: target.value, selected: null };
  }
  const ariaChecked = target.getAttribute('aria-checked') ?? target.getAttribute('aria-pressed');
  if (ariaChecked !== null) {
    return { control: describe(target), checked: ariaChecked === 'true', value: null, selected: null };
  }
  if (target instanceof HTMLElement && target.isContentEditable) {
    return { control: describe(target), checked: null, value: target.textContent ?? '', selected: null };
  }
  return null;
}

export function answerChanged(before: AnswerState | null, after: AnswerState | null): boolean {
  if (!before || !after) return false;
  return (
    before.checked !== after.checked ||
    before.value !== after.value ||
    (before.selected ?? []).join('\u0000') !== (after.selected ?? []).join('\u0000')
  );
}
