/** Text for recorded values and times, as the panels show them. No DOM here. */
import type { RecordedValue } from '../../runtime/records.js';

export function formatValue(value: RecordedValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null || typeof value !== 'object') return String(value);
  switch (value.$type) {
    case 'undefined':
      return 'undefined';
    case 'number':
    case 'bigint':
    case 'symbol':
      return value.value;
    case 'function':
      return `function ${value.name}`;
    case 'string':
      return `${JSON.stringify(value.head)}… (${value.length} characters)`;
    case 'object':
    case 'array':
      return value.json ?? value.string ?? `[${value.className ?? value.$type}]`;
  }
}

export function formatArgs(args: RecordedValue[]): string {
  return args.map(formatValue).join(', ');
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Local clock time with milliseconds: 14:03:27.512. */
export function formatTime(epochMs: number): string {
  const d = new Date(epochMs);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}
