/**
 * A directory laid out like ADL's LMS conformance data (testcases/, packages/, dictionaries/,
 * sco-variants.json). Nothing here knows case ids: whatever the directory holds is what runs.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fail } from '../core/errors.js';
import { Dictionary } from './script/dictionary.js';
import { decodeScript } from './script/decode-script.js';
import type { CaseScript } from './script/types.js';
import { decodeWindows1252 } from '../manifest/read-manifest-text.js';

export interface PackageVariants {
  /** Page file names the launchable items point to, e.g. `SequencingTest.htm`. */
  scoPages: string[];
  shipsSequencingXsds: boolean;
  launchables: { item: string; title: string; act: string; page: string; scormType: string }[];
}

export interface Corpus {
  dir: string;
  commands: Dictionary;
  instructions: Dictionary;
  userInterface: Dictionary;
  /** Case ids (script file names without `.properties`), sorted. */
  caseIds: string[];
  /** Package ids (folder names without `LMSTestPackage_`), sorted. */
  packageIds: string[];
  variants: Record<string, PackageVariants>;
}

function readDictionary(dir: string, name: string): Dictionary {
  const path = join(dir, 'dictionaries', name);
  if (!existsSync(path)) {
    fail(
      'PATH_RESOLUTION_ERROR',
      `${path} is missing: --cts-dir must point at a folder laid out like ADL's conformance data (dictionaries/, testcases/, packages/).`,
    );
  }
  return Dictionary.fromText(decodeWindows1252(readFileSync(path)));
}

export function openCorpus(dir: string): Corpus {
  for (const sub of ['testcases', 'packages', 'dictionaries']) {
    if (!existsSync(join(dir, sub))) {
      fail(
        'PATH_RESOLUTION_ERROR',
        `${join(dir, sub)} does not exist: --cts-dir must point at a folder with testcases/, packages/ and dictionaries/ (like ../shared/corpus/adl-cts).`,
      );
    }
  }
  const caseIds = readdirSync(join(dir, 'testcases'))
    .filter((f) => f.endsWith('.properties'))
    .map((f) => f.slice(0, -'.properties'.length))
    .sort();
  const packageIds = readdirSync(join(dir, 'packages'))
    .filter((f) => f.startsWith('LMSTestPackage_'))
    .map((f) => f.slice('LMSTestPackage_'.length))
    .sort();
  const variantsPath = join(dir, 'sco-variants.json');
  const variants = existsSync(variantsPath)
    ? ((JSON.parse(readFileSync(variantsPath, 'utf8')) as { packages?: Record<string, PackageVariants> })
        .packages ?? {})
    : {};
  return {
    dir,
    commands: readDictionary(dir, 'Commands.properties'),
    instructions: readDictionary(dir, 'Instructions.properties'),
    userInterface: readDictionary(dir, 'UserInterface.properties'),
    caseIds,
    packageIds,
    variants,
  };
}

export function readCaseScript(corpus: Corpus, id: string): CaseScript {
  const path = join(corpus.dir, 'testcases', `${id}.properties`);
  return decodeScript(id, readFileSync(path), corpus.commands);
}

export function manifestPath(corpus: Corpus, packageId: string): string {
  return join(corpus.dir, 'packages', `LMSTestPackage_${packageId}`, 'imsmanifest.xml');
}

/** `CM-03a` -> `CM`, `DMI` -> `DMI`. */
export function familyOf(caseId: string): string {
  return caseId.split('-')[0] ?? caseId;
}
