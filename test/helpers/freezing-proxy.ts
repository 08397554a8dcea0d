/**
 * A loopback TCP relay in front of a stand-in grid node that watches what our side asks of it, to freeze
 * the node at an exact moment: when `armed()` says so and a Playwright call named in `methods` passes
 * (the first step of opening a session: `newContext`, `newPage`), `freeze()` runs before the call is
 * passed on, so the node's browser never sees it answered. The client's frames are read to find the call
 * (a client masks its WebSocket frames); compression is kept off by dropping the extension offer from the
 * upgrade request, so each frame's text can be read as it is.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface FreezingProxy {
  /** The node's endpoint with the relay's port. */
  wsEndpoint: string;
  /** The call that froze the node, once one did. */
  frozeOn(): string | null;
  close(): Promise<void>;
}

/** Whole frames at the start of `buf` (text payloads unmasked) and how many bytes they take. */
function frames(buf: Buffer): { texts: string[]; used: number } {
  const texts: string[] = [];
  let at = 0;
  for (;;) {
    if (buf.length < at + 2) break;
    const masked = (buf[at + 1]! & 0x80) !== 0;
    let len = buf[at + 1]! & 0x7f;
    let head = 2;
    if (len === 126) {
      if (buf.length < at + 4) break;
      len = buf.readUInt16BE(at + 2);
      head = 4;
    } else if (len === 127) {
      if (buf.length < at + 10) break;
      len = Number(buf.readBigUInt64BE(at + 2));
      head = 10;
    }
    const keyAt = at + head;
    const dataAt = keyAt + (masked ? 4 : 0);
    if (buf.length < dataAt + len) break;
    const data = Buffer.from(buf.subarray(dataAt, dataAt + len));
    if (masked) for (let i = 0; i < data.length; i++) data[i]! ^= buf[keyAt + (i % 4)]!;
    texts.push(data.toString('utf8'));
    at = dataAt + len;
  }
  return { texts, used: at };
}

export async function freezingProxy(
  wsEndpoint: string,
  methods: readonly string[],
  armed: () => boolean,
  freeze: () => void,
): Promise<FreezingProxy> {
  const target = new URL(wsEndpoint);
  let froze: string | null = null;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    const drop = (): void => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    let handshake = Buffer.alloc(0);
    let pending = Buffer.alloc(0);
    let upgraded = false;
    client.on('data', (chunk: Buffer) => {
      if (!upgraded) {
        handshake = Buffer.concat([handshake, chunk]);
        const end = handshake.indexOf('\r\n\r\n');
        if (end < 0) return;
        const request = handshake
          .subarray(0, end)
          .toString('latin1')
          .split('\r\n')
          .filter((line) => !/^sec-websocket-extensions:/i.test(line))
          .join('\r\n');
        upstream.write(`${request}\r\n\r\n`, 'latin1');
        upgraded = true;
        chunk = handshake.subarray(end + 4);
      }
      pending = Buffer.concat([pending, chunk]);
      const { texts, used } = frames(pending);
      const whole = pending.subarray(0, used);
      pending = Buffer.from(pending.subarray(used));
      if (froze === null && armed()) {
        const call = texts
          .map((text) => /"method":"(\w+)"/.exec(text)?.[1])
          .find((m) => m !== undefined && methods.includes(m));
        if (call) {
          froze = call;
          freeze();
        }
      }
      if (whole.length > 0) upstream.write(whole);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    wsEndpoint: `${target.protocol}//127.0.0.1:${port}${target.pathname}${target.search}`,
    frozeOn: () => froze,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
