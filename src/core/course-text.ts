/**
 * Text the course chose (page errors, console messages, API arguments and values, element names,
 * titles, identifiers, file names, URLs, dialog texts, manifest strings) never goes into a sentence of
 * ours: a reader, often an AI agent, would take it for the tool's own diagnosis. It goes into a
 * `course_text` object beside the sentence, each value truncated and marked with its original length,
 * and the sentence names the field ("the page error in `course_text.error`").
 */

/** Course text longer than this many characters is cut, with an ellipsis. */
export const COURSE_TEXT_MAX = 200;

export interface CourseText {
  /** What the course wrote, cut to COURSE_TEXT_MAX characters with "…" at the end when longer. */
  text: string;
  /** The original length, in UTF-16 code units. */
  length: number;
  truncated?: true;
}

/** The course text an anomaly, finding or listing quotes, by field name. */
export type CourseTexts = Record<string, CourseText | CourseText[]>;

export function courseText(value: string, max = COURSE_TEXT_MAX): CourseText {
  if (value.length <= max) return { text: value, length: value.length };
  // Never split a surrogate pair: the cut text stays valid UTF-16.
  let end = max - 1;
  const last = value.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return { text: `${value.slice(0, end)}…`, length: value.length, truncated: true };
}

/** How a sentence of ours points at a course-text field. */
export function courseRef(field: string): string {
  return `\`course_text.${field}\``;
}

/*
 * Validators build their sentences in many places; there a course value is wrapped with `quoted()`, and
 * the finding's builder calls `separateCourseText`, which moves every wrapped value into
 * `course_text.quoted[i]` and leaves a reference to it in the sentence.
 */
const OPEN = '\uE000';
const CLOSE = '\uE001';
const WRAPPED = /\uE000([^\uE000\uE001]*)\uE001/g;

/** Marks a course value inside a sentence being built; `separateCourseText` takes it out again. */
export function quoted(value: string): string {
  return `${OPEN}${value.replace(/[\uE000\uE001]/g, '')}${CLOSE}`;
}

/** `text` with each value marked by `quoted()` replaced by what `replace` makes of it. */
export function replaceQuoted(text: string, replace: (value: string) => string): string {
  return text.includes(OPEN) ? text.replace(WRAPPED, (_all, value: string) => replace(value)) : text;
}

/** Whether `text` holds values marked with `quoted()`. */
export function hasQuoted(text: string): boolean {
  return text.includes(OPEN);
}

/**
 * Replaces each value marked with `quoted()` in `text` by a reference to `course_text.quoted[i]`, its
 * index in `values` (appended when new), so several texts can share one list.
 */
export function takeQuoted(text: string, values: string[]): string {
  return text.replace(WRAPPED, (_all, value: string) => {
    let i = values.indexOf(value);
    if (i < 0) i = values.push(value) - 1;
    return courseRef(`quoted[${i}]`);
  });
}

/**
 * The reverse of takeQuoted: each `course_text.<field>` reference in `text` marked again with `quoted()`
 * around the value it names, for a message that is composed into another one before it is separated.
 */
export function remarkQuoted(text: string, texts: CourseTexts | undefined): string {
  return text.replace(/`course_text\.(\w+)(?:\[(\d+)\])?`/g, (ref, field: string, index?: string) => {
    const value = texts?.[field];
    const one = Array.isArray(value) ? value[Number(index)] : value;
    return one === undefined ? ref : quoted(one.text);
  });
}

/** Moves the values marked with `quoted()` out of `message` and `fix` into `course_text.quoted`. */
export function separateCourseText<T extends { message: string; fix: string }>(
  item: T & { course_text?: CourseTexts },
): T & { course_text?: CourseTexts } {
  if (!hasQuoted(item.message) && !hasQuoted(item.fix)) return item;
  const values: string[] = [];
  const message = takeQuoted(item.message, values);
  const fix = takeQuoted(item.fix, values);
  return {
    ...item,
    message,
    fix,
    course_text: { ...item.course_text, quoted: values.map((v) => courseText(v)) },
  };
}
