/** The ECMAScript API objects a SCO finds (SCORM 2004 `API_1484_11`, SCORM 1.2 `API`). */
export interface Api2004 {
  readonly version: string;
  Initialize(parameter?: unknown): string;
  Terminate(parameter?: unknown): string;
  GetValue(element?: unknown): string;
  SetValue(element?: unknown, value?: unknown): string;
  Commit(parameter?: unknown): string;
  GetLastError(): string;
  GetErrorString(code?: unknown): string;
  GetDiagnostic(code?: unknown): string;
}

export interface Api12 {
  LMSInitialize(parameter?: unknown): string;
  LMSFinish(parameter?: unknown): string;
  LMSGetValue(element?: unknown): string;
  LMSSetValue(element?: unknown, value?: unknown): string;
  LMSCommit(parameter?: unknown): string;
  LMSGetLastError(): string;
  LMSGetErrorString(code?: unknown): string;
  LMSGetDiagnostic(code?: unknown): string;
}

export type LifeState = 'not-initialized' | 'running' | 'terminated';
