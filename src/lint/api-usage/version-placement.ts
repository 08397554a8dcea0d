/**
 * Which SCORM version's branch each API call of a file is on. Runtimes that support both versions
 * (authoring tools' drivers, ADL's templates) keep both generations' calls in one file and choose
 * between them at run time: a call on the other version's branch never runs under this package's
 * version, so it must not be judged as if it did.
 *
 * A call is placed by the innermost branch that tells: an arm whose condition selects a version, or an
 * `if`/`else` whose arms are the two versions' code (one arm names only elements of one version, the
 * other only elements of the other, e.g. `cmi.core.session_time` / `cmi.session_time`).
 */
import { lookupElement, type ScormVersion } from '../../rte/datamodel/index.js';
import type { ApiCall, FileFacts } from './collect-facts.js';
import { elementName } from './resolve-literal.js';
import type { Arm } from './version-branch.js';

export interface Placement {
  version: ScormVersion;
  /** Offset (in the call's unit) of the condition that places it. */
  at: number;
}

interface Tally {
  own: number;
  foreign: number;
}

/** Elements named only by the package's version (own) and only by the other one (foreign), per arm. */
function tallyArms(facts: FileFacts, packageVersion: ScormVersion): Map<Arm, Tally> {
  const foreignVersion: ScormVersion = packageVersion === '1.2' ? '2004' : '1.2';
  const tallies = new Map<Arm, Tally>();
  for (const call of facts.calls) {
    if (!call.branch || (call.canonical !== 'GetValue' && call.canonical !== 'SetValue')) continue;
    const { name } = elementName(call.args[0], facts.constants);
    if (name === undefined) continue;
    const own = lookupElement(packageVersion, name) !== undefined;
    const foreign = lookupElement(foreignVersion, name) !== undefined;
    if (own === foreign) continue;
    for (let arm: Arm | undefined = call.branch; arm; arm = arm.parent) {
      let tally = tallies.get(arm);
      if (!tally) tallies.set(arm, (tally = { own: 0, foreign: 0 }));
      if (own) tally.own++;
      else tally.foreign++;
    }
  }
  return tallies;
}

/** The version an arm of a two-armed `if` stands for, from what it and its sibling name. */
function splitVersion(
  arm: Arm,
  tallies: Map<Arm, Tally>,
  packageVersion: ScormVersion,
): ScormVersion | undefined {
  const arms = arm.split.arms;
  if (arms.length !== 2) return undefined;
  const mine = tallies.get(arm);
  const theirs = tallies.get(arms[0] === arm ? (arms[1] as Arm) : (arms[0] as Arm));
  if (!mine || !theirs) return undefined;
  if (mine.foreign > 0 && mine.own === 0 && theirs.own > 0 && theirs.foreign === 0) {
    return packageVersion === '1.2' ? '2004' : '1.2';
  }
  if (mine.own > 0 && mine.foreign === 0 && theirs.foreign > 0 && theirs.own === 0) return packageVersion;
  return undefined;
}

/**
 * Only the other version's API is looked up and called: a course written for that version, declared
 * wrongly, whose `if (win.API)` is just its own API search, not a branch of a runtime supporting both.
 */
function writtenForOtherVersion(facts: FileFacts, packageVersion: ScormVersion): boolean {
  const [own, foreign] =
    packageVersion === '2004'
      ? [facts.mentions2004Api, facts.mentions12Api]
      : [facts.mentions12Api, facts.mentions2004Api];
  return foreign && !own && facts.calls.every((c) => c.family !== packageVersion);
}

/** The calls of a file that sit on a recognised version branch, with that version. */
export function placeCalls(facts: FileFacts, packageVersion: ScormVersion): Map<ApiCall, Placement> {
  const placed = new Map<ApiCall, Placement>();
  if (!facts.calls.some((c) => c.branch) || writtenForOtherVersion(facts, packageVersion)) return placed;
  const tallies = tallyArms(facts, packageVersion);
  for (const call of facts.calls) {
    for (let arm: Arm | undefined = call.branch; arm; arm = arm.parent) {
      const version = arm.version ?? splitVersion(arm, tallies, packageVersion);
      if (version) {
        placed.set(call, { version, at: arm.at });
        break;
      }
    }
  }
  return placed;
}

/** The condition nearest to the call, whatever it selects (for saying where an unplaced call sits). */
export function innermostCondition(call: ApiCall): number | undefined {
  return call.branch?.at;
}
