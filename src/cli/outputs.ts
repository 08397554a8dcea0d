import { checkOutput, writeOutput, type OutputRequest } from '../output/write-output.js';
import type { OutputKind } from '../output/output-kinds.js';

/**
 * A file the user named on the command line: written where their shell points (relative to the current
 * folder), under the shared write policy; a file that is not one of our outputs is replaced only with --force.
 */
export class CliOutput {
  private readonly request: OutputRequest;

  constructor(flag: string, path: string, kind: OutputKind, force: boolean) {
    this.request = { path, kind, base: process.cwd(), policy: { force }, param: flag };
  }

  /** Fails now, before any long work, when the path would be refused. */
  async check(): Promise<this> {
    await checkOutput(this.request);
    return this;
  }

  async write(data: string | Buffer): Promise<string> {
    return writeOutput(this.request, data);
  }
}
