import { mkdir, realpath } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { writeFileAtomic } from './atomic-write.js';

export type ArtifactType = 'screenshot' | 'report' | 'trace' | 'data_model' | 'log';

export interface Artifact {
  type: ArtifactType;
  /** Relative to the session workspace (posix). */
  path: string;
  created_at: number;
  metadata?: Record<string, unknown>;
}

/** The files a session produced, listed in <workspace>/artifacts.json (rewritten atomically on each change). */
export class ArtifactStore {
  private readonly list: Artifact[] = [];
  private counter = 0;

  constructor(
    readonly workspace: string,
    /** Called after each file is listed (artifacts.json already rewritten). */
    private readonly onAdded: (artifact: Artifact, absolutePath: string) => void = () => undefined,
  ) {}

  get manifestPath(): string {
    return join(this.workspace, 'artifacts.json');
  }

  get count(): number {
    return this.list.length;
  }

  all(): readonly Artifact[] {
    return this.list;
  }

  async init(sessionId: string): Promise<void> {
    await mkdir(this.workspace, { recursive: true, mode: 0o700 });
    this.sessionId = sessionId;
    await this.flush();
  }

  private sessionId = '';

  /** Writes `data` to a new file named after `stem` and records it. Returns the absolute path and the record. */
  async add(
    type: ArtifactType,
    stem: string,
    ext: string,
    data: Buffer | string,
    metadata?: Record<string, unknown>,
    /** A cancelled call leaves no file and no record. */
    signal?: AbortSignal,
  ): Promise<{ absolutePath: string; artifact: Artifact }> {
    const dir = join(this.workspace, `${type}s`);
    await mkdir(dir, { recursive: true });
    const name = `${String(++this.counter).padStart(3, '0')}-${stem.replace(/[^\w.-]+/g, '_')}.${ext}`;
    const absolutePath = join(dir, name);
    await writeFileAtomic(absolutePath, data, { mode: 0o644, signal });
    return { absolutePath, artifact: await this.record(type, absolutePath, metadata) };
  }

  /**
   * Lists a file already written inside the workspace (e.g. at a path the caller chose). A file listed
   * before is listed once, with the newer record.
   */
  async record(
    type: ArtifactType,
    absolutePath: string,
    metadata?: Record<string, unknown>,
  ): Promise<Artifact> {
    let rel = relative(this.workspace, absolutePath);
    // A path resolved through links (as the write policy gives) is relative to the workspace's real path.
    if (rel.startsWith('..')) rel = relative(await realpath(this.workspace), absolutePath);
    const path = rel.split('\\').join('/');
    const artifact: Artifact = { type, path, created_at: Date.now(), ...(metadata ? { metadata } : {}) };
    const previous = this.list.findIndex((a) => a.path === path);
    if (previous >= 0) this.list.splice(previous, 1);
    this.list.push(artifact);
    await this.flush();
    this.onAdded(artifact, join(this.workspace, ...path.split('/')));
    return artifact;
  }

  private async flush(): Promise<void> {
    await writeFileAtomic(
      this.manifestPath,
      JSON.stringify({ session_id: this.sessionId, artifacts: this.list }, null, 2) + '\n',
    );
  }
}
