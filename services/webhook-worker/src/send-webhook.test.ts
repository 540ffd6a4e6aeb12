import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendWebhook } from './send-webhook';

describe('sendWebhook', () => {
  let server: http.Server;
  let port: number;
  const seen: { host?: string; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ host: req.headers.host, body });
        if (req.url === '/slow') return setTimeout(() => res.end('late'), 2000);
        if (req.url === '/big') return res.end('x'.repeat(100_000));
        if (req.url === '/nul') return res.end('a\u0000b');
        res.writeHead(503, { 'retry-after': '7' }).end('busy');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }));

  const send = (path: string, timeoutMs = 1000) =>
    sendWebhook({ url: new URL(`http://hooks.example.invalid:${port}${path}`), address: '127.0.0.1', headers: {}, body: '{"a":1}', timeoutMs });

  it('connects to the pinned address whatever the host name resolves to, keeping the Host header', async () => {
    const res = await send('/x');
    expect(res).toMatchObject({ status: 503, body: 'busy', retryAfter: '7', error: null });
    expect(seen.at(-1)).toEqual({ host: `hooks.example.invalid:${port}`, body: '{"a":1}' });
  });

  it('keeps 4 KiB of a large answer and strips NUL', async () => {
    expect((await send('/big')).body).toHaveLength(4096);
    expect((await send('/nul')).body).toBe('ab');
  });

  it('times out without a status', async () => {
    const res = await send('/slow', 200);
    expect(res.status).toBeNull();
    expect(res.error).toMatch(/timeout/);
  });

  it('reports a refused connection as an error, not an exception', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const p = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const res = await sendWebhook({ url: new URL(`http://127.0.0.1:${p}/`), address: '127.0.0.1', headers: {}, body: '{}', timeoutMs: 1000 });
    expect(res.status).toBeNull();
    expect(res.error).toMatch(/ECONNREFUSED/);
  });
});
