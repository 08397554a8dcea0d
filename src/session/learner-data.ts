/**
 * Which elements of a saved data model hold learner data: what the SCO can write during an attempt
 * (RTE book, the SCO-writable elements), with a value other than the one an ab-initio launch starts
 * with. Launch-owned elements, the exit and the session time are never learner data: they say how the
 * attempt ended, not what the learner did.
 */
import type { ScormVersion } from './saved-state.js';

/** An element whose value means nothing was recorded. */
type Unset = (value: string) => boolean;

const empty: Unset = (v) => v === '';
const unknownOrEmpty: Unset = (v) => v === '' || v === 'unknown';
const notAttempted: Unset = (v) => v === '' || v === 'not attempted';
const zeroCount: Unset = (v) => v === '' || v === '0';

/** Exact elements and the value each starts with. */
const SCALARS: Record<ScormVersion, Record<string, Unset>> = {
  '2004': {
    'cmi.location': empty,
    'cmi.suspend_data': empty,
    'cmi.completion_status': unknownOrEmpty,
    'cmi.success_status': unknownOrEmpty,
    'cmi.progress_measure': empty,
    'cmi.score.scaled': empty,
    'cmi.score.raw': empty,
    'cmi.score.min': empty,
    'cmi.score.max': empty,
    'cmi.interactions._count': zeroCount,
    'cmi.comments_from_learner._count': zeroCount,
  },
  '1.2': {
    'cmi.core.lesson_location': empty,
    'cmi.suspend_data': empty,
    'cmi.core.lesson_status': notAttempted,
    'cmi.core.score.raw': empty,
    'cmi.core.score.min': empty,
    'cmi.core.score.max': empty,
    'cmi.comments': empty,
    'cmi.interactions._count': zeroCount,
  },
};

/**
 * Objectives the LMS lists at launch (from the manifest) start unknown / not attempted with no score;
 * a status, score or measure the SCO set is learner data.
 */
const OBJECTIVE_FIELDS: Record<ScormVersion, Record<string, Unset>> = {
  '2004': {
    success_status: unknownOrEmpty,
    completion_status: unknownOrEmpty,
    progress_measure: empty,
    description: empty,
    'score.scaled': empty,
    'score.raw': empty,
    'score.min': empty,
    'score.max': empty,
  },
  '1.2': {
    status: notAttempted,
    'score.raw': empty,
    'score.min': empty,
    'score.max': empty,
  },
};

const OBJECTIVE = /^cmi\.objectives\.\d+\.(.+)$/;

/** The elements of `data` that hold learner data, in the order they appear. */
export function learnerDataElements(data: Record<string, string>, version: ScormVersion): string[] {
  const scalars = SCALARS[version];
  const objectiveFields = OBJECTIVE_FIELDS[version];
  const held: string[] = [];
  for (const [element, value] of Object.entries(data)) {
    const field = OBJECTIVE.exec(element)?.[1] ?? '';
    const unset = Object.hasOwn(scalars, element)
      ? scalars[element]
      : Object.hasOwn(objectiveFields, field)
        ? objectiveFields[field]
        : undefined;
    if (unset && !unset(value)) held.push(element);
  }
  return held;
}
