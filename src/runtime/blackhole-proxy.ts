/**
 * Network isolation without request interception: contexts that may not reach the network use this
 * loopback "proxy", which accepts every connection and closes it at once, so any non-loopback request
 * fails fast (and is recorded as blocked from the request-failed event). Loopback, where the course is
 * served, bypasses proxies in Chromium. Intercepting every request instead costs a round trip to Node per
 * request (about 90 ms on a cold course open).
 */
import { createServer, type Server } from 'node:net';

let starting: Promise<{ server: Server; url: string }> | null = null;

export function blackholeProxy(): Promise<{ url: string }> {
  starting ??= new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.destroy());
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (!address || typeof address === 'string')
        return reject(new Error('no port for the blackhole proxy'));
      server.unref();
      resolve({ server, url: `http://127.0.0.1:${address.port}` });
    });
  });
  return starting;
}
