/**
 * `--resume <state-file>`: the results so far, by content hash. Rewritten after each package through a
 * temporary file and a rename, so a batch killed at any moment leaves either the old or the new state,
 * never a torn one.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import type { PackageResult } from './report.js';

interface StateFile {
  kind: 'scorm-tester-batch-state';
  results: Record<string, PackageResult>;
}

export class ResumeState {
  private writing: Promise<void> = Promise.resolve();
  private counter = 0;

  private constructor(
    private readonly file: string,
    private readonly results: Map<string, PackageResult>,
  ) {}

  /** The state in `file`, or an empty one when it does not exist yet. A file of another kind is refused. */
  static async load(file: string): Promise<ResumeState> {
    const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (text === null) return new ResumeState(file, new Map());
    const parsed = JSON.parse(text) as Partial<StateFile>;
    if (parsed.kind !== 'scorm-tester-batch-state' || typeof parsed.results !== 'object')
      throw new Error(`${file} is not a scorm-tester batch state file`);
    return new ResumeState(file, new Map(Object.entries(parsed.results ?? {})));
  }

  get size(): number {
    return this.results.size;
  }

  resultFor(hash: string): PackageResult | undefined {
    return this.results.get(hash);
  }

  /** Records a result and rewrites the file (writes are queued, each one whole). */
  record(result: PackageResult): Promise<void> {
    this.results.set(result.content_hash, result);
    const snapshot: StateFile = {
      kind: 'scorm-tester-batch-state',
      results: Object.fromEntries(this.results),
    };
    this.writing = this.writing.then(async () => {
      const tmp = `${this.file}.${process.pid}.${++this.counter}.tmp`;
      await writeFile(tmp, JSON.stringify(snapshot));
      await rename(tmp, this.file);
    });
    return this.writing;
  }
}
