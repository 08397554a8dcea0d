/** Reading the course text an anomaly or finding quotes (its `course_text` fields) in assertions. */
import type { CourseText, CourseTexts } from '../../src/core/course-text.js';

/** The text of one course_text field; a list's texts joined with "\n"; "" when absent. */
export function courseTextOf(item: object, field: string): string {
  const value: CourseText | CourseText[] | undefined = (item as { course_text?: CourseTexts }).course_text?.[
    field
  ];
  if (value === undefined) return '';
  return Array.isArray(value) ? value.map((v) => v.text).join('\n') : value.text;
}

/** The sentences of ours an item carries (the fields a reader takes as the tool's voice). */
export const TOOL_VOICE_FIELDS = [
  'message',
  'fix',
  'likely_cause',
  'description',
  'issue',
  'fix_suggestion',
  'diagnostic',
] as const;

/** Paths of tool-voice fields (anywhere in `value`) whose text matches `pattern`. */
export function toolVoiceLeaks(value: unknown, pattern: RegExp, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => toolVoiceLeaks(v, pattern, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => {
    if (key === 'course_text') return [];
    const here = `${path}.${key}`;
    if ((TOOL_VOICE_FIELDS as readonly string[]).includes(key) && typeof v === 'string')
      return pattern.test(v) ? [`${here}: ${v}`] : [];
    return toolVoiceLeaks(v, pattern, here);
  });
}

/** Every course_text value (anywhere in `value`) as { path, text, length, truncated }. */
export function courseTextsIn(value: unknown, path = '$'): Array<{ path: string } & CourseText> {
  if (Array.isArray(value)) return value.flatMap((v, i) => courseTextsIn(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => {
    const here = `${path}.${key}`;
    if (key !== 'course_text' || v === null || typeof v !== 'object') return courseTextsIn(v, here);
    return Object.entries(v as CourseTexts).flatMap(([field, t]) =>
      (Array.isArray(t) ? t : [t]).map((one) => ({ path: `${here}.${field}`, ...one })),
    );
  });
}

/**
 * `text` (a message or fix of `item`) with each `course_text.<field>` reference replaced by the text it
 * names: for assertions about where a value stands in the sentence, once it is known to be kept apart.
 */
export function withCourseText(item: object, text: string): string {
  return text.replace(/`course_text\.(\w+)(?:\[(\d+)\])?`/g, (all, field: string, index?: string) => {
    const value = (item as { course_text?: CourseTexts }).course_text?.[field];
    const one = Array.isArray(value) ? value[Number(index)] : value;
    return one === undefined ? all : one.text;
  });
}

/**
 * As withCourseText, with each value in double quotes as our sentences wrote them before they kept the
 * course's words apart: `"l2" is disabled` for `` `course_text.quoted[0]` is disabled ``.
 */
export function spelledOut(item: object, text: string): string {
  return withCourseText(
    item,
    text.replace(/`course_text\.\w+(?:\[\d+\])?`/g, (ref) => `"${ref}"`),
  );
}
