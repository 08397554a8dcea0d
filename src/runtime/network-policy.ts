/**
 * What a course under test may reach besides our own content server. `allowNetwork` opens public
 * unicast addresses only; `allowLoopback` opens this machine's loopback addresses only. Private
 * (RFC 1918, CGNAT, unique-local), link-local (cloud metadata services live there), unspecified,
 * multicast and reserved addresses are never reachable. Host names are judged by every address
 * they resolve to, so a public name pointing at 127.0.0.1 is loopback.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

export interface NetworkAccess {
  /** Public internet addresses. */
  allowNetwork: boolean;
  /** This machine's loopback addresses (127.0.0.0/8, ::1, localhost; 0.0.0.0 and :: lead there too). */
  allowLoopback: boolean;
}

export type AddressClass = 'loopback' | 'private' | 'link_local' | 'reserved' | 'public';

/** Why a request of the course was refused. */
export type NetworkBlockReason =
  /** Network access is off for this session (public hosts). */
  | 'network_not_allowed'
  /** A loopback address without allow_loopback. */
  | 'loopback_not_allowed'
  /** A private, link-local or reserved address: never reachable. */
  | 'private_address'
  /** A scheme the browser never loads for a course (file:, ftp:, ...). */
  | 'scheme_not_allowed'
  /** A service-worker registration: service workers are blocked in every session. */
  | 'service_worker'
  /**
   * WebRTC over UDP (STUN, TURN over UDP, direct peer-to-peer): off in every session, since UDP cannot
   * go through our proxy. TURN over TCP/TLS goes through the proxy and is judged like any other host.
   */
  | 'webrtc_not_allowed'
  /** The course called the browser automation's WebSocket binding itself (websocket-binding-calls.ts). */
  | 'automation_binding';

export const NO_NETWORK: NetworkAccess = { allowNetwork: false, allowLoopback: false };

export function hasAnyNetwork(access: NetworkAccess): boolean {
  return access.allowNetwork || access.allowLoopback;
}

function blockList(v4: string[], v6: string[]): BlockList {
  const list = new BlockList();
  for (const cidr of v4) {
    const [net, bits] = cidr.split('/');
    list.addSubnet(net ?? '', Number(bits), 'ipv4');
  }
  for (const cidr of v6) {
    const [net, bits] = cidr.split('/');
    list.addSubnet(net ?? '', Number(bits), 'ipv6');
  }
  return list;
}

// 0.0.0.0 and :: reach this machine when connected to, so they count as loopback.
const LOOPBACK = blockList(['127.0.0.0/8', '0.0.0.0/32'], ['::1/128', '::/128']);
const PRIVATE = blockList(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10'], ['fc00::/7']);
const LINK_LOCAL = blockList(['169.254.0.0/16'], ['fe80::/10']);
const RESERVED = blockList(
  [
    '0.0.0.0/8',
    '192.0.0.0/24',
    '192.0.2.0/24',
    '198.18.0.0/15',
    '198.51.100.0/24',
    '203.0.113.0/24',
    '224.0.0.0/4',
    '240.0.0.0/4',
  ],
  ['64:ff9b::/96', '100::/64', '2001:db8::/32', 'ff00::/8'],
);

/** An IPv4 address carried in an IPv4-mapped IPv6 address (::ffff:a.b.c.d or ::ffff:xxxx:xxxx). */
function mappedIPv4(ip: string): string | null {
  const lower = ip.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted?.[1]) return dotted[1];
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex?.[1] || !hex[2]) return null;
  const hi = parseInt(hex[1], 16);
  const lo = parseInt(hex[2], 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** The class of an IP address literal (no brackets). */
export function classifyAddress(ip: string): AddressClass {
  const mapped = isIP(ip) === 6 ? mappedIPv4(ip) : null;
  const address = mapped ?? ip;
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  if (LOOPBACK.check(address, family)) return 'loopback';
  if (PRIVATE.check(address, family)) return 'private';
  if (LINK_LOCAL.check(address, family)) return 'link_local';
  if (RESERVED.check(address, family)) return 'reserved';
  return 'public';
}

/** Why an address of this class is refused under `access`, or null when it may be reached. */
export function refusalFor(cls: AddressClass, access: NetworkAccess): NetworkBlockReason | null {
  if (cls === 'public') return access.allowNetwork ? null : 'network_not_allowed';
  if (cls === 'loopback') return access.allowLoopback ? null : 'loopback_not_allowed';
  return 'private_address';
}

/** `localhost` and `*.localhost` always mean this machine (Chromium resolves them so itself). */
export function isLocalhostName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost');
}

