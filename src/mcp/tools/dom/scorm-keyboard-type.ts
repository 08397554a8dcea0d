/** scorm_keyboard_type: Type keys. */
import { z } from 'zod';
import { typeText } from '../../../dom/actions/keyboard.js';
import type { ServerContext } from '../../../app/context.js';
import { ACTS_IN_COURSE, defineTool, type ToolDefinition } from '../../../app/tool.js';
import { count } from '../output-schemas.js';
import { sessionId } from '../shared-schemas.js';
import {
  targetInput,
  targetOf,
  waitOptions,
  screenshot,
  actionOutput,
  actionRunner,
  actionOptions,
} from './action-fields.js';

export function keyboardTypeTool(ctx: ServerContext): ToolDefinition {
  const act = actionRunner(ctx.sessions);
  return defineTool({
    name: 'scorm_keyboard_type',
    group: 'dom',
    title: 'Type keys',
    annotations: ACTS_IN_COURSE,
    description:
      'Type text key by key, then press options.keys. With a target it is clicked first; without, keys go to the focused element in the SCO.',
    input: {
      session_id: sessionId,
      text: z.string().max(10_000).describe('"" to press only options.keys.'),
      options: z
        .object({
          ...targetInput,
          delay_ms: z.number().int().min(0).max(1_000).optional(),
          keys: z
            .array(z.string().min(1).max(60))
            .max(100)
            .optional()
            .describe('Pressed after the text: "Enter", "Tab", "Shift+Tab", "ArrowLeft"...'),
          ...waitOptions,
        })
        .strict()
        .optional(),
      screenshot,
    },
    output: {
      ...actionOutput,
      characters_typed: count,
      keys_pressed: z.array(z.string()),
      target_by: z.enum(['selector', 'ref', 'focus']),
    },
    handler: async (args, call) => {
      const o = args.options ?? {};
      return act(args, 'scorm_keyboard_type', (runtime) =>
        typeText(runtime, args.text, {
          ...targetOf(o),
          delayMs: o.delay_ms,
          keys: o.keys,
          ...actionOptions(o, call.signal),
        }),
      );
    },
  });
}
