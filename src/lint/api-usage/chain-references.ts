import type { LaunchChain } from '../launch-chain/chain.js';
import type { PageFileText } from './chain-wrappers.js';
import { referencedNames } from './referenced-names.js';
import type { Referenced } from './uncalled-functions.js';

/**
 * For a file, whether code that can call into it refers to a name: the files of the launch chains that
 * load it (their scripts and handlers), or every file the lint was given when no chain loads it or a
 * chain that does was not walked to its end. Only a finding made inside a named function asks, for a
 * few names, so a name is looked for, not every name of every file gathered: a unit's text is scanned
 * (referencedNames) only when it holds the name at all, which every name the scan finds in it does. On
 * an H5P export, whose chain is not walked to its end, that is a handful of units instead of 4.4 MB.
 */
export function chainReferences(
  chains: readonly LaunchChain[],
  allFiles: readonly string[],
  read: (file: string) => PageFileText | undefined,
): (file: string) => Referenced {
  const unitsByFile = new Map<string, ScannedUnit[]>();
  const unitsOf = (file: string): ScannedUnit[] => {
    let units = unitsByFile.get(file);
    if (!units) {
      units = (read(file)?.units() ?? []).map((unit) => ({ code: unit.code, names: undefined }));
      unitsByFile.set(file, units);
    }
    return units;
  };
  const refersTo = (file: string, name: string): boolean =>
    unitsOf(file).some((unit) => {
      if (!unit.code.includes(name)) return false;
      unit.names ??= referencedNames([unit.code]);
      return unit.names.has(name);
    });
  return (file) => {
    let files: string[] | undefined;
    return (name) => {
      files ??= filesAround(file, chains, allFiles);
      return files.some((f) => refersTo(f, name));
    };
  };
}

interface ScannedUnit {
  code: string;
  /** The names the unit refers to, once scanned. */
  names: Set<string> | undefined;
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
