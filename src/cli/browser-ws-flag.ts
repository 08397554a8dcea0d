/** `--browser-ws <url>` (repeatable, or comma-separated): the remote browsers `run` and `batch` use. */
import { isScormTesterError } from '../core/errors.js';
import { parseBrowserEndpoints, useRemoteBrowsers } from '../runtime/browser-endpoint.js';
import { CliUsageError } from './exit.js';

export const BROWSER_WS_FLAG = { 'browser-ws': { type: 'string', multiple: true } } as const;

/** Sets the process's remote browsers from the flag's values; a value that is not ws:// or wss:// is a usage error. */
export function useBrowserWsFlag(values: readonly string[] | undefined): void {
  if (!values || values.length === 0) return;
  try {
    useRemoteBrowsers(parseBrowserEndpoints(values, '--browser-ws'));
  } catch (err) {
    if (isScormTesterError(err)) throw new CliUsageError(err.message);
    throw err;
  }
}
