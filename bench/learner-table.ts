/** The learner journey's results as a Markdown table, and the median tool calls per course (pure). */
import type { StopReason } from './learner-stop-rules.js';
import { median } from './stats.js';

export interface LearnerJourneyResult {
  course: string;
  steps: number;
  /** Tool calls of the journey itself (the closing diagnosis of a course that did not complete apart). */
  tool_calls: number;
  failed_calls: number;
  wall_ms: number;
  /** Distinct pages seen (title, headings, frame URL). */
  pages_seen: number;
  /** The furthest slide the player showed and how many it has, when a player says so. */
  slide_reached: number | null;
  slides_total: number | null;
  /** cmi.completion_status (2004) or cmi.core.lesson_status (1.2) at the end. */
  completion: string | null;
  /** cmi.success_status (2004); null for 1.2, whose lesson_status says both. */
  success: string | null;
  score: string | null;
  stop: StopReason | { kind: 'not_opened' };
  /** Why it did not complete: the course's own defect our tools named, else the error or control it stopped at. */
  why: string | null;
  /** The budget the course was given and how it was reached (bench/learner-budget.ts). */
  budget?: { calls: number; ms: number; rule: string };
}

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

export function stopText(stop: LearnerJourneyResult['stop']): string {
  switch (stop.kind) {
    case 'completed':
      return 'completed';
    case 'stuck':
      return `stuck (${stop.steps} steps unchanged)`;
    case 'budget_calls':
      return `budget (${stop.calls} calls)`;
    case 'budget_time':
      return `budget (${Math.round(stop.ms / 1000)} s)`;
    case 'not_opened':
      return 'not opened';
    case 'course_hidden':
      return 'course hidden';
    case 'session_ended':
      return 'session ended';
    case 'course_defect':
      return 'course defect';
  }
}

function pagesText(r: LearnerJourneyResult): string {
  const slides =
    r.slide_reached !== null
      ? `slide ${r.slide_reached}${r.slides_total !== null ? `/${r.slides_total}` : ''}`
      : '';
  return [String(r.pages_seen), slides].filter(Boolean).join(', ');
}

/** "192 calls / 9.6 min (80 + 5 × 28 slides)". */
function budgetText(r: LearnerJourneyResult): string {
  if (!r.budget) return '';
  const minutes = Number((r.budget.ms / 60_000).toFixed(1));
  return `${r.budget.calls} calls / ${minutes} min (${r.budget.rule})`;
}

export function learnerTable(results: LearnerJourneyResult[]): string {
  const lines = [
    '| course | steps | tool calls (failed) | calls per step | budget | time s | pages seen, slide | completion | success | score | stopped | why |',
    '| --- | ---: | ---: | ---: | --- | ---: | --- | --- | --- | ---: | --- | --- |',
  ];
  for (const r of results)
    lines.push(
      '| ' +
        [
          r.course,
          String(r.steps),
          `${r.tool_calls} (${r.failed_calls})`,
          r.steps > 0 ? (r.tool_calls / r.steps).toFixed(1) : '',
          budgetText(r),
          (r.wall_ms / 1000).toFixed(0),
          pagesText(r),
          r.completion ?? '',
          r.success ?? '',
          r.score ?? '',
          stopText(r.stop),
          r.why ?? '',
        ]
          .map(cell)
          .join(' | ') +
        ' |',
    );
  return lines.join('\n');
}

export function medianToolCalls(results: LearnerJourneyResult[]): number | null {
  return results.length ? median(results.map((r) => r.tool_calls)) : null;
}

/** The one line under the table: completed courses and the median tool calls per course. */
export function learnerSummary(results: LearnerJourneyResult[]): string {
  const completed = results.filter((r) => r.stop.kind === 'completed').length;
  return `${completed} of ${results.length} courses completed; median tool calls per course: ${medianToolCalls(results) ?? 'n/a'}`;
}