/** Host of a URL or `host:port` without IPv6 brackets. */
export function bareHost(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/**
 * Why a URL's host would be refused, judged from the URL alone (no DNS): for recording what the
 * browser was stopped from reaching. Names that are not addresses count as public.
 */
export function refusalForUrlHost(hostname: string, access: NetworkAccess): NetworkBlockReason | null {
  const host = bareHost(hostname);
  if (isLocalhostName(host)) return refusalFor('loopback', access);
  return refusalFor(isIP(host) ? classifyAddress(host) : 'public', access);
}

export type Destination =
  | { allowed: true; address: string }
  | { allowed: false; reason: NetworkBlockReason; address: string | null }
  | { allowed: false; reason: 'unresolved'; address: null };

/**
 * Resolves a destination host and decides whether it may be reached. Every address a name resolves
 * to must be allowed, and the caller connects to the address returned (never resolving again), so a
 * name that changes its answer between check and connect (DNS rebinding) cannot slip through.
 */
export async function checkDestination(host: string, access: NetworkAccess): Promise<Destination> {
  const bare = bareHost(host);
  if (isIP(bare)) {
    const reason = refusalFor(classifyAddress(bare), access);
    return reason ? { allowed: false, reason, address: bare } : { allowed: true, address: bare };
  }
  if (isLocalhostName(bare)) {
    const reason = refusalFor('loopback', access);
    return reason ? { allowed: false, reason, address: null } : { allowed: true, address: '127.0.0.1' };
  }
  let addresses: Array<{ address: string }>;
  try {
    addresses = await lookup(bare, { all: true, verbatim: true });
  } catch {
    return { allowed: false, reason: 'unresolved', address: null };
  }
  if (addresses.length === 0) return { allowed: false, reason: 'unresolved', address: null };
  for (const { address } of addresses) {
    const reason = refusalFor(classifyAddress(address), access);
    if (reason) return { allowed: false, reason, address };
  }
  return { allowed: true, address: addresses[0]?.address ?? '' };
}

/** What a peer connection tried that is refused: one entry per refused ICE server URL. */
export interface WebRtcRefusal {
  url: string;
  reason: NetworkBlockReason;
}

/** Stands for the direct UDP path of a peer connection created without any ICE server. */
export const WEBRTC_DIRECT_URL = 'webrtc:peer-to-peer';

/**
 * Judges the ICE server URLs of a new RTCPeerConnection (RFC 7064/7065 syntax). The browser never
 * sends WebRTC over UDP (see chromiumArgs), so STUN and TURN over UDP are refused in every session;
 * TURN over TCP or TLS is proxied, so it is refused exactly when its host would be. A connection
 * without servers could only reach its peers directly over UDP: one refusal for that path.
 */
export function webRtcRefusals(urls: readonly string[], access: NetworkAccess): WebRtcRefusal[] {
  if (urls.length === 0) return [{ url: WEBRTC_DIRECT_URL, reason: 'webrtc_not_allowed' }];
  const out: WebRtcRefusal[] = [];
  for (const url of urls) {
    const m = /^(stuns?|turns?):(\[[^\]]*\]|[^:?]*)(?::\d*)?(\?.*)?$/i.exec(url.trim());
    const scheme = m?.[1]?.toLowerCase();
    const host = m?.[2] ?? '';
    const overTcp =
      scheme === 'turns' ||
      scheme === 'stuns' ||
      (scheme === 'turn' && /(^\?|&)transport=tcp(&|$)/i.test(m?.[3] ?? ''));
    const reason = overTcp && host !== '' ? refusalForUrlHost(host, access) : 'webrtc_not_allowed';
    if (reason) out.push({ url, reason });
  }
  return out;
}
