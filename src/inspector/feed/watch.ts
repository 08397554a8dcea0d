/**
 * auto_validate: watches a course workspace (chokidar) and reports its changes, debounced, so a save
 * that touches many files (an authoring tool's publish) gives one re-validation.
 */
import { stat } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { watch } from 'chokidar';

export const DEBOUNCE_MS = 300;
/** How long start-up may take before watching is given up (a huge tree on a slow disk). */
const READY_TIMEOUT_MS = 10_000;
const IGNORED = /(^|[/\\])(\.git|\.svn|\.hg|node_modules)([/\\]|$)/;

export interface WorkspaceWatch {
  /** The folder or file watched. */
  target: string;
  close(): Promise<void>;
}

/**
 * Watches the package at `packagePath` (a folder, its imsmanifest.xml, or a zip) and calls `onChange`
 * with the changed paths once no change came for `debounceMs`. Resolves once the initial scan is done.
 */
export async function watchWorkspace(
  packagePath: string,
  onChange: (changed: string[]) => void,
  debounceMs = DEBOUNCE_MS,
): Promise<WorkspaceWatch> {
  const target = await watchTarget(packagePath);
  const watcher = watch(target, { ignoreInitial: true, ignored: (path) => IGNORED.test(path) });
  let changed = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  watcher.on('all', (_event, path) => {
    changed.add(path);
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      const paths = [...changed];
      changed = new Set();
      onChange(paths);
    }, debounceMs);
  });
  // A watcher error (a folder removed under it, too many files) must not take the process down.
  watcher.on('error', () => undefined);
  await new Promise<void>((resolveReady) => {
    const giveUp = setTimeout(resolveReady, READY_TIMEOUT_MS);
    watcher.once('ready', () => {
      clearTimeout(giveUp);
      resolveReady();
    });
  });
  return {
    target,
    close: async () => {
      if (timer) clearTimeout(timer);
      await watcher.close();
    },
  };
}

/** A manifest file is watched through its folder (the package's other files matter as much). */
async function watchTarget(packagePath: string): Promise<string> {
  const absolute = resolve(packagePath);
  const info = await stat(absolute);
  if (info.isFile() && basename(absolute).toLowerCase() === 'imsmanifest.xml') return dirname(absolute);
  return absolute;
}
