/**
 * Runs one script step against a SCORM 2004 API object the way ADL's driver page does (README §3.5,
 * §4.1): `&id&` markers resolved with real GetValue calls, GetLastError after every call.
 */
import type { Api2004 } from '../rte/strict/api-types.js';
import type { StepOutcome } from './evaluate/record.js';
import type { Step } from './script/types.js';

/** The index an `&id&` lookup found last; it stays in force for later steps (README §3.5). */
export interface LookupState {
  lastIndex?: number;
}

function findIndex(api: Api2004, collection: 'adl.data' | 'cmi.objectives', id: string): number {
  const count = Number.parseInt(api.GetValue(`${collection}._count`), 10);
  const n = Number.isNaN(count) ? 0 : count;
  for (let i = 0; i < n; i++) if (api.GetValue(`${collection}.${i}.id`) === id) return i;
  return -1;
}

/** Replaces an `&id&` marker by the index of that id, or says why it could not. */
function resolveMarker(
  api: Api2004,
  element: string,
  state: LookupState,
): { element: string } | { missing: string } {
  const parts = element.split('&');
  if (parts.length < 3) return { element };
  const [prefix = '', id = '', ...rest] = parts;
  const suffix = rest.join('&');
  let index = -1;
  if (prefix.includes('data')) index = findIndex(api, 'adl.data', id);
  else if (prefix.includes('objective')) index = findIndex(api, 'cmi.objectives', id);
  else index = state.lastIndex ?? -1;
  if (index < 0) return { missing: `objective with id ${id} not found` };
  state.lastIndex = index;
  return { element: `${prefix}${index}${suffix}` };
}

export function executeStep(api: Api2004, step: Step, state: LookupState): StepOutcome {
  const after = (returned: string, element?: string): StepOutcome => ({
    returned,
    error: api.GetLastError(),
    ...(element === undefined ? {} : { element }),
  });
  switch (step.method) {
    case 'I':
      return after(api.Initialize(step.arg));
    case 'C':
      return after(api.Commit(step.arg));
    case 'T':
      return after(api.Terminate(''));
    case 'GLE':
      return after(api.GetLastError());
    case 'GES':
      return after(api.GetErrorString(step.arg));
    case 'GeDi':
      return after(api.GetDiagnostic(step.arg));
    case 'COI': {
      const count = Number.parseInt(api.GetValue('cmi.objectives._count'), 10);
      const ids: string[] = [];
      for (let i = 0; i < (Number.isNaN(count) ? 0 : count); i++)
        ids.push(api.GetValue(`cmi.objectives.${i}.id`));
      return { returned: ids.join(','), error: api.GetLastError(), objectiveIds: ids };
    }
    case 'GET':
    case 'SET': {
      const resolved = resolveMarker(api, step.element, state);
      if ('missing' in resolved) return { returned: '', error: '-999', lookupFailed: resolved.missing };
      const element = resolved.element;
      return step.method === 'GET'
        ? after(api.GetValue(element), element)
        : after(api.SetValue(element, step.value), element);
    }
  }
}
