/**
 * Structured logger writing the three files the spec names: app.log (human), app.ndjson (every entry)
 * and errors.ndjson (error entries only). Files are cleared when the logger starts and truncated (with a
 * marker line) when one would grow past maxBytes, so a long session never fills the disk.
 * Writes are synchronous: entries keep their order and survive a crash. Nothing goes to stdout.
 * Reading back (`tail`) never touches the disk: the newest entries of app.ndjson are kept in memory as
 * written, and dropped with the file when it is truncated.
 */
import { closeSync, mkdirSync, openSync, writeSync, ftruncateSync } from 'node:fs';
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
/** How many of the newest entries `tail` can return. */
export const MAX_TAIL_ENTRIES = 10_000;

interface RecentEntry {
  ts: number;
  level: LogLevel;
  /** The entry as written to app.ndjson (parsed only when read back). */
  json: string;
}

/** The newest entries in the order written, at most `capacity` of them. */
export class RecentEntries<T> {
  private readonly ring: T[] = [];
  private next = 0;

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.ring.length;
  }

  push(entry: T): void {
    if (this.ring.length < this.capacity) this.ring.push(entry);
    else this.ring[this.next] = entry;
    this.next = (this.next + 1) % this.capacity;
  }

  clear(): void {
    this.ring.length = 0;
    this.next = 0;
  }

  /** Newest first. */
  *newestFirst(): Generator<T> {
    const n = this.ring.length;
    for (let i = 1; i <= n; i++) yield this.ring[(this.next - i + n) % n]!;
  }
}

class LogFile {
  private fd: number;
  private size = 0;

  constructor(
    readonly path: string,
    private readonly maxBytes: number,
  ) {
    this.fd = openSync(path, 'w');
  }

  /** Appends a line; returns the marker line written first when the file had to be truncated. */
  write(line: string, truncationMarker: () => string): string | null {
    const bytes = Buffer.byteLength(line);
    let marker: string | null = null;
    if (this.size + bytes > this.maxBytes) {
      ftruncateSync(this.fd, 0);
      this.size = 0;
      marker = truncationMarker();
      this.size += writeSync(this.fd, marker, 0);
    }
    this.size += writeSync(this.fd, line, this.size);
    return marker;
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
  private readonly recent = new RecentEntries<RecentEntry>(MAX_TAIL_ENTRIES);

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
    const markerEntry = { ts: Date.now(), level: 'warn' as const, msg: 'LOG_TRUNCATED' };
    const marker = (): string => safeJson(markerEntry) + '\n';
    if (this.ndjson.write(json, marker) !== null) {
      // app.ndjson now holds the marker and this entry only: so does what tail() reads.
      this.recent.clear();
      this.recent.push({ ts: markerEntry.ts, level: markerEntry.level, json: marker() });
    }
    this.recent.push({ ts: entry.ts, level, json });
    if (level === 'error') this.errors.write(json, marker);
    const extra = fields && Object.keys(fields).length > 0 ? ' ' + safeJson(fields) : '';
    this.text.write(
      `${new Date(entry.ts).toISOString()} ${level.toUpperCase().padEnd(5)} ${msg}${extra}\n`,
      () => `${new Date().toISOString()} WARN  LOG_TRUNCATED\n`,
    );
  }

  /** Recent entries of app.ndjson (at most MAX_TAIL_ENTRIES back), oldest first. */
  tail(options: { tail?: number; levels?: LogLevel[]; sinceTs?: number } = {}): LogEntry[] {
    const wanted = Math.min(options.tail ?? MAX_TAIL_ENTRIES, MAX_TAIL_ENTRIES);
    const picked: string[] = [];
    for (const e of this.recent.newestFirst()) {
      if (picked.length >= wanted) break;
      if (options.levels && !options.levels.includes(e.level)) continue;
      if (options.sinceTs !== undefined && e.ts < options.sinceTs) continue;
      picked.push(e.json);
    }
    return picked.reverse().map((json) => JSON.parse(json) as LogEntry);
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
