import net from 'node:net';
import type { LookupFunction } from 'node:net';

/**
 * A DNS lookup that always answers the address the SSRF guard approved, so the socket connects there and nowhere
 * else (no DNS rebinding between check and connect). Node calls lookup with {all: true} when it races address
 * families (autoSelectFamily), else expects one address.
 */
export function pinnedLookup(address: string): LookupFunction {
  const family = net.isIPv6(address) ? 6 : 4;
  return ((_host: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) => {
    if (opts?.all) cb(null, [{ address, family }]);
    else cb(null, address, family);
  }) as unknown as LookupFunction;
}
