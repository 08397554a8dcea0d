import type { ScormVersion } from '../../rte/datamodel/index.js';

export type CanonicalMethod =
  | 'Initialize'
  | 'Terminate'
  | 'GetValue'
  | 'SetValue'
  | 'Commit'
  | 'GetLastError'
  | 'GetErrorString'
  | 'GetDiagnostic';

interface MethodInfo {
  family: ScormVersion;
  canonical: CanonicalMethod;
}

const METHODS = new Map<string, MethodInfo>([
  ['LMSInitialize', { family: '1.2', canonical: 'Initialize' }],
  ['LMSFinish', { family: '1.2', canonical: 'Terminate' }],
  ['LMSGetValue', { family: '1.2', canonical: 'GetValue' }],
  ['LMSSetValue', { family: '1.2', canonical: 'SetValue' }],
  ['LMSCommit', { family: '1.2', canonical: 'Commit' }],
  ['LMSGetLastError', { family: '1.2', canonical: 'GetLastError' }],
  ['LMSGetErrorString', { family: '1.2', canonical: 'GetErrorString' }],
  ['LMSGetDiagnostic', { family: '1.2', canonical: 'GetDiagnostic' }],
  ['Initialize', { family: '2004', canonical: 'Initialize' }],
  ['Terminate', { family: '2004', canonical: 'Terminate' }],
  ['GetValue', { family: '2004', canonical: 'GetValue' }],
  ['SetValue', { family: '2004', canonical: 'SetValue' }],
  ['Commit', { family: '2004', canonical: 'Commit' }],
  ['GetLastError', { family: '2004', canonical: 'GetLastError' }],
  ['GetErrorString', { family: '2004', canonical: 'GetErrorString' }],
  ['GetDiagnostic', { family: '2004', canonical: 'GetDiagnostic' }],
]);

/** Every method name of both versions, e.g. `LMSInitialize`, `Initialize`. */
export const API_METHOD_NAMES: readonly string[] = [...METHODS.keys()];

export function methodInfo(name: string): MethodInfo | undefined {
  return METHODS.get(name);
}

/** The method's name in the given version, e.g. ('Terminate', '1.2') -> 'LMSFinish'. */
export function methodName(canonical: CanonicalMethod, version: ScormVersion): string {
  if (version === '2004') return canonical;
  return canonical === 'Terminate' ? 'LMSFinish' : `LMS${canonical}`;
}

/** How content usually reaches the API object of a version, for fix messages. */
export function apiObject(version: ScormVersion): string {
  return version === '2004' ? 'API_1484_11' : 'API';
}

export function qualified(canonical: CanonicalMethod, version: ScormVersion): string {
  return `${apiObject(version)}.${methodName(canonical, version)}`;
}

/** Receivers such as `API`, `api`, `win.API_1484_11`, `getAPI()`, `this.scormApi`. */
export function looksLikeApi(receiver: string | undefined): boolean {
  return receiver !== undefined && /api/i.test(receiver);
}
