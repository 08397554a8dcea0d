/**
 * Structured logger writing the three files the spec names: app.log (human), app.ndjson (every entry)
 * and errors.ndjson (error entries only). Files are cleared when the logger starts and truncated (with a
 * marker line) when one would grow past maxBytes, so a long session never fills the disk.
 * Writes are synchronous: entries keep their order and survive a crash. Nothing goes to stdout.
 */
import { closeSync, mkdirSync, openSync, readFileSync, writeSync, ftruncateSync } from 'node:fs';
import { join, resolve } from 'node:path';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

export interface LogEntry {
  ts: number;
  level: LogLevel;
  msg: string;
  [key: string]: unknown;
}

const RANK: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };
const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;

class LogFile {
  private fd: number;
  private size = 0;

  constructor(
    readonly path: string,
    private readonly maxBytes: number,
  ) {
    this.fd = openSync(path, 'w');
  }

  write(line: string, truncationMarker: () => string): void {
    const bytes = Buffer.byteLength(line);
    if (this.size + bytes > this.maxBytes) {
      ftruncateSync(this.fd, 0);
      this.size = 0;
      const marker = truncationMarker();
      this.size += writeSync(this.fd, marker, 0);
    }
    this.size += writeSync(this.fd, line, this.size);
  }

  close(): void {
    closeSync(this.fd);
  }
}

export class Logger {
  readonly dir: string;
  private level: LogLevel;
  private readonly text: LogFile;
  private readonly ndjson: LogFile;
  private readonly errors: LogFile;

  constructor(options: { dir: string; level?: LogLevel; maxBytes?: number }) {
    this.dir = resolve(options.dir);
    this.level = options.level ?? 'info';
    mkdirSync(this.dir, { recursive: true });
    const max = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.text = new LogFile(join(this.dir, 'app.log'), max);
    this.ndjson = new LogFile(join(this.dir, 'app.ndjson'), max);
    this.errors = new LogFile(join(this.dir, 'errors.ndjson'), max);
  }

  static fromEnv(env: NodeJS.ProcessEnv = process.env): Logger {
    const dir = env.SCORM_TESTER_LOG_DIR || join(process.cwd(), 'logs', 'mcp');
    const maxBytes =
      Number(env.SCORM_TESTER_MAX_LOG_BYTES) > 0 ? Number(env.SCORM_TESTER_MAX_LOG_BYTES) : undefined;
    const level = LOG_LEVELS.includes(env.SCORM_TESTER_LOG_LEVEL as LogLevel)
      ? (env.SCORM_TESTER_LOG_LEVEL as LogLevel)
      : undefined;
    return new Logger({ dir, maxBytes, level });
  }

  getLevel(): LogLevel {
    return this.level;
  }

  setLevel(level: LogLevel): void {
    this.level = level;
  }

  debug(msg: string, fields?: Record<string, unknown>): void {
    this.log('debug', msg, fields);
  }
  info(msg: string, fields?: Record<string, unknown>): void {
    this.log('info', msg, fields);
  }
  warn(msg: string, fields?: Record<string, unknown>): void {
    this.log('warn', msg, fields);
  }
  error(msg: string, fields?: Record<string, unknown>): void {
    this.log('error', msg, fields);
  }

  log(level: LogLevel, msg: string, fields?: Record<string, unknown>): void {
    if (RANK[level] < RANK[this.level]) return;
    const entry: LogEntry = { ts: Date.now(), level, msg, ...fields };
    const json = safeJson(entry) + '\n';
    const marker = (): string => safeJson({ ts: Date.now(), level: 'warn', msg: 'LOG_TRUNCATED' }) + '\n';
    this.ndjson.write(json, marker);
    if (level === 'error') this.errors.write(json, marker);
    const extra = fields && Object.keys(fields).length > 0 ? ' ' + safeJson(fields) : '';
    this.text.write(
      `${new Date(entry.ts).toISOString()} ${level.toUpperCase().padEnd(5)} ${msg}${extra}\n`,
      () => `${new Date().toISOString()} WARN  LOG_TRUNCATED\n`,
    );
  }

  /** Recent entries from app.ndjson, oldest first. */
  tail(options: { tail?: number; levels?: LogLevel[]; sinceTs?: number } = {}): LogEntry[] {
    const lines = readFileSync(this.ndjson.path, 'utf8').split('\n');
    const out: LogEntry[] = [];
    for (const line of lines) {
      if (!line) continue;
      let entry: LogEntry;
      try {
        entry = JSON.parse(line) as LogEntry;
      } catch {
        continue;
      }
      if (options.levels && !options.levels.includes(entry.level)) continue;
      if (options.sinceTs !== undefined && entry.ts < options.sinceTs) continue;
      out.push(entry);
    }
    return options.tail !== undefined ? out.slice(-options.tail) : out;
  }

  close(): void {
    this.text.close();
    this.ndjson.close();
    this.errors.close();
  }
}

function safeJson(value: unknown): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'bigint') return v.toString();
    if (v instanceof Error) return { name: v.name, message: v.message, stack: v.stack };
    if (typeof v === 'string' && v.length > 4000) return `${v.slice(0, 4000)}…(${v.length} chars)`;
    if (typeof v === 'object' && v !== null) {
      if (seen.has(v)) return '[Circular]';
      seen.add(v);
    }
    return v;
  });
}
