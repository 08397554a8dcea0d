/** What an open says about saved learner state: resumed or why not, and the attempt a fresh start set aside. */
import { z } from 'zod';
import { FRESH_START_REASONS } from '../../session/saved-state.js';
import type { SavedStateWriter } from '../../session/saved-state-writer.js';
import type { Session } from '../../session/session.js';
import { savedStateWriter } from './output-schemas.js';

export const resumeOutput = {
  resumed: z.boolean(),
  entry: z.enum(['resume', 'ab-initio']),
  fresh_start_reason: z
    .enum(FRESH_START_REASONS)
    .optional()
    .describe(
      'Why saved state was not resumed: new_attempt (asked for), no_saved_state, scorm_version_changed, exit_not_suspend (the saved attempt ended), suspended_without_data.',
    ),
  previous_exit: z
    .string()
    .optional()
    .describe('With fresh_start_reason: the exit the saved attempt ended with.'),
  learner_data: z
    .array(z.string())
    .optional()
    .describe('When resumed: the restored elements that hold learner data.'),
  previous_attempt: z
    .object({ saved_at: z.string(), exit: z.string(), learner_data: z.array(z.string()) })
    .optional()
    .describe(
      'A fresh start over a saved attempt with learner data: this is a new attempt; the saved one is not deleted but kept as a previous attempt of its activity when this one is saved.',
    ),
  sequencing: z
    .object({ how: z.enum(['start', 'resumeAll', 'choice']), activity_id: z.string().nullable() })
    .optional()
    .describe('Sequencing started by the open: a multi-SCO course reopened where the learner suspended it.'),
  saved_state_writer: savedStateWriter.optional().describe('When resumed: which package wrote that state.'),
};

export function resumeData(session: Session): {
  resumed: boolean;
  entry: 'resume' | 'ab-initio';
  fresh_start_reason?: (typeof FRESH_START_REASONS)[number];
  previous_exit?: string;
  learner_data?: string[];
  previous_attempt?: { saved_at: string; exit: string; learner_data: string[] };
  sequencing?: { how: 'start' | 'resumeAll' | 'choice'; activity_id: string | null };
  saved_state_writer?: SavedStateWriter;
} {
  const resume = session.resume;
  const opened = session.openedSequencing;
  const sequencing = opened
    ? { sequencing: { how: opened.how, activity_id: opened.outcome.delivered?.activity_id ?? null } }
    : {};
  if (!resume) return { resumed: false, entry: 'ab-initio', ...sequencing };
  if (resume.resume) {
    const writer = session.resumedStateWriter;
    return {
      resumed: true,
      entry: 'resume',
      learner_data: resume.learnerData,
      ...sequencing,
      ...(writer ? { saved_state_writer: writer } : {}),
    };
  }
  return {
    resumed: false,
    entry: 'ab-initio',
    fresh_start_reason: resume.reason,
    ...(resume.exit !== undefined ? { previous_exit: resume.exit } : {}),
    ...(resume.setAside ? { previous_attempt: resume.setAside } : {}),
    ...sequencing,
  };
}
