/**
 * A stand-in grid node: a Playwright browser server (launchServer) on loopback, started by the test, with
 * the flags scorm-tester launches its own Chromium with, or without the one that keeps WebRTC off UDP.
 */
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium } from '../../src/runtime/chromium.js';

export interface BrowserServer {
  wsEndpoint: string;
  /** The browser process behind the server (its pages' renderers are its descendants). */
  pid: number;
  close(): Promise<void>;
}

export async function startBrowserServer(
  options: { webRtcUdp?: boolean; extraArgs?: string[] } = {},
): Promise<BrowserServer> {
  const args = [
    ...chromiumArgs().filter((arg) => !(options.webRtcUdp && arg.startsWith('--webrtc-ip-handling-policy'))),
    ...(options.extraArgs ?? []),
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
  return { wsEndpoint: server.wsEndpoint(), pid: server.process().pid!, close: () => server.close() };
}

/**
 * Flags that make the browser's 127.0.0.1 another address (127.0.0.9, where nothing listens), as for a
 * browser on another machine or in another network namespace: it cannot reach our content server.
 */
export const ELSEWHERE = ['--host-resolver-rules=MAP 127.0.0.1 127.0.0.9'];

/** An environment in which no local Chromium can start: whatever runs must have used the remote one. */
export const NO_LOCAL_CHROMIUM = { SCORM_TESTER_CHROMIUM: '/nonexistent/chromium' };
