/**
 * Connecting to a browser someone else launched (Playwright's `launchServer` / `run-server`, or a grid
 * that fronts one), and checking, before any course runs in it, that our policy holds there too.
 *
 * What our own launch gets from its command line does not come with a remote browser: the one flag the
 * network policy needs (WebRTC sends no UDP, chromiumArgs) is asked for in the launch options a
 * `run-server` may honour, then tested in the browser itself; a browser that would send UDP is refused.
 * Everything else the policy rests on is per context (proxy, bypass, service workers) and travels with
 * each newContext over the connection. The browser must reach our content server and egress proxy on
 * 127.0.0.1, so it must share this machine's loopback (same host, pod or network namespace); that is
 * tested too.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { fail, isScormTesterError } from '../core/errors.js';
import { TIMEOUT, within } from '../core/within.js';
import { browserAnswers } from './browser-answers.js';
import { maskEndpoint, maskEndpointsIn } from './browser-endpoint.js';
import { chromiumArgs } from './chromium.js';
import { sharedContentServer } from './content-server.js';
import { contextProxy, egressProxy } from './egress-proxy.js';

const CHECK_MS = 10_000;
/** How long ICE gathering may take before a browser that offered no UDP candidate counts as safe. */
const ICE_GATHER_MS = 3_000;
/** All the checks of one browser: a page load, the ICE gathering, and the context's opening and closing. */
const CHECKS_MS = CHECK_MS + ICE_GATHER_MS + 7_000;

export async function connectRemoteBrowser(endpoint: string, timeoutMs: number): Promise<Browser> {
  const shown = maskEndpoint(endpoint);
  let browser: Browser;
  try {
    browser = await chromium.connect(endpoint, {
      timeout: timeoutMs,
      headers: {
        'x-playwright-launch-options': JSON.stringify({ headless: true, args: chromiumArgs(false) }),
      },
    });
  } catch (err) {
    fail(
      'BROWSER_UNREACHABLE',
      `The remote browser at ${shown} cannot be reached: ${maskEndpointsIn(firstLine(err)).replace(/\.+$/, '')}. ` +
        'Check that a Playwright browser server (launchServer or run-server) listens there and that ' +
        'this machine can connect to it.',
      { endpoint: shown },
    );
  }
  try {
    const checked = checkRemoteBrowser(browser, shown);
    checked.catch(() => undefined);
    if ((await within(checked, CHECKS_MS)) === TIMEOUT) {
      fail(
        'BROWSER_UNREACHABLE',
        `The remote browser at ${shown} connected but did not answer its checks within ${CHECKS_MS / 1000} s.`,
        { endpoint: shown },
      );
    }
  } catch (err) {
    await browser.close().catch(() => undefined);
    if (isScormTesterError(err)) throw err;
    // The check's own calls failed (the browser died under them): the endpoint is down, not the course.
    fail(
      'BROWSER_UNREACHABLE',
      `The remote browser at ${shown} failed while it was being checked: ${maskEndpointsIn(firstLine(err))}.`,
      { endpoint: shown },
    );
  }
  return browser;
}

/** The content server reached through the session proxy settings, and no WebRTC UDP candidate. */
async function checkRemoteBrowser(browser: Browser, shown: string): Promise<void> {
  const server = await sharedContentServer();
  const egress = await egressProxy({ allowNetwork: false, allowLoopback: false });
  const context = await browser.newContext({ proxy: contextProxy(egress.url, server.origin) });
  try {
    const page = await context.newPage();
    const reached = await page
      .goto(`${server.origin}/`, { timeout: CHECK_MS })
      .then((response) => ({ ok: response !== null, why: '' }))
      .catch((err: unknown) => ({ ok: false, why: firstLine(err) }));
    if (!reached.ok) {
      fail(
        'BROWSER_UNREACHABLE',
        `The remote browser at ${shown} cannot load our content server at ${server.origin} ` +
          `(${maskEndpointsIn(reached.why) || 'no answer'}). Courses are served on this machine's ` +
          'loopback only: run the browser on this machine (same host, pod or network namespace).',
        { endpoint: shown, content_origin: server.origin },
      );
    }
    const udp = await udpCandidates(page);
    // A browser that died during the check could not be checked either: that is the endpoint down, not
    // a browser that breaks the policy (which would stop the whole grid).
    if (udp === null && !(await browserAnswers(browser, context))) {
      fail(
        'BROWSER_UNREACHABLE',
        `The remote browser at ${shown} went away while it was being checked (it disconnected or stopped answering).`,
        { endpoint: shown },
      );
    }
    if (udp === null || udp.length > 0) {
      fail(
        'BROWSER_UNSUITABLE',
        `The remote browser at ${shown} ` +
          (udp === null
            ? 'could not be checked for WebRTC UDP'
            : `offers WebRTC UDP candidates (${udp.length})`) +
          ', which no proxy sees, so a course could reach this machine past the network policy. ' +
          'Launch it with --webrtc-ip-handling-policy=disable_non_proxied_udp (e.g. ' +
          "chromium.launchServer({ args: ['--webrtc-ip-handling-policy=disable_non_proxied_udp'] })).",
        { endpoint: shown },
      );
    }
  } finally {
    await context.close().catch(() => undefined);
  }
}

/** The UDP ICE candidates a peer connection gathers in `page` (none when UDP is off), or null if unknown. */
async function udpCandidates(page: Page): Promise<string[] | null> {
  return page
    .evaluate(async (gatherMs) => {
      const pc = new RTCPeerConnection({ iceServers: [] });
      const udp: string[] = [];
      try {
        pc.createDataChannel('probe');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, gatherMs);
          pc.onicecandidate = (event) => {
            const candidate = event.candidate;
            if (!candidate) {
              clearTimeout(timer);
              resolve();
            } else if (/ udp /i.test(candidate.candidate)) {
              udp.push(candidate.candidate);
              clearTimeout(timer);
              resolve();
            }
          };
          void pc.createOffer().then((offer) => pc.setLocalDescription(offer));
        });
      } finally {
        pc.close();
      }
      return udp;
    }, ICE_GATHER_MS)
    .catch(() => null);
}

function firstLine(err: unknown): string {
  if (isScormTesterError(err)) return err.message;
  const text = err instanceof Error ? err.message : String(err);
  return (text.split('\n')[0] ?? text).trim();
}
