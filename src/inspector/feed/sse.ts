/**
 * One browser tab's feed: server-sent events over a kept-open response. A tab that stops reading is
 * dropped once its backlog passes MAX_BACKLOG_BYTES; its EventSource reconnects and catches up from a
 * fresh snapshot, so a slow tab never holds the server's memory.
 */
import type { ServerResponse } from 'node:http';
import type { FeedMessage } from '../protocol.js';

export const HEARTBEAT_MS = 15_000;
const MAX_BACKLOG_BYTES = 32 * 1024 * 1024;
/** How soon a dropped EventSource retries. */
const RETRY_MS = 1_000;

export class SseClient {
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly res: ServerResponse,
    headers: Record<string, string>,
  ) {
    res.writeHead(200, {
      ...headers,
      'Content-Type': 'text/event-stream; charset=utf-8',
      Connection: 'keep-alive',
    });
    res.write(`retry: ${RETRY_MS}\n\n`);
    this.heartbeat = setInterval(() => this.write(': heartbeat\n\n'), HEARTBEAT_MS);
    this.heartbeat.unref();
    res.on('close', () => this.close());
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  /** Called once when the stream ends, whoever ended it. */
  onClose(listener: () => void): void {
    this.res.on('close', listener);
  }

  send(message: FeedMessage): void {
    this.write(`event: ${message.kind}\ndata: ${JSON.stringify(message)}\n\n`);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    this.res.end();
  }

  private write(chunk: string): void {
    if (this.closed) return;
    this.res.write(chunk);
    if (this.res.writableLength > MAX_BACKLOG_BYTES) this.close();
  }
}
