/**
 * The page-context results and errors (player detection, page context, slide map, slide jumps) are built
 * from sentences in which course values (what it threw, its meta generator, indicator texts, slide ids,
 * frame labels) are marked with `quoted()`. Here each marked value moves into `course_text.quoted[i]` and
 * the sentence names it there, before anything leaves the dom layer.
 */
import { fail, type ErrorCode } from '../../core/errors.js';
import type { CourseTexts } from '../../core/course-text.js';
import { CourseTextFields } from '../course-text-fields.js';

export { capData } from '../course-text-fields.js';

interface Sentences {
  notes: string[];
  message?: string;
  sources?: Record<string, string>;
  player: Record<string, unknown>;
}

/** The result with its sentences freed of course text, and `course_text` when any was kept. */
export function keepCourseTextApart<T extends Sentences>(result: T): T & { course_text?: CourseTexts } {
  const fields = new CourseTextFields();
  const say = (text: string): string => fields.sentence(text);
  const player = { ...result.player };
  if (Array.isArray(player.evidence)) player.evidence = (player.evidence as string[]).map(say);
  if (typeof player.message === 'string') player.message = say(player.message);
  const out: T & { course_text?: CourseTexts } = {
    ...result,
    player,
    notes: result.notes.map(say),
    ...(result.message !== undefined ? { message: say(result.message) } : {}),
    ...(result.sources
      ? { sources: Object.fromEntries(Object.entries(result.sources).map(([k, v]) => [k, say(v)])) }
      : {}),
  };
  return { ...out, ...fields.details() };
}

/** fail() with the course values marked in `message` kept in `details.course_text`. */
export function failApart(code: ErrorCode, message: string, details: Record<string, unknown> = {}): never {
  const fields = new CourseTextFields();
  const sentence = fields.sentence(message);
  const kept = (details.notes as string[] | undefined)?.map((n) => fields.sentence(n));
  fail(code, sentence, { ...details, ...(kept ? { notes: kept } : {}), ...fields.details() });
}
