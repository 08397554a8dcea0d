/**
 * The SCORM wrappers from npm that generated courses talk through, each behind the same small
 * `lms` object the course program uses. Each is imported the way a course's own bundle imports it.
 */

export type WrapperName = 'pipwerks' | 'gamestdio' | 'saw';

/** Which SCORM versions each wrapper speaks (saw is SCORM 1.2 only). */
export const WRAPPER_VERSIONS: Record<WrapperName, ReadonlyArray<'1.2' | '2004'>> = {
  pipwerks: ['1.2', '2004'],
  gamestdio: ['1.2', '2004'],
  saw: ['1.2'],
};

/** The npm package behind each wrapper, for reports. */
export const WRAPPER_PACKAGES: Record<WrapperName, string> = {
  pipwerks: 'pipwerks-scorm-api-wrapper',
  gamestdio: '@gamestdio/scorm',
  saw: 'scorm-api-wrapper',
};

/** Module source defining `lms` over the wrapper; `api` is '1.2' or '2004'. */
export function wrapperAdapter(wrapper: WrapperName, api: '1.2' | '2004'): string {
  switch (wrapper) {
    case 'pipwerks':
      return `import { SCORM } from 'pipwerks-scorm-api-wrapper';
SCORM.version = ${JSON.stringify(api)};
const lms = {
  start: () => SCORM.init(),
  get: (element) => SCORM.get(element),
  set: (element, value) => SCORM.set(element, value),
  commit: () => SCORM.save(),
  finish: () => SCORM.quit(),
};`;
    case 'gamestdio':
      return `import { scorm } from '@gamestdio/scorm';
scorm.configure({ version: ${JSON.stringify(api)}, debug: false });
const lms = {
  start: () => scorm.initialize(),
  get: (element) => scorm.get(element),
  set: (element, value) => scorm.set(element, value),
  commit: () => scorm.commit(),
  finish: () => scorm.terminate(),
};`;
    case 'saw':
      if (api !== '1.2') throw new Error('scorm-api-wrapper speaks SCORM 1.2 only');
      // saw throws when the LMS answers "false"; a real course lets that surface as a page error.
      return `import saw from 'scorm-api-wrapper';
const lms = {
  start: () => { saw.initialize(); return true; },
  get: (element) => saw.getScormValue(element),
  set: (element, value) => { saw.setScormValue(element, value); return true; },
  commit: () => { saw.commit(); return true; },
  finish: () => { saw.finish(); return true; },
};`;
  }
}
