import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSsrfGuard } from '@rp/net-guard';
import { fetchResource, MAX_RESOURCE_BYTES } from './fetch-resource';
import type { EngineAssets } from '../../image-engine';
import type { FetchAssets } from './fetch-resource';
import type { RenderFailure } from '../../../types';

const ASSET = '0b6c3f9e-8d1a-4c2b-9f3e-1a2b3c4d5e6f';
let server: http.Server;
let base: string;
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/img') return res.end(Buffer.from('PIXELS'));
    if (req.url === '/hop') return res.writeHead(302, { location: '/img' }).end();
    if (req.url === '/to-file') return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    if (req.url === '/huge') return res.writeHead(200, { 'content-length': String(MAX_RESOURCE_BYTES + 1) }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

const resolveAsset: EngineAssets['resolveAsset'] = async (id) => (id === ASSET ? { contentType: 'image/png', body: Buffer.from('ASSET') } : null);
const loopbackAllowed: FetchAssets = { ssrfGuard: createSsrfGuard({ allowCidrs: '127.0.0.1/32' }), resolveAsset };
const publicOnly: FetchAssets = { ssrfGuard: createSsrfGuard(), resolveAsset };
const get = (url: string, assets: FetchAssets) => fetchResource(url, assets, { kind: 'image', signal: AbortSignal.timeout(5000) });
const failure = (p: Promise<unknown>) => p.then(() => null, (err: RenderFailure) => ({ code: err.code, message: err.message }));

describe('fetchResource', () => {
  it('fetches an approved http URL and follows a redirect through the guard', async () => {
    expect((await get(`${base}/img`, loopbackAllowed)).toString()).toBe('PIXELS');
    expect((await get(`${base}/hop`, loopbackAllowed)).toString()).toBe('PIXELS');
  });

  it('refuses a private address before connecting (ssrf_blocked)', async () => {
    const before = hits.length;
    expect(await failure(get(`${base}/img`, publicOnly))).toMatchObject({ code: 'ssrf_blocked' });
    expect(hits.length).toBe(before);
  });

  it('never resolves file:, also behind a redirect', async () => {
    expect(await failure(get('file:///etc/passwd', loopbackAllowed))).toMatchObject({ code: 'ssrf_blocked', message: expect.stringContaining('scheme not allowed') });
    expect(await failure(get(`${base}/to-file`, loopbackAllowed))).toMatchObject({ code: 'ssrf_blocked' });
  });

  it('decodes an inline data: URL (an @font-face font)', async () => {
    expect((await get(`data:font/ttf;base64,${Buffer.from('FONT').toString('base64')}`, publicOnly)).toString()).toBe('FONT');
  });

  it('answers asset URLs from the org-scoped resolver only', async () => {
    expect((await get(`https://assets.render.invalid/${ASSET}`, publicOnly)).toString()).toBe('ASSET');
    expect(await failure(get('https://assets.render.invalid/00000000-0000-4000-8000-000000000000', publicOnly))).toMatchObject({ code: 'asset_unreachable' });
  });

  it('fails an HTTP error, a relative path and an oversized body with their codes', async () => {
    expect(await failure(get(`${base}/missing`, loopbackAllowed))).toMatchObject({ code: 'asset_unreachable', message: expect.stringContaining('404') });
    expect(await failure(get('photo.png', loopbackAllowed))).toMatchObject({ code: 'asset_unreachable' });
    expect(await failure(get(`${base}/huge`, loopbackAllowed))).toMatchObject({ code: 'asset_too_large' });
  });
});
