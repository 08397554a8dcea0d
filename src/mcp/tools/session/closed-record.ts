/** What the tools that read a session's records add when the session is closed. */
import { z } from 'zod';

export const sessionClosedOutput = {
  session_closed: z
    .literal(true)
    .optional()
    .describe('The session is closed: this is what it recorded (scorm_session_close forget deletes it).'),
};

/** `{ session_closed: true }` for a closed session, nothing for an open one. */
export function closedMark(closed: boolean): { session_closed?: true } {
  return closed ? { session_closed: true } : {};
}
