/**
 * The network record of one runtime: every request of the context (the player, the package, anything
 * else), how it settled, and every load refused by our policy, whichever layer refused it (the proxy,
 * the WebSocket route, the WebRTC guard, the browser itself, the content server).
 */
import type { BrowserContext, Request, Response } from 'playwright-core';
import { refusedLoad } from './chromium-console-text.js';
import { PLAYER_PREFIX, type Mount } from './content-server.js';
import type { EgressProxy } from './egress-proxy.js';
import {
  checkDestination,
  hasAnyNetwork,
  refusalForUrlHost,
  type NetworkAccess,
  type NetworkBlockReason,
  webRtcRefusals,
} from './network-policy.js';
import type { NetworkEntry } from './records.js';
import type { RuntimeLog } from './runtime-log.js';
import { servedFileLoading } from './served-file-loading.js';
import { WebSocketBindingWatch, webSocketBindingCall } from './websocket-binding-calls.js';
import {
  MAX_REPORTED_URLS,
  MAX_URL_LENGTH,
  WEBRTC_MARKER,
  webRtcAttemptUrls,
  webRtcGuard,
} from './webrtc-guard.js';

export class NetworkRecorder {
  private requestIds = 0;
  private readonly requestEntries = new WeakMap<Request, NetworkEntry>();
  private readonly webSocketBinding = new WebSocketBindingWatch();

  constructor(
    private readonly log: RuntimeLog,
    private readonly mount: Mount,
    private readonly egress: EgressProxy,
    private readonly access: NetworkAccess,
  ) {}

  /** Records what the content server saw that the browser does not report (service workers, missing files); returns the unsubscribe. */
  watchContentServer(): () => void {
    return this.mount.onRequest((r) => {
      if (r.serviceWorker)
        this.recordBlocked(this.mount.baseUrl + r.path, r.method, 'serviceworker', 'service_worker');
      else if (r.status === 404 && !r.path.startsWith(PLAYER_PREFIX)) this.log.addMissingFile(r.path);
    });
  }

  /** The context's guards (the WebRTC guard, the WebSocket route); resolves once they are in place. */
  guard(context: BrowserContext): Array<Promise<unknown>> {
    return [
      context.addInitScript(webRtcGuard, {
        marker: WEBRTC_MARKER,
        maxUrls: MAX_REPORTED_URLS,
        maxLength: MAX_URL_LENGTH,
      }),
      // WebSockets are judged here too, so a refused one is recorded; the proxy would refuse it anyway.
      context.routeWebSocket(
        () => true,
        async (ws) => {
          const reason = await this.webSocketRefusal(ws.url());
          if (!reason) {
            ws.connectToServer();
            return;
          }
          this.recordBlocked(ws.url(), 'GET', 'websocket', reason);
          void ws.close({ code: 1008, reason: `Blocked by SCORM Tester (${reason})` });
        },
      ),
    ];
  }

  /** Starts recording the context's requests. */
  record(context: BrowserContext): void {
    context.on('request', (r) => this.onRequest(r));
    context.on('response', (r) => this.onResponse(r));
    context.on('requestfailed', (r) => this.onRequestFailed(r));
  }

  /** True while a file we serve (the player's or the package's) has had no answer for a while. */
  get servedFileLoading(): boolean {
    return servedFileLoading(this.log.networkRequests, Date.now());
  }

  isPlayerUrl(url: string): boolean {
    return url.startsWith(this.mount.baseUrl + PLAYER_PREFIX);
  }

  /** The WebRTC guard's report of an attempt (a console message): recorded, true; anything else, false. */
  noticeWebRtc(text: string): boolean {
    const iceUrls = webRtcAttemptUrls(text);
    if (!iceUrls) return false;
    for (const { url, reason } of webRtcRefusals(iceUrls, this.access))
      this.recordBlocked(url, 'GET', 'webrtc', reason);
    return true;
  }

  /**
   * A call of Playwright's CDP binding heard on the player page: a direct call of the WebSocket binding
   * by the course is listed as a refused WebSocket (see websocket-binding-calls.ts).
   */
  noticeAutomationBinding(payload: string): void {
    const call = webSocketBindingCall(payload);
    if (!call || this.webSocketBinding.judge(call) !== 'direct') return;
    // Traffic of a socket never reported carries no URL: the call's type stands for it.
    this.recordBlocked(
      call.url || `websocket-binding:${call.type}`,
      'GET',
      'websocket',
      'automation_binding',
    );
  }

  /** Loads the browser refused outright (other schemes, service workers), known only from its console. */
  noticeRefusedLoad(text: string, location: string | null): void {
    const refused = refusedLoad(text);
    if (refused?.kind === 'scheme_not_allowed')
      this.recordBlocked(refused.url, 'GET', 'other', 'scheme_not_allowed');
    else if (refused?.kind === 'service_worker')
      this.recordBlocked(location || this.log.currentUrl || '', 'GET', 'serviceworker', 'service_worker');
  }

  private onRequest(request: Request): void {
    const url = request.url();
    const scope = this.isPlayerUrl(url)
      ? 'player'
      : url.startsWith(this.mount.baseUrl)
        ? 'content'
        : 'external';
    if (scope === 'external' && url.startsWith('data:')) return;
    const entry = {
      id: ++this.requestIds,
      timestamp: Date.now(),
      method: request.method(),
      url,
      resourceType: request.resourceType(),
      scope,
    } as NetworkEntry;
    this.requestEntries.set(request, entry);
    this.log.addRequest(entry);
  }

  // Events, not request.response(): that is a protocol round trip per request.
  private onResponse(response: Response): void {
    const entry = this.requestEntries.get(response.request());
    if (!entry) return;
    entry.statusCode = response.status();
    this.log.emit('request_settled', entry);
  }

  private onRequestFailed(request: Request): void {
    const entry = this.requestEntries.get(request);
    if (!entry) return;
    entry.error = request.failure()?.errorText ?? 'failed';
    const reason = entry.scope === 'external' ? this.refusalOf(entry.url) : null;
    if (reason) {
      entry.blocked = true;
      entry.error = `blocked (${reason}): ${entry.error}`;
    }
    this.log.emit('request_settled', entry);
    // Other schemes are recorded from the browser's console message, which also covers frames.
    if (reason && reason !== 'scheme_not_allowed')
      this.recordBlocked(entry.url, entry.method, entry.resourceType, reason);
  }

  /** Why a failed request to `url` was ours to refuse, or null when it just failed. */
  private refusalOf(url: string): NetworkBlockReason | null {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    if (!/^(https?|wss?):$/.test(parsed.protocol)) return 'scheme_not_allowed';
    // The blackhole refuses everything; the forwarding proxy remembers what it refused and why.
    if (!hasAnyNetwork(this.access)) return refusalForUrlHost(parsed.hostname, this.access);
    const port = Number(parsed.port || (/^(https|wss):$/.test(parsed.protocol) ? 443 : 80));
    return this.egress.refusalOf(parsed.hostname, port);
  }

  private async webSocketRefusal(url: string): Promise<NetworkBlockReason | null> {
    if (!hasAnyNetwork(this.access)) return refusalForUrlHost(new URL(url).hostname, this.access);
    const dest = await checkDestination(new URL(url).hostname, this.access);
    if (dest.allowed) return null;
    return dest.reason === 'unresolved' ? 'network_not_allowed' : dest.reason;
  }

  private recordBlocked(url: string, method: string, resourceType: string, reason: NetworkBlockReason): void {
    this.log.addBlocked({ url, method, resourceType, reason, timestamp: Date.now() });
  }
}
