/**
 * Logs every JSON-RPC message that passes between the client and the server, around any transport:
 * each request with its id and method when it arrives (MCP_REQUEST) and when it is answered
 * (MCP_RESPONSE, with duration_ms and the error code if any) or cancelled (MCP_REQUEST_CANCELLED: the
 * SDK sends no answer then), and each notification either way (MCP_NOTIFICATION). tools/call has its own entries (MCP_TOOLS_CALL / _RESULT / _ERROR, with the tool
 * and its arguments), so its transport entries and the notifications we send (progress, list_changed)
 * are debug-level; the rest is info. Lines the transport refused before parsing are logged by it.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Logger, LogLevel } from '../../core/logger.js';

type RequestId = string | number;

/** Requests waiting for their answer; a client that floods us cannot grow this past the cap. */
const MAX_PENDING = 10_000;

export class LoggedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly pending = new Map<RequestId, { method: string; started: number }>();

  constructor(
    private readonly inner: Transport,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    this.inner.onmessage = (message) => {
      this.received(message);
      this.onmessage?.(message);
    };
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => this.onerror?.(error);
    await this.inner.start();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.sent(message);
    await this.inner.send(message);
  }

  async close(): Promise<void> {
    await this.inner.close();
  }

  private received(message: JSONRPCMessage): void {
    if (!('method' in message)) return; // an answer to a request of ours (we send none today)
    if (!('id' in message)) {
      this.logger.info('MCP_NOTIFICATION', {
        direction: 'received',
        method: message.method,
        ...notificationFields(message.params),
      });
      if (message.method === 'notifications/cancelled') this.cancelled(message.params?.requestId);
      return;
    }
    if (this.pending.size < MAX_PENDING)
      this.pending.set(message.id, { method: message.method, started: Date.now() });
    this.logger.log(levelFor(message.method), 'MCP_REQUEST', {
      id: message.id,
      method: message.method,
      ...requestFields(message.method, message.params),
    });
  }

  /** A cancelled request gets no answer (the SDK drops it), so its entry ends here. */
  private cancelled(id: unknown): void {
    if (typeof id !== 'string' && typeof id !== 'number') return;
    const request = this.pending.get(id);
    if (!request) return;
    this.pending.delete(id);
    this.logger.info('MCP_REQUEST_CANCELLED', {
      id,
      method: request.method,
      duration_ms: Date.now() - request.started,
    });
  }

  private sent(message: JSONRPCMessage): void {
    if ('method' in message) {
      if (!('id' in message))
        this.logger.debug('MCP_NOTIFICATION', { direction: 'sent', method: message.method });
      return;
    }
    const id = 'id' in message ? message.id : undefined;
    if (id === undefined) return;
    const request = this.pending.get(id);
    this.pending.delete(id);
    const method = request?.method ?? null;
    const error = 'error' in message ? message.error : undefined;
    this.logger.log(error ? 'warn' : levelFor(method), 'MCP_RESPONSE', {
      id,
      method,
      duration_ms: request ? Date.now() - request.started : null,
      ...(error
        ? {
            code: error.code,
            error_code: (error.data as { error_code?: unknown } | undefined)?.error_code,
            message: error.message,
          }
        : {}),
    });
  }
}

function levelFor(method: string | null): LogLevel {
  return method === 'tools/call' ? 'debug' : 'info';
}

/** What is worth keeping of a request's params (never a tool's arguments: MCP_TOOLS_CALL has them). */
function requestFields(method: string, params: unknown): Record<string, unknown> {
  const p = (params ?? {}) as Record<string, unknown>;
  if (method === 'initialize')
    return { client: p.clientInfo, protocol_version: p.protocolVersion, capabilities: p.capabilities };
  if (method === 'tools/call') return { tool: p.name };
  if (method === 'resources/read') return { uri: p.uri };
  if (typeof p.cursor === 'string') return { cursor: p.cursor };
  return {};
}

function notificationFields(params: unknown): Record<string, unknown> {
  const p = (params ?? {}) as Record<string, unknown>;
  return {
    ...(p.requestId !== undefined ? { request_id: p.requestId } : {}),
    ...(p.reason !== undefined ? { reason: p.reason } : {}),
    ...(p.progressToken !== undefined ? { progress_token: p.progressToken } : {}),
  };
}
