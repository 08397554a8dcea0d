/** Calling the SCORM API from a tool: single calls, waiting for the course's calls, replays. */
import { z } from 'zod';

export const DEFAULT_WAIT_MS = 10_000;
export const MAX_WAIT_MS = 300_000;

export const apiArgs = z
  .array(z.unknown())
  .max(8)
  .describe('Arguments as the course would pass them, e.g. ["cmi.location"].');
