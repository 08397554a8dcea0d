/**
 * scorm-again's SCORM 1.2 engine, typed by what we use. Its ESM file exports the class by name while
 * its type declarations describe a default export (and miss the base class members), so the value is
 * taken from the module namespace and given this small interface.
 */
import * as module12 from 'scorm-again/scorm12';
import type { EngineSettings } from '../adapter/rte-init.js';

interface EngineBase {
  loadFromFlattenedJSON(json: Record<string, string>): void;
  readonly lastErrorCode: string;
  renderCMIToJSONObject(): Record<string, unknown>;
  getCMIValue(element: string): unknown;
  cmi: { core?: { getCurrentTotalTime?: () => string; _total_time?: string; total_time?: unknown } };
}

export interface Engine12 extends EngineBase {
  LMSInitialize(parameter: string): string;
  LMSFinish(parameter: string): string;
  LMSCommit(parameter: string): string;
  LMSGetValue(element: string): string;
  LMSSetValue(element: string, value: string): string;
  LMSGetDiagnostic(code: string): string;
}

type Ctor<T> = new (settings: EngineSettings) => T;

export function createEngine12(settings: EngineSettings): Engine12 {
  const Class = (module12 as unknown as { Scorm12API: Ctor<Engine12> }).Scorm12API;
  return new Class({ ...settings });
}

const COLLECTION_12 =
  /^cmi\.(objectives|interactions)$|^cmi\.interactions\.\d+\.(objectives|correct_responses)$/;

/** Every element the 1.2 engine holds (collections expanded, `_count` included), with a null prototype. */
export function engine12Values(engine: Engine12): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  let json: Record<string, unknown>;
  try {
    json = engine.renderCMIToJSONObject();
  } catch {
    json = {};
  }
  flatten(json, '', out);
  try {
    out['cmi.core.total_time'] = String(engine.cmi.core?.total_time);
  } catch {
    // an engine without it
  }
  return out;
}

function flatten(obj: Record<string, unknown>, prefix: string, out: Record<string, string>): void {
  const keys = Object.keys(obj);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    const v = obj[k];
    const path = prefix ? prefix + '.' + k : k;
    if (v !== null && typeof v === 'object') {
      if (COLLECTION_12.test(path)) out[path + '._count'] = String(Object.keys(v).length);
      flatten(v as Record<string, unknown>, path, out);
    } else if (v !== undefined) {
      out[path] = v === null ? '' : String(v);
    }
  }
}

/** At LMSFinish the LMS adds the session to the total; scorm-again does this itself only for 2004. */
export function accumulateTotalTime12(engine: Engine12): void {
  try {
    const core = engine.cmi.core;
    if (core && typeof core.getCurrentTotalTime === 'function' && '_total_time' in core) {
      core._total_time = core.getCurrentTotalTime();
    }
  } catch {
    // leave the engine's value
  }
}
