/**
 * The DOM and automation tools' errors and notices quote the page (frame labels built from its ids and
 * names, element descriptions, text it threw, option labels, dialog texts) only in a `course_text` object
 * (`details.course_text` of an error); the sentence names the field instead. One collector per message.
 */
import { courseRef, courseText, quoted, replaceQuoted, type CourseTexts } from '../core/course-text.js';

/** A selector, label or id the agent passes back stays data, but no longer than this. */
export const DATA_TEXT_MAX = 500;

export function capData(value: string): string {
  return value.length <= DATA_TEXT_MAX ? value : value.slice(0, DATA_TEXT_MAX);
}

/** A frame label for a sentence still to be built: ours as it is, one the course named marked with `quoted()`. */
export function frameInSentence(label: string): string {
  return isOwnFrameLabel(label) ? label : quoted(label);
}

/** A frame label made only of our own words ("sco", "sco > frame 2"): no id or name the course chose. */
const OWN_FRAME_LABEL = /^sco( > frame \d+)*$/;

export function isOwnFrameLabel(label: string): boolean {
  return OWN_FRAME_LABEL.test(label);
}

export class CourseTextFields {
  readonly texts: CourseTexts = {};

  /** Keeps `value` under `field`; returns how a sentence names it. */
  text(field: string, value: string): string {
    this.texts[field] = courseText(value);
    return courseRef(field);
  }

  /** Keeps the values as a list under `field`; returns how a sentence names it. */
  list(field: string, values: readonly string[]): string {
    this.texts[field] = values.map((v) => courseText(v));
    return courseRef(field);
  }

  /** A frame label for a sentence: ours as it is, one the course named through the field. */
  frame(field: string, label: string): string {
    return isOwnFrameLabel(label) ? label : this.text(field, label);
  }

  /** Frame labels for a sentence: listed when all are ours, otherwise named through the field. */
  frames(field: string, labels: readonly string[]): string {
    return labels.every(isOwnFrameLabel) ? labels.join(', ') : this.list(field, labels);
  }

  /**
   * The `i`th of a list of frame labels for a sentence: as it is when it is ours, otherwise the whole list
   * is kept under `field` and the sentence names its item.
   */
  frameOf(field: string, labels: readonly string[], i: number): string {
    const label = labels[i] ?? '';
    if (isOwnFrameLabel(label)) return label;
    if (!(field in this.texts)) this.list(field, labels);
    return courseRef(`${field}[${i}]`);
  }

  /**
   * A sentence whose course values were marked with `quoted()` (the page-context probe marks them in the
   * page): each value is kept in the list `quoted`, and the sentence names it there.
   */
  sentence(text: string): string {
    return replaceQuoted(text, (value) => {
      const list = (this.texts.quoted ??= []) as ReturnType<typeof courseText>[];
      let i = list.findIndex((t) => t.text === courseText(value).text && t.length === value.length);
      if (i < 0) i = list.push(courseText(value)) - 1;
      return courseRef(`quoted[${i}]`);
    });
  }

  /** `{ course_text }` to spread into an error's details; nothing when no course text was kept. */
  details(): { course_text?: CourseTexts } {
    return Object.keys(this.texts).length > 0 ? { course_text: this.texts } : {};
  }
}
