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
