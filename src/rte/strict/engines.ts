/**
 * scorm-again's engine classes, typed by what we use. Its ESM files export the classes by name while
 * its type declarations describe a default export (and miss the base class members), so the values
 * are taken from the module namespaces and given these small interfaces.
 */
import * as module12 from 'scorm-again/scorm12';
import * as module2004 from 'scorm-again/scorm2004';
import type { EngineSettings } from '../adapter/rte-init.js';

interface EngineBase {
  loadFromFlattenedJSON(json: Record<string, string>): void;
  readonly lastErrorCode: string;
}

export interface Engine2004 extends EngineBase {
  Initialize(parameter: string): string;
  Terminate(parameter: string): string;
  Commit(parameter: string): string;
  GetValue(element: string): string;
  SetValue(element: string, value: string): string;
  GetDiagnostic(code: string): string;
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

export function createEngine2004(settings: EngineSettings): Engine2004 {
  const Class = (module2004 as unknown as { Scorm2004API: Ctor<Engine2004> }).Scorm2004API;
  return new Class({ ...settings });
}

export function createEngine12(settings: EngineSettings): Engine12 {
  const Class = (module12 as unknown as { Scorm12API: Ctor<Engine12> }).Scorm12API;
  return new Class({ ...settings });
}
