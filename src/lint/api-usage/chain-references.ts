import type { LaunchChain } from '../launch-chain/chain.js';
import type { PageFileText } from './chain-wrappers.js';
import { referencedNames } from './referenced-names.js';
import type { Referenced } from './uncalled-functions.js';

/**
 * For a file, whether code that can call into it refers to a name: the files of the launch chains that
 * load it (their scripts and handlers), or every file the lint was given when no chain loads it or a
 * chain that does was not walked to its end. Files are read and scanned only when first asked about,
 * which is only for a finding made inside a named function: most packages never pay for it.
 */
export function chainReferences(
  chains: readonly LaunchChain[],
  allFiles: readonly string[],
  read: (file: string) => PageFileText | undefined,
): (file: string) => Referenced {
  const byFiles = new Map<string, Set<string>>();
  const namesOf = (files: readonly string[]): Set<string> => {
    const key = files.join('\u0000');
    let names = byFiles.get(key);
    if (!names) {
      names = referencedNames(codesOf(files, read));
      byFiles.set(key, names);
    }
    return names;
  };
  return (file) => {
    let names: Set<string> | undefined;
    return (name) => {
      names ??= namesOf(filesAround(file, chains, allFiles));
      return names.has(name);
    };
  };
}

function filesAround(file: string, chains: readonly LaunchChain[], allFiles: readonly string[]): string[] {
  const files = new Set<string>([file]);
  let loaded = false;
  let incomplete = false;
  for (const chain of chains) {
    if (!chain.files.some((f) => f.file === file)) continue;
    loaded = true;
    incomplete ||= chain.truncated !== null || chain.notFollowed.length > 0;
    for (const f of chain.files) files.add(f.file);
  }
  if (!loaded || incomplete) for (const f of allFiles) files.add(f);
  return [...files].sort();
}

function* codesOf(
  files: readonly string[],
  read: (file: string) => PageFileText | undefined,
): Generator<string> {
  for (const file of files) for (const unit of read(file)?.units() ?? []) yield unit.code;
}
