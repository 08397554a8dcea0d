import { mkdir, writeFile } from 'node:fs/promises';
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

  constructor(readonly workspace: string) {}

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
  ): Promise<{ absolutePath: string; artifact: Artifact }> {
    const dir = join(this.workspace, `${type}s`);
    await mkdir(dir, { recursive: true });
    const name = `${String(++this.counter).padStart(3, '0')}-${stem.replace(/[^\w.-]+/g, '_')}.${ext}`;
    const absolutePath = join(dir, name);
    await writeFile(absolutePath, data);
    const artifact: Artifact = {
      type,
      path: relative(this.workspace, absolutePath).split('\\').join('/'),
      created_at: Date.now(),
      ...(metadata ? { metadata } : {}),
    };
    this.list.push(artifact);
    await this.flush();
    return { absolutePath, artifact };
  }

  private async flush(): Promise<void> {
    await writeFileAtomic(
      this.manifestPath,
      JSON.stringify({ session_id: this.sessionId, artifacts: this.list }, null, 2) + '\n',
    );
  }
}
