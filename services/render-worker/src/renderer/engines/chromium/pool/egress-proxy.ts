import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import type { SsrfGuard } from '@rp/net-guard';

export interface EgressProxy {
  /** `http://127.0.0.1:<port>`, for Chromium's --proxy-server. */
  readonly url: string;
  close(): Promise<void>;
}

export interface EgressProxyOptions {
  ssrfGuard: SsrfGuard;
  connectTimeoutMs?: number;
  onBlocked?: (target: string, reason: string) => void;
}

// Hop-by-hop and proxy-only headers never travel upstream.
const DROP_HEADERS = new Set(['proxy-connection', 'proxy-authorization', 'connection', 'keep-alive', 'te', 'trailer', 'upgrade']);

interface ProxyContext {
  ssrfGuard: SsrfGuard;
  connectTimeoutMs: number;
  onBlocked?: (target: string, reason: string) => void;
  agent: http.Agent;
  remember: (s: Duplex) => void;
}

const copyHeaders = (from: http.IncomingHttpHeaders): http.OutgoingHttpHeaders =>
  Object.fromEntries(Object.entries(from).filter(([k]) => !DROP_HEADERS.has(k)));

/** Plain http: the request is re-sent to the exact address the guard approved. */
async function forwardHttp(c: ProxyContext, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  let target: URL;
  let address: string;
  try {
    target = new URL(req.url ?? '');
    if (target.protocol !== 'http:') throw new Error('only http is proxied without CONNECT');
    ({ address } = await c.ssrfGuard.check(target.href));
  } catch (err) {
    c.onBlocked?.(String(req.url).slice(0, 200), (err as Error).message);
    res.writeHead(403, { 'content-type': 'text/plain' }).end('blocked by egress policy');
    return;
  }
  const upstream = http.request({
    host: address,
    port: target.port || 80,
    method: req.method,
    path: `${target.pathname}${target.search}`,
    headers: copyHeaders(req.headers),
    agent: c.agent,
    timeout: c.connectTimeoutMs,
  });
  upstream.on('response', (up) => {
    res.writeHead(up.statusCode ?? 502, up.statusMessage, copyHeaders(up.headers));
    up.pipe(res);
  });
  upstream.on('timeout', () => upstream.destroy(new Error('upstream timeout')));
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end('upstream unreachable');
    else res.destroy();
  });
  req.pipe(upstream);
}

/** https and wss: a CONNECT tunnel to the approved address (TLS stays end to end between Chromium and the origin). */
async function tunnel(c: ProxyContext, req: http.IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
  let address: string;
  let port: number;
  try {
    const target = new URL(`https://${req.url ?? ''}/`);
    ({ address } = await c.ssrfGuard.check(target.href));
    port = Number(target.port || 443);
  } catch (err) {
    c.onBlocked?.(String(req.url).slice(0, 200), (err as Error).message);
    client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    return;
  }
  const upstream = net.connect({ host: address, port, timeout: c.connectTimeoutMs });
  c.remember(upstream);
  upstream.once('connect', () => {
    upstream.setTimeout(0);
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
  });
  upstream.on('timeout', () => upstream.destroy());
  upstream.on('error', () => client.destroy());
  upstream.on('close', () => client.destroy());
  client.on('close', () => upstream.destroy());
}

/**
 * A forward proxy on loopback that every browser connection goes through. Request interception already checks
 * URLs per render, but some traffic never reaches interception (`<link rel=prefetch>`, preconnects, worker
 * requests), and a check-then-continue leaves a DNS-rebinding window. Here the SSRF guard runs per connection and
 * the upstream socket goes to the exact address the guard approved, which closes both gaps.
 */
export async function startEgressProxy(opts: EgressProxyOptions): Promise<EgressProxy> {
  const sockets = new Set<Duplex>();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const remember = (s: Duplex) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  };
  const c: ProxyContext = { ssrfGuard: opts.ssrfGuard, connectTimeoutMs: opts.connectTimeoutMs ?? 10_000, onBlocked: opts.onBlocked, agent, remember };

  const server = http.createServer((req, res) => void forwardHttp(c, req, res));
  server.on('connection', remember);
  server.on('connect', (req: http.IncomingMessage, client: Duplex, head: Buffer) => {
    remember(client);
    client.on('error', () => client.destroy());
    void tunnel(c, req, client, head);
  });
  // Chromium tunnels WebSockets with CONNECT; a plain upgrade through the proxy is not something we serve.
  server.on('upgrade', (_req, socket: Duplex) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      agent.destroy();
      await closed;
    },
  };
}
