/**
 * A stand-in grid node: a Playwright browser server (launchServer) on loopback, started by the test, with
 * the flags scorm-tester launches its own Chromium with, or without the one that keeps WebRTC off UDP.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium } from '../../src/runtime/chromium.js';

export interface BrowserServer {
  wsEndpoint: string;
  /** The browser process behind the server (its pages' renderers are its descendants). */
  pid: number;
  /** Its profile folder (where a browser started with `devtools` writes its DevTools port). */
  profile: string;
  close(): Promise<void>;
}

/**
 * The addresses the node's tabs show now, asked of its own DevTools port (a server started with
 * `devtools`): what it runs, seen from outside the client that drives it.
 */
export async function openPageUrls(server: BrowserServer): Promise<string[]> {
  // Port 0 on the command line: Chromium picked a free one and wrote it into its profile.
  const port = readFileSync(join(server.profile, 'DevToolsActivePort'), 'utf8').split('\n')[0];
  const targets = (await fetch(`http://127.0.0.1:${port}/json/list`).then((r) => r.json())) as Array<{
    type: string;
    url: string;
  }>;
  return targets.filter((t) => t.type === 'page').map((t) => t.url);
}

export async function startBrowserServer(
  options: { webRtcUdp?: boolean; extraArgs?: string[]; devtools?: boolean } = {},
): Promise<BrowserServer> {
  const args = [
    ...chromiumArgs().filter((arg) => !(options.webRtcUdp && arg.startsWith('--webrtc-ip-handling-policy'))),
    ...(options.extraArgs ?? []),
    ...(options.devtools ? ['--remote-debugging-port=0'] : []),
  ];
  const server = await chromium.launchServer({
    executablePath: findChromium(),
    host: '127.0.0.1',
    headless: true,
    args,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  const pid = server.process().pid!;
  const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  const profile = cmdline.find((arg) => arg.startsWith('--user-data-dir='))?.slice('--user-data-dir='.length);
  return { wsEndpoint: server.wsEndpoint(), pid, profile: profile ?? '', close: () => server.close() };
}

/**
 * Flags that make the browser's 127.0.0.1 another address (127.0.0.9, where nothing listens), as for a
 * browser on another machine or in another network namespace: it cannot reach our content server.
 */
export const ELSEWHERE = ['--host-resolver-rules=MAP 127.0.0.1 127.0.0.9'];

/** An environment in which no local Chromium can start: whatever runs must have used the remote one. */
export const NO_LOCAL_CHROMIUM = { SCORM_TESTER_CHROMIUM: '/nonexistent/chromium' };
