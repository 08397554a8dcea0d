/** What the course printed and requested: console errors and network requests of the open runtime. */
import { z } from 'zod';

/** The course chooses how many missing files it asks for, and their names. */
export const MAX_MISSING_FILES = 50;

export const consoleCategory = z.enum(['scorm_api', 'syntax', 'runtime', 'network']);
