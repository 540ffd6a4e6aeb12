import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { guardedGet, type GuardedGetOptions } from './guarded-get';
import { GuardedGetError } from './guarded-get-error';
import { createSsrfGuard } from './ssrf-guard';

// guardedGet against a real server on 127.0.0.2 (the one loopback address the guard admits); a second server on
// 127.0.0.1, outside the allow-list, stands for the internal service a redirect may aim at.
let server: http.Server;
let internal: http.Server;
let base: string;
const internalHits: string[] = [];
const guard = createSsrfGuard({ allowCidrs: '127.0.0.2/32' });

function handler(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = req.url ?? '';
  const hop = /^\/r(\d+)$/.exec(url);
  if (hop) return void res.writeHead(302, { location: Number(hop[1]) > 1 ? `/r${Number(hop[1]) - 1}` : '/body' }).end();
  if (url === '/body') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('BODY');
  if (url === '/agent') return void res.writeHead(200).end(String(req.headers['user-agent']));
  if (url === '/to-internal') return void res.writeHead(302, { location: `http://127.0.0.1:${(internal.address() as AddressInfo).port}/secret` }).end();
  if (url === '/to-file') return void res.writeHead(302, { location: 'file:///etc/passwd' }).end();
  if (url === '/declared-large') return void res.writeHead(200, { 'content-length': '2048' }).end();
  if (url === '/streamed-large') {
    res.writeHead(200);
    return void res.end(Buffer.alloc(2048));
  }
  if (url === '/exact') return void res.writeHead(200).end(Buffer.alloc(1024));
  if (url === '/trickle') {
    // a byte every 100 ms, never ending: only the timeout ends it
    res.writeHead(200);
    const timer = setInterval(() => res.write('x'), 100);
    return void res.on('close', () => clearInterval(timer));
  }
  if (url === '/cut') {
    res.writeHead(200, { 'content-length': '100' });
    return void res.write('partial', () => res.socket?.destroy());
  }
  res.writeHead(404).end();
}

const listen = (s: http.Server, host: string) => new Promise<void>((r) => s.listen(0, host, r));
beforeAll(async () => {
  server = http.createServer(handler);
  internal = http.createServer((req, res) => void (internalHits.push(req.url ?? ''), res.end('secret')));
  await listen(server, '127.0.0.2');
  await listen(internal, '127.0.0.1');
  base = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of [server, internal]) await new Promise<void>((r) => (s.closeAllConnections(), s.close(() => r())));
});

const get = (path: string, more: Partial<GuardedGetOptions> = {}) => guardedGet({ guard, url: `${base}${path}`, maxBytes: 1024, maxRedirects: 5, ...more });
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => (err instanceof GuardedGetError ? { code: err.code, message: err.message } : { code: 'not a GuardedGetError', message: String(err) }),
  );

describe('guardedGet', () => {
  it('follows a redirect chain up to maxRedirects, each hop checked, and answers the final URL', async () => {
    const got = await get('/r3', { maxRedirects: 3 });
    expect({ url: got.url, body: got.body.toString(), bytes: got.bytes, contentType: got.contentType }).toEqual({ url: `${base}/body`, body: 'BODY', bytes: 4, contentType: 'text/plain' });
    expect(await failure(get('/r3', { maxRedirects: 2 }))).toEqual({ code: 'too_many_redirects', message: `${base}/r3: more than 2 redirects` });
  });

  it('refuses a redirect to a blocked address or another scheme without connecting there', async () => {
    const port = (internal.address() as AddressInfo).port;
    expect(await failure(get('/to-internal'))).toEqual({ code: 'ssrf_blocked', message: expect.stringMatching(new RegExp(`^request to http://127.0.0.1:${port}/secret blocked: .*not public`)) });
    expect(await failure(get('/to-file'))).toEqual({ code: 'ssrf_blocked', message: 'request to file:///etc/passwd blocked: scheme not allowed' });
    expect(internalHits).toEqual([]);
  });

  it('connects to the address the guard checked, not to a second lookup of the name', async () => {
    let lookups = 0;
    const named = createSsrfGuard({ allowCidrs: '127.0.0.2/32', lookup: async () => (lookups++, ['127.0.0.2']) });
    const got = await guardedGet({ guard: named, url: `http://cdn.invalid:${(server.address() as AddressInfo).port}/body`, maxBytes: 1024, maxRedirects: 0 });
    expect(got.body.toString()).toBe('BODY');
    expect(lookups).toBe(1);
  });

  it('caps the body by bytes, declared or streamed; exactly maxBytes passes', async () => {
    expect(await failure(get('/declared-large'))).toEqual({ code: 'too_large', message: `${base}/declared-large: larger than 1024 bytes` });
    expect(await failure(get('/streamed-large'))).toEqual({ code: 'too_large', message: `${base}/streamed-large: larger than 1024 bytes` });
    expect((await get('/exact')).bytes).toBe(1024);
  });

  it('writes the body to a sink made only once a 200 answers', async () => {
    const chunks: Buffer[] = [];
    let made = 0;
    const sink = () => (made++, new Writable({ write: (c: Buffer, _e, done) => void (chunks.push(c), done()) }));
    expect(await failure(get('/missing', { sink }))).toEqual({ code: 'http_status', message: `${base}/missing: answered 404` });
    expect(made).toBe(0);
    const got = await get('/r1', { sink });
    expect({ made, bytes: got.bytes, body: got.body.length, written: Buffer.concat(chunks).toString() }).toEqual({ made: 1, bytes: 4, body: 0, written: 'BODY' });
  });

  it('sends the caller\'s headers', async () => {
    expect((await get('/agent', { headers: { 'user-agent': 'pinning/1' } })).body.toString()).toBe('pinning/1');
  });

  it('ends a DNS lookup that never answers when the caller aborts, and when the timeout passes', async () => {
    const hanging = createSsrfGuard({ lookup: () => new Promise<string[]>(() => undefined) });
    const controller = new AbortController();
    const pending = guardedGet({ guard: hanging, url: 'http://dns-never-answers.invalid/a', maxBytes: 1, maxRedirects: 0, signal: controller.signal });
    const reason = new Error('the run is over');
    controller.abort(reason);
    const err = await pending.then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(GuardedGetError);
    expect({ code: (err as GuardedGetError).code, cause: (err as GuardedGetError).cause }).toEqual({ code: 'aborted', cause: reason });
    expect(await failure(guardedGet({ guard: hanging, url: 'http://dns-never-answers.invalid/a', maxBytes: 1, maxRedirects: 0, timeoutMs: 200 }))).toEqual({
      code: 'timeout', message: 'http://dns-never-answers.invalid/a: no complete answer within 200 ms',
    });
  });

  it('cuts a body that trickles off at the timeout, and reports a connection closed early', async () => {
    expect(await failure(get('/trickle', { timeoutMs: 500, maxBytes: 1_000_000 }))).toEqual({ code: 'timeout', message: `${base}/trickle: no complete answer within 500 ms` });
    expect(await failure(get('/cut'))).toEqual({ code: 'unreachable', message: `${base}/cut: connection closed before the end` });
  });

  it('reports a host without an address as unresolvable, not as blocked', async () => {
    const empty = createSsrfGuard({ lookup: async () => [] });
    expect(await failure(guardedGet({ guard: empty, url: 'http://nowhere.invalid/', maxBytes: 1, maxRedirects: 0 }))).toEqual({ code: 'unresolvable', message: 'http://nowhere.invalid/: host does not resolve' });
  });
});
