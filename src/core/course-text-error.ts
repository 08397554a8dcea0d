/**
 * An error whose message was built with `quoted()` course values (zip entry names, the system's messages
 * that echo them): the values move to `details.course_text` and the message names them by field.
 */
import { separateCourseText } from './course-text.js';
import { ScormTesterError, type ErrorCode } from './errors.js';

export function courseTextError(
  code: ErrorCode,
  message: string,
  details: Record<string, unknown> = {},
): ScormTesterError {
  const parts = separateCourseText({ message, fix: '' });
  return new ScormTesterError(code, parts.message, {
    ...details,
    ...(parts.course_text ? { course_text: parts.course_text } : {}),
  });
}

export function failQuoting(code: ErrorCode, message: string, details?: Record<string, unknown>): never {
  throw courseTextError(code, message, details);
}
