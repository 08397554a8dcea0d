import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  cmdline: string;
}

/** Every process on the machine (Linux /proc), with its parent and command line. */
function allProcesses(): ProcessInfo[] {
  const out: ProcessInfo[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Field 4 (ppid) follows the parenthesised command name, which may itself contain spaces.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ');
      out.push({ pid: Number(name), ppid, cmdline });
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

/** Processes whose parent is `pid`. */
export function childrenOf(pid: number): ProcessInfo[] {
  return allProcesses().filter((p) => p.ppid === pid);
}

/** Every process below `pid` (children, their children, ...). */
export function descendantsOf(pid: number): ProcessInfo[] {
  const all = allProcesses();
  const found: ProcessInfo[] = [];
  const parents = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all) {
      if (parents.has(p.ppid) && !parents.has(p.pid)) {
        parents.add(p.pid);
        found.push(p);
        grew = true;
      }
    }
  }
  return found;
}
