/**
 * MCP over stdio, answering the messages the SDK's own stdio transport drops without a word. That
 * transport parses each line against the JSON-RPC schema and reports a failure only to `onerror`, so a
 * client that sent malformed JSON, a batch, `"jsonrpc":"1.0"` or `params: null` waits forever; and a
 * `tools/call` whose params fail the SDK's request schema is answered -32603 with the schema dump.
 * Here every line gets the standard JSON-RPC error (-32700, -32600, -32602) and only well-formed
 * messages reach the server.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  InitializeRequestSchema,
  JSONRPCMessageSchema,
  JSONRPCNotificationSchema,
  JSONRPCRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  ReadResourceRequestSchema,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
const INVALID_PARAMS = -32602;

/** Longest line we buffer (as the SDK's transport): past it, the line is discarded and answered. */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;

type RequestId = string | number;

export interface ProtocolRejection {
  code: number;
  message: string;
  id: RequestId | null;
}

/** Requests whose params the SDK validates inside its handler (failures there become -32603). */
const PARAM_SCHEMAS: Record<string, { safeParse: (v: unknown) => { success: boolean; error?: unknown } }> = {
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
  'resources/list': ListResourcesRequestSchema,
  'resources/templates/list': ListResourceTemplatesRequestSchema,
  'resources/read': ReadResourceRequestSchema,
};

function issuesText(error: unknown): string {
  const issues = (error as { issues?: Array<{ path: PropertyKey[]; message: string }> }).issues ?? [];
  return issues
    .slice(0, 5)
    .map((i) => (i.path.length > 0 ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value));
}

/** A JSON value read from one line: the message to pass on, or the rejection to answer. */
export function checkMessage(value: unknown): JSONRPCMessage | ProtocolRejection {
  const reject = (code: number, message: string, id: RequestId | null = null): ProtocolRejection => ({
    code,
    message,
    id,
  });
  if (Array.isArray(value))
    return reject(
      INVALID_REQUEST,
      'Invalid Request: batches are not supported; send one JSON-RPC message per line.',
    );
  if (!isPlainObject(value))
    return reject(INVALID_REQUEST, 'Invalid Request: a message must be a JSON object.');
  if ('id' in value && !isRequestId(value.id))
    return reject(INVALID_REQUEST, 'Invalid Request: id must be a string or an integer.');
  const id = isRequestId(value.id) ? value.id : null;
  if (value.jsonrpc !== '2.0')
    return reject(INVALID_REQUEST, 'Invalid Request: "jsonrpc" must be "2.0".', id);
  if ('method' in value) {
    if (typeof value.method !== 'string')
      return reject(INVALID_REQUEST, 'Invalid Request: "method" must be a string.', id);
    if ('params' in value && !isPlainObject(value.params))
      return reject(INVALID_PARAMS, 'Invalid params: "params" must be an object, or left out.', id);
    const schema = PARAM_SCHEMAS[value.method];
    const parsed =
      schema && id !== null ? schema.safeParse({ method: value.method, params: value.params }) : null;
    if (parsed && !parsed.success)
      return reject(INVALID_PARAMS, `Invalid params for ${value.method}: ${issuesText(parsed.error)}`, id);
  }
  // The narrowest schema gives the most precise message (a union only says "Invalid input").
  const schema =
    typeof value.method !== 'string'
      ? JSONRPCMessageSchema
      : 'id' in value
        ? JSONRPCRequestSchema
        : JSONRPCNotificationSchema;
  const message = schema.safeParse(value);
  if (!message.success)
    return reject(
      INVALID_REQUEST,
      `Invalid Request: ${issuesText(message.error) || 'not a JSON-RPC 2.0 message'}.`,
      id,
    );
  return message.data;
}

function isRejection(value: JSONRPCMessage | ProtocolRejection): value is ProtocolRejection {
  return 'code' in value && !('jsonrpc' in value);
}

export class JsonRpcStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private chunks: Buffer[] = [];
  private buffered = 0;
  /** Inside a line that was too long: skip up to its end. */
  private discarding = false;

  constructor(
    private readonly stdin: NodeJS.ReadableStream = process.stdin,
    private readonly stdout: NodeJS.WritableStream = process.stdout,
    private readonly onRejected: (rejection: ProtocolRejection) => void = () => undefined,
  ) {}

  private readonly onData = (chunk: Buffer): void => {
    let start = 0;
    for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
      const piece = chunk.subarray(start, nl);
      start = nl + 1;
      if (this.discarding) {
        this.discarding = false;
        continue;
      }
      const line = Buffer.concat([...this.chunks, piece]);
      this.chunks = [];
      this.buffered = 0;
      this.handleLine(line.toString('utf8'));
    }
    if (start >= chunk.length || this.discarding) return;
    this.chunks.push(chunk.subarray(start));
    this.buffered += chunk.length - start;
    if (this.buffered > MAX_LINE_BYTES) {
      this.chunks = [];
      this.buffered = 0;
      this.discarding = true;
      this.reject({
        code: INVALID_REQUEST,
        message: `Invalid Request: a message may be at most ${MAX_LINE_BYTES} bytes.`,
        id: null,
      });
    }
  };

  private readonly onStdinError = (error: Error): void => this.onerror?.(error);

  private handleLine(raw: string): void {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      this.reject({ code: PARSE_ERROR, message: `Parse error: ${(error as Error).message}`, id: null });
      return;
    }
    const checked = checkMessage(value);
    if (isRejection(checked)) {
      // A notification is never answered (there is no id to answer), even when malformed.
      const notification = isPlainObject(value) && typeof value.method === 'string' && !('id' in value);
      if (notification && checked.code === INVALID_PARAMS) this.onRejected(checked);
      else this.reject(checked);
      return;
    }
    this.onmessage?.(checked);
  }

  private reject(rejection: ProtocolRejection): void {
    this.onRejected(rejection);
    const data = rejection.code === INVALID_PARAMS ? { error_code: 'MCP_INVALID_PARAMS' } : undefined;
    void this.send({
      jsonrpc: '2.0',
      id: rejection.id as RequestId,
      error: { code: rejection.code, message: rejection.message, ...(data ? { data } : {}) },
    });
  }

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStdinError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(JSON.stringify(message) + '\n')) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStdinError);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.chunks = [];
    this.onclose?.();
  }
}
