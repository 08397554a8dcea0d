/**
 * Course text in human output: each value on its own line, labelled as the course's and quoted as a
 * JSON string (so a newline in it cannot start a line of ours), never inside one of our sentences.
 */
import { courseText, type CourseText, type CourseTexts } from '../core/course-text.js';

/** `course_text.error (course content, 422 chars, cut): "Error: …"` */
export function courseTextLine(field: string, value: CourseText, indent: string): string {
  const cut = value.truncated ? ', cut' : '';
  return `${indent}course_text.${field} (course content, ${value.length} chars${cut}): ${JSON.stringify(value.text)}`;
}

export function courseTextLines(texts: CourseTexts | undefined, indent: string): string[] {
  if (!texts) return [];
  return Object.entries(texts).flatMap(([field, value]) =>
    Array.isArray(value)
      ? value.map((v, i) => courseTextLine(`${field}[${i}]`, v, indent))
      : [courseTextLine(field, value, indent)],
  );
}

/** A course-chosen name inside a line of fields (not a sentence): quoted and cut. */
export function quotedName(value: string): string {
  return JSON.stringify(courseText(value, 80).text);
}
