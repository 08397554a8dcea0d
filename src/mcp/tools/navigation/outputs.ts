/**
 * The navigation group's output shapes: what a navigation request did, how sequencing started, the
 * navigation state; each, when navigation does not apply, success with `not_applicable`.
 */
import { z } from 'zod';
import {
  count,
  courseTexts,
  foreignGlobalObjectives,
  initializeState,
  openObject,
  savedStateWriter,
} from '../output-schemas.js';
import { sequencingNotApplicable } from '../shared/not-applicable.js';

export const unloadedSco = z.object({
  activity_id: z.string(),
  terminated_by: z.enum(['course', 'tester', 'none']),
  ignored_nav_request: z.string().nullable(),
});

export const deliveredSco = z.object({
  activity_id: z.string(),
  title: z.string(),
  launch_url: z.string(),
  entry: z.enum(['ab-initio', 'resume']),
  runtime_attempt: z.number(),
});

export const navOutcomeKind = z.enum(['delivered', 'ended', 'denied', 'nothing']);

/** What one navigation request did (a denied request is an answer, not an error). */
export const navOutcome = z.object({
  applicable: z.literal(true),
  sn_available: z.literal(true),
  request: z.string(),
  source: z.enum(['lms', 'sco']),
  success: z.boolean(),
  outcome: navOutcomeKind,
  message: z.string().nullable(),
  course_text: courseTexts.optional(),
  code: z.string().nullable(),
  process: z.string().nullable(),
  unloaded: unloadedSco.nullable(),
  delivered: deliveredSco.nullable(),
  current_activity: z.string().nullable(),
  session_ended: z.boolean(),
});

/** A navigation request's result, or why navigation does not apply. */
export const navRequestOutput = {
  success: z.boolean(),
  applicable: z.boolean(),
  sn_available: z.boolean(),
  message: z.string().nullable().optional().describe('Denied: "not valid, because ...".'),
  course_text: courseTexts.optional(),
  not_applicable: sequencingNotApplicable.optional(),
  request: z.string().optional(),
  source: z.enum(['lms', 'sco']).optional(),
  outcome: navOutcomeKind.optional(),
  code: z.string().nullable().optional().describe('SN exception code when denied.'),
  process: z.string().nullable().optional(),
  unloaded: unloadedSco.nullable().optional(),
  delivered: deliveredSco.nullable().optional(),
  current_activity: z.string().nullable().optional(),
  session_ended: z.boolean().optional(),
};

/** scorm_sn_init / scorm_sn_reset: how sequencing started, or why navigation does not apply. */
export const snInitOutput = {
  success: z.boolean(),
  sn_available: z.boolean(),
  applicable: z.boolean().optional(),
  not_applicable: sequencingNotApplicable.optional(),
  how: z.enum(['start', 'resumeAll', 'choice']).optional(),
  restored: z.boolean().optional().describe('The saved sequencing state was restored.'),
  activity_count: count.optional(),
  outcome: navOutcome.optional(),
  foreign_global_objectives: foreignGlobalObjectives.optional(),
  saved_state_writer: savedStateWriter.optional(),
};

/** scorm_nav_get_state: the navigation state, or why navigation does not apply. */
export const navStateOutput = {
  sn_available: z.boolean(),
  applicable: z.boolean(),
  success: z.boolean().optional(),
  not_applicable: sequencingNotApplicable.optional(),
  current_activity: z.string().nullable().optional(),
  suspended_activity: z.string().nullable().optional(),
  session_ended: z.boolean().optional(),
  valid_requests: z
    .record(
      z.string(),
      z.object({
        valid: z.boolean(),
        message: z.string().optional(),
        code: z.string().optional(),
        course_text: courseTexts.optional(),
      }),
    )
    .optional()
    .describe('Each LMS-side request: valid now, or why not.'),
  hidden_lms_controls: z.array(z.string()).optional(),
  controls: z.record(z.string(), z.object({ hidden: z.boolean(), enabled: z.boolean() })).optional(),
  toc_enabled: z.boolean().optional(),
  toc: z
    .array(
      openObject({
        id: z.string(),
        title: z.string(),
        parent_id: z.string().nullable(),
        depth: count,
        is_leaf: z.boolean(),
        visible: z.boolean(),
        hidden_from_choice: z.boolean(),
        available: z.boolean(),
        current: z.boolean(),
        active: z.boolean(),
        suspended: z.boolean(),
        attempt_count: count,
        completion_status: z.enum(['completed', 'incomplete', 'unknown']),
        success_status: z.enum(['passed', 'failed', 'unknown']),
        can_choose: z.boolean(),
        why_not: z.string().optional(),
        course_text: courseTexts.optional(),
      }),
    )
    .optional()
    .describe('Table of contents (with changes_only: the entries that changed).'),
  toc_total: count.optional().describe('Activities in the TOC.'),
  toc_next_cursor: z.string().optional().describe('Pass as cursor for the next TOC entries.'),
  changes_since_last_call: z.boolean().optional().describe('Only what changed is given.'),
  unchanged: z.array(z.string()).optional().describe('Fields left out because they did not change.'),
  notes: z.array(z.string()).optional(),
  delivered: deliveredSco
    .extend({ initialize_state: initializeState })
    .nullable()
    .optional()
    .describe('The SCO in the frame now.'),
};
