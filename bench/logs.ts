/** system_get_logs: reading the newest entries back, against re-reading and parsing app.ndjson (what it did before). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '../src/core/logger.js';
import { tempDir } from '../test/helpers/temp.js';
import { median, timeIt, type BenchRow } from './stats.js';

export async function benchLogs(): Promise<BenchRow[]> {
  const logger = new Logger({ dir: tempDir('scorm-tester-bench-logs-') });
  for (let i = 0; i < 20_000; i++) {
    logger.info('MCP_TOOLS_CALL', { id: i, method: 'tools/call', tool: 'scorm_api_call', args: { i } });
  }
  const file = join(logger.dir, 'app.ndjson');
  const bytes = readFileSync(file).length;
  const reread = await timeIt(31, () =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as unknown)
      .slice(-200),
  );
  const tail = await timeIt(31, () => logger.tail({ tail: 200 }));
  logger.close();
  const note = `20,000 entries, ${(bytes / 1024 / 1024).toFixed(1)} MB app.ndjson, tail 200`;
  return [
    { name: 'logs: re-read + parse the file (before)', median_ms: median(reread), runs: reread.length, note },
    {
      name: 'logs: tail from memory (system_get_logs)',
      median_ms: median(tail),
      runs: tail.length,
      note,
    },
  ];
}
