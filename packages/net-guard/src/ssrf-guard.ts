import dns from 'node:dns/promises';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

export class SsrfBlockedError extends Error {
  readonly code = 'ssrf_blocked';
  constructor(readonly target: string, reason: string) {
    super(`Blocked request to ${target}: ${reason}`);
    this.name = 'SsrfBlockedError';
  }
}

/** The host has no address: not an attack, and possibly a DNS hiccup (callers may treat it as unreachable). */
export class HostUnresolvableError extends SsrfBlockedError {
  constructor(host: string) {
    super(host, 'host does not resolve');
    this.name = 'HostUnresolvableError';
  }
}

/** Ranges that are never fetched unless the allow-list names them. Only ipaddr's 'unicast' range is public. */
const PUBLIC_RANGES = new Set(['unicast']);

export interface SsrfGuardOptions {
  /** Comma separated CIDRs (e.g. "127.0.0.0/8,::1/128") that are allowed although not public. */
  allowCidrs?: string;
  lookup?: (host: string) => Promise<string[]>;
}

export interface SsrfGuard {
  /** Checks a URL; resolves with the address it may connect to, or throws SsrfBlockedError. */
  check(url: string): Promise<{ url: URL; address: string }>;
  isAllowedAddress(address: string): boolean;
}

export function parseCidrs(list: string | undefined): [ipaddr.IPv4 | ipaddr.IPv6, number][] {
  return (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((c) => (c.includes('/') ? ipaddr.parseCIDR(c) : [ipaddr.parse(c), ipaddr.parse(c).kind() === 'ipv4' ? 32 : 128]));
}

export function createSsrfGuard(opts: SsrfGuardOptions = {}): SsrfGuard {
  const allow = parseCidrs(opts.allowCidrs);
  const lookup =
    opts.lookup ?? (async (host: string) => (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address));

  const isAllowedAddress = (address: string): boolean => {
    let ip = ipaddr.parse(address);
    if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
    for (const [range, bits] of allow) {
      if (range.kind() === ip.kind() && ip.match(range, bits)) return true;
    }
    return PUBLIC_RANGES.has(ip.range());
  };

  return {
    isAllowedAddress,
    async check(raw: string) {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        throw new SsrfBlockedError(raw.slice(0, 200), 'not a valid URL');
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new SsrfBlockedError(url.protocol, 'only http and https are allowed');
      }
      const host = url.hostname.replace(/^\[|\]$/g, '');
      let addresses: string[];
      if (net.isIP(host)) addresses = [host];
      else {
        try {
          addresses = await lookup(host);
        } catch {
          throw new HostUnresolvableError(host);
        }
      }
      if (addresses.length === 0) throw new HostUnresolvableError(host);
      // every resolved address must be allowed, or DNS could hand out a private one on the next lookup
      for (const a of addresses) {
        if (!isAllowedAddress(a)) throw new SsrfBlockedError(url.host, `address ${a} is not public`);
      }
      return { url, address: addresses[0]! };
    },
  };
}
