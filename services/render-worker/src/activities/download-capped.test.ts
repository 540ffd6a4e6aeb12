import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createSsrfGuard } from '@rp/net-guard';
import type { RenderFailure } from '../renderer/types';
import { downloadCapped } from './download-capped';

// The audio download against a real server on 127.0.0.2 (the one loopback address the guard admits).
let server: http.Server;
let base: string;
let dir: string;
const ssrfGuard = createSsrfGuard({ allowCidrs: '127.0.0.2/32' });

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'download-capped-'));
  server = http.createServer((req, res) => {
    if (req.url === '/a.wav') return void res.writeHead(200, { 'content-type': 'audio/wav' }).end(Buffer.alloc(300, 7));
    if (req.url === '/moved') return void res.writeHead(302, { location: '/a.wav' }).end();
    if (req.url === '/to-internal') return void res.writeHead(302, { location: 'http://127.0.0.1:9/a.wav' }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.2', r));
  base = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r())));
});

const download = (url: string, destPath: string, maxBytes = 1024) => downloadCapped({ url, destPath, ssrfGuard, maxBytes, timeoutMs: 5000 });
const failure = (p: Promise<unknown>) => p.then(() => null, (e: RenderFailure) => ({ code: e.code, retryable: e.retryable, message: e.message }));

describe('downloadCapped', () => {
  it('writes the body to the file, through a redirect the guard approves', async () => {
    const dest = path.join(dir, 'moved.wav');
    expect(await download(`${base}/moved`, dest)).toEqual({ bytes: 300 });
    expect(fs.readFileSync(dest)).toEqual(Buffer.alloc(300, 7));
  });

  it('fails a refused redirect, a status and too many bytes for good, with their codes', async () => {
    expect(await failure(download(`${base}/to-internal`, path.join(dir, 'x.wav')))).toMatchObject({ code: 'ssrf_blocked', retryable: false });
    expect(await failure(download(`${base}/missing`, path.join(dir, 'y.wav')))).toEqual({ code: 'asset_unreachable', retryable: false, message: `audio ${base}/missing: answered 404` });
    expect(await failure(download(`${base}/a.wav`, path.join(dir, 'z.wav'), 100))).toEqual({ code: 'asset_too_large', retryable: false, message: `audio ${base}/a.wav: larger than 100 bytes` });
    // nothing was written for the answers that failed before a body
    expect(fs.existsSync(path.join(dir, 'x.wav')) || fs.existsSync(path.join(dir, 'y.wav'))).toBe(false);
  });
});
