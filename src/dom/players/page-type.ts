/** The page's role (intro, content, assessment, summary) from what it shows: pure, unit-tested. */

export type PageType = 'intro' | 'content' | 'assessment' | 'summary' | 'unknown';

export interface PageTypeInput {
  answerInputs: number;
  /** Headings and titles joined (slide title, document title, visible h1-h3). */
  text: string;
  slideNumber: number | null;
  totalSlides: number | null;
  /** The player shows its menu of the course's pages: the course's start, whatever its title says. */
  courseMenu?: boolean;
}

const SUMMARY =
  /\b(summary|results?|conclusion|congratulations|completed?|certificate|your score|wrap[- ]?up|the end)\b/i;
const ASSESSMENT = /\b(quiz|assessment|test|exam|question|knowledge check|check your knowledge)\b/i;
const INTRO = /\b(intro(duction)?|welcome|overview|objectives|getting started|start here)\b/i;

export function inferPageType(input: PageTypeInput): { page_type: PageType; reason: string } {
  if (input.answerInputs >= 2)
    return { page_type: 'assessment', reason: `${input.answerInputs} visible answer inputs` };
  // Its heading is the course's title ("SCORM+LRS TEST" is no test page): the menu is where the course starts.
  if (input.courseMenu)
    return {
      page_type: 'intro',
      reason: "the player's menu of the course's pages (its title is the course's)",
    };
  const summary = SUMMARY.exec(input.text);
  if (summary)
    return { page_type: 'summary', reason: `heading/title has the word ${summary[0].toLowerCase()}` };
  const assessment = ASSESSMENT.exec(input.text);
  if (assessment)
    return { page_type: 'assessment', reason: `heading/title has the word ${assessment[0].toLowerCase()}` };
  const intro = INTRO.exec(input.text);
  if (intro) return { page_type: 'intro', reason: `heading/title has the word ${intro[0].toLowerCase()}` };
  if (input.slideNumber === 1 && (input.totalSlides ?? 0) > 1)
    return { page_type: 'intro', reason: 'first slide of several' };
  if (input.text.trim() || input.slideNumber !== null)
    return { page_type: 'content', reason: 'no question inputs, no intro or summary wording' };
  return { page_type: 'unknown', reason: 'the page shows no heading, title or slide position' };
}
