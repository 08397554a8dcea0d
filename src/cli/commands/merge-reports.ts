/**
 * `scorm-tester merge-reports <json>…`: the JSON reports of `batch --shard` runs joined into one report
 * (JSON, JUnit, HTML, summary), as if one unsharded batch had run. Exit 1 when any package failed or errored.
 */
import { readFile } from 'node:fs/promises';
import { MergeError, mergeReports, parseBatchReport } from '../../app/batch/merge.js';
import { parseCommandArgs } from '../args.js';
import { CliUsageError } from '../exit.js';
import {
  BATCH_OUTPUT_OPTIONS,
  batchExitCode,
  batchOutputFlags,
  checkBatchOutputs,
  writeBatchOutputs,
} from './batch-outputs.js';

export async function mergeReportsCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs('merge-reports', args, {
    ...BATCH_OUTPUT_OPTIONS,
  });
  if (positionals.length === 0) throw new CliUsageError('merge-reports takes one or more batch JSON reports');
  const flags = batchOutputFlags(values);
  await checkBatchOutputs(flags);
  const reports = [];
  for (const source of positionals) {
    const text = await readFile(source, 'utf8').catch(() => {
      throw new CliUsageError(`cannot read ${source}`);
    });
    try {
      reports.push({ source, report: parseBatchReport(text, source) });
    } catch (error) {
      if (error instanceof MergeError) throw new CliUsageError(error.message);
      throw error;
    }
  }
  let merged;
  try {
    merged = mergeReports(reports);
  } catch (error) {
    if (error instanceof MergeError) throw new CliUsageError(error.message);
    throw error;
  }
  await writeBatchOutputs(merged, flags);
  return batchExitCode(merged);
}
