/**
 * A course that floods its data-model history (issue 22): it sets cmi.suspend_data to FLOOD.values
 * different values of FLOOD.length characters each, in bursts, then sets cmi.location to "flooded".
 * Value i starts with "<i>:" so a preview tells the values apart.
 */
import { singleScoPackage } from './single-sco.js';

export const FLOOD = { values: 600, length: 64_000 } as const;

/** The value the course sets the i-th time, as the page builds it. */
export function floodValue(i: number): string {
  const head = `${i}:`;
  return head + 'Q'.repeat(FLOOD.length - head.length);
}

export function historyFloodingCourse(): string {
  return singleScoPackage({
    version: '2004',
    script: `api.Initialize('');
var i = 0;
function value(n) { var head = n + ':'; return head + new Array(${FLOOD.length} - head.length + 1).join('Q'); }
function burst() {
  for (var k = 0; k < 50 && i < ${FLOOD.values}; k++, i++) api.SetValue('cmi.suspend_data', value(i));
  if (i < ${FLOOD.values}) setTimeout(burst, 0);
  else { api.SetValue('cmi.location', 'flooded'); api.Commit(''); }
}
burst();`,
  });
}
