export const EXIT_OK = 0;
export const EXIT_PROBLEMS = 1;
export const EXIT_CANNOT_RUN = 2;
/** Stopped by Ctrl-C (SIGINT) after printing what was done: 128 + SIGINT, as shells report it. */
export const EXIT_INTERRUPTED = 130;

/** Bad command-line usage: printed with the usage text, exit code 2. */
export class CliUsageError extends Error {}
