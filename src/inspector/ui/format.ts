/** Text for recorded values and times, as the panels show them. No DOM here. */
import { formatRecorded } from '../../runtime/data-model/call-outcome.js';
import type { RecordedValue } from '../../runtime/records.js';

/** Rows cut long values themselves (CSS ellipsis); details show them whole. */
const ROW_MAX = 500;

export function formatValue(value: RecordedValue | undefined, max = ROW_MAX): string {
  return formatRecorded(value, max);
}

export function formatArgs(args: RecordedValue[], max = ROW_MAX): string {
  return args.map((a) => formatRecorded(a, max)).join(', ');
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Local clock time with milliseconds: 14:03:27.512. */
export function formatTime(epochMs: number): string {
  const d = new Date(epochMs);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}
