import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliUsageError } from './exit.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** The option name in one of node's parseArgs messages ("Unknown option '--bogus'…"). */
function optionIn(message: string): string {
  return /'(-{1,2}[^' ]+)/.exec(message)?.[1] ?? 'an option';
}

/** node's parseArgs, with its errors turned into one-line usage errors that name the flag. */
export function parseCommandArgs<O extends Options>(command: string, args: string[], options: O) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    const flag = optionIn(e.message);
    switch (e.code) {
      case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
        throw new CliUsageError(`unknown option ${flag} for "${command}"`);
      case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
        throw new CliUsageError(
          /argument missing|ambiguous/.test(e.message) ? `${flag} needs a value` : `${flag} takes no value`,
        );
      default:
        throw new CliUsageError(e.message.split('\n')[0] ?? 'bad arguments');
    }
  }
}
