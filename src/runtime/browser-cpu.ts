/**
 * Whether a browser's processes (browser, GPU, renderers, utilities) are at work, over a short sample.
 *
 * The processes come from Chromium's own SystemInfo.getProcessInfo (the browser process answers it even
 * while a renderer or the GPU process is busy), with their cumulative CPU seconds. CPU seconds alone
 * cannot tell busy from idle on a loaded machine: a process spinning for ever gets only its share of
 * the cores. So on Linux each process's threads are also read from /proc several times: a thread found
 * runnable ('R', running or waiting for a core) in most of the reads is working, whatever the load.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';

export interface BrowserCpu {
  /** CPU seconds per second over the sample, all processes together (1 = one core busy). */
  cores: number;
  /** The same by process type (browser, GPU, renderer, utility). */
  byType: Record<string, number>;
  /**
   * The largest share of /proc reads in which one process had a runnable thread (0..1), with its type;
   * null where /proc cannot be read.
   */
  runnable: { share: number; type: string } | null;
}

interface ProcessInfo {
  type: string;
  id: number;
  cpuTime: number;
}

const READ_EVERY_MS = 50;

export async function sampleBrowserCpu(browser: Browser, sampleMs: number): Promise<BrowserCpu> {
  const session = await browser.newBrowserCDPSession();
  try {
    const read = async (): Promise<Map<number, ProcessInfo>> => {
      const info = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: ProcessInfo[] };
      return new Map(info.processInfo.map((p) => [p.id, p]));
    };
    const before = await read();
    const started = Date.now();
    const runnableReads = new Map<number, number>();
    let reads = 0;
    let procReadable = true;
    while (Date.now() - started < sampleMs) {
      await new Promise((resolve) => setTimeout(resolve, READ_EVERY_MS).unref());
      if (!procReadable) continue;
      reads += 1;
      for (const id of before.keys()) {
        const state = hasRunnableThread(id);
        if (state === null) continue;
        if (state === undefined) procReadable = false;
        else if (state) runnableReads.set(id, (runnableReads.get(id) ?? 0) + 1);
      }
    }
    const after = await read();
    const seconds = Math.max(1, Date.now() - started) / 1000;
    const byType: Record<string, number> = {};
    let total = 0;
    for (const [id, p] of after) {
      // A process that started during the sample counts from zero.
      const used = Math.max(0, p.cpuTime - (before.get(id)?.cpuTime ?? 0)) / seconds;
      byType[p.type] = (byType[p.type] ?? 0) + used;
      total += used;
    }
    let runnable: BrowserCpu['runnable'] = null;
    if (procReadable && reads > 0) {
      runnable = { share: 0, type: 'none' };
      for (const [id, count] of runnableReads) {
        if (count / reads > runnable.share) runnable = { share: count / reads, type: before.get(id)!.type };
      }
    }
    return { cores: total, byType, runnable };
  } finally {
    await session.detach().catch(() => undefined);
  }
}

/** True when a thread of `pid` is runnable now; null when the process is gone; undefined without /proc. */
function hasRunnableThread(pid: number): boolean | null | undefined {
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' && readableProc() ? null : undefined;
  }
  for (const tid of threads) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      // The state follows the parenthesised thread name, which may itself hold spaces or parentheses.
      if (stat.charAt(stat.lastIndexOf(')') + 2) === 'R') return true;
    } catch {
      // The thread ended while we looked.
    }
  }
  return false;
}

function readableProc(): boolean {
  try {
    readFileSync('/proc/self/stat');
    return true;
  } catch {
    return false;
  }
}
