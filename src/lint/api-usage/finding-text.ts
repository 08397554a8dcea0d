import { remarkQuoted, separateCourseText } from '../../core/course-text.js';
import type { Finding } from '../../core/findings.js';

/**
 * The finding with its message rewritten by `change`, which may add values marked with `quoted()`: the
 * values already moved to `course_text.quoted` are marked again first, so all of them are numbered anew.
 */
export function rewordFinding(finding: Finding, change: (message: string) => string): Finding {
  const { course_text: texts, ...rest } = finding;
  const { quoted: _taken, ...others } = texts ?? {};
  const remarked: Finding = {
    ...rest,
    message: change(remarkQuoted(finding.message, texts)),
    fix: remarkQuoted(finding.fix, texts),
  };
  if (Object.keys(others).length > 0) remarked.course_text = others;
  return separateCourseText(remarked);
}
