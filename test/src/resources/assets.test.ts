import crypto from 'node:crypto';
import { closeTestDb, fetchBytes, newOrg, solidPng, type TestOrg } from '../index';
import { expectFieldError, expectNewestFirstOnce, expectNotFound, expectOk, readAllPages } from './resource-test-kit';

// The stack runs the API with the default ASSET_LIMIT_BYTES.
const LIMIT = 10 * 1024 * 1024;

describe('assets', () => {
  let a: TestOrg;
  let b: TestOrg;
  beforeAll(async () => {
    [a, b] = await Promise.all([newOrg(), newOrg()]);
  });
  afterAll(closeTestDb);

  const png = solidPng(8, 8, [10, 120, 240]);
  const upload = (bytes: Buffer | string, type: string, org = a, query = '') =>
    org.api.post(`/v1/assets${query}`, bytes, { 'content-type': type });

  test('raw upload: metadata, sha256 and a signed url that serves the bytes without a key', async () => {
    const res = expectOk(await upload(png, 'image/png', a, '?filename=logo.png'), 201);
    expect(res.headers.get('location')).toBe(`/v1/assets/${res.body.id}`);
    expect(res.body).toMatchObject({
      org_id: a.orgId,
      content_type: 'image/png',
      bytes: png.length,
      sha256: crypto.createHash('sha256').update(png).digest('hex'),
      filename: 'logo.png',
    });
    const file = await fetchBytes(res.body.url);
    expect(file).toMatchObject({ status: 200, type: 'image/png' });
    expect(file.body.equals(png)).toBe(true);
    const got = expectOk(await a.api.get(`/v1/assets/${res.body.id}`)).body;
    expect({ ...got, url: undefined }).toEqual({ ...res.body, url: undefined });
    expect((await fetchBytes(got.url)).body.equals(png)).toBe(true);
  });

  test('multipart upload with field "file"', async () => {
    const form = new FormData();
    form.append('note', 'ignored');
    form.append('file', new Blob([png], { type: 'application/octet-stream' }), 'photo.png');
    const res = expectOk(await a.api.raw('/v1/assets', { method: 'POST', headers: { authorization: `Bearer ${a.key}` }, body: form }), 201);
    expect(res.body).toMatchObject({ content_type: 'image/png', bytes: png.length, filename: 'photo.png' });
    expect((await fetchBytes(res.body.url)).body.equals(png)).toBe(true);

    const noFile = new FormData();
    noFile.append('other', new Blob([png]), 'x.png');
    expectFieldError(await a.api.raw('/v1/assets', { method: 'POST', headers: { authorization: `Bearer ${a.key}` }, body: noFile }), 'file');
  });

  test('the type comes from the bytes: png, jpeg, gif, webp and svg are sniffed, the header is not trusted', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(16)]);
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(16)]);
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([20, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(12)]);
    const svg = Buffer.from('\ufeff<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>\n');
    const cases: [Buffer, string, string][] = [
      [png, 'image/jpeg', 'image/png'],
      [jpeg, 'image/png', 'image/jpeg'],
      [gif, 'application/octet-stream', 'image/gif'],
      [webp, 'image/webp', 'image/webp'],
      [svg, 'image/svg+xml', 'image/svg+xml'],
    ];
    for (const [bytes, declared, detected] of cases) {
      const res = expectOk(await upload(bytes, declared), 201);
      expect(res.body.content_type).toBe(detected);
      expect((await fetchBytes(res.body.url)).type).toBe(detected);
    }
  });

  test('a fake image, an html page posing as svg, an empty body and a non-image content type are rejected', async () => {
    expectFieldError(await upload('this is plain text, not a png', 'image/png'), 'file', 422, 'unsupported_asset_type');
    expectFieldError(await upload('<html><body><svg></svg></body></html>', 'image/svg+xml'), 'file', 422, 'unsupported_asset_type');
    expectFieldError(await upload(Buffer.from([0x89, 0x50, 0x4e]), 'image/png'), 'file', 422, 'unsupported_asset_type');
    expectFieldError(await upload(Buffer.alloc(0), 'image/png'), 'file');
    const res = await upload(png, 'text/plain');
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('unsupported_media_type');
  });

  test('uploads over ASSET_LIMIT_BYTES answer 413 (raw, and multipart caught while streaming)', async () => {
    const big = Buffer.concat([png, Buffer.alloc(LIMIT + 1 - png.length)]);
    const raw = await upload(big, 'image/png');
    expect(raw.status).toBe(413);
    expect(raw.body.error.code).toBe('payload_too_large');
    // just over the limit: passes the Content-Length pre-check (multipart overhead allowance), stopped by the parser
    const form = new FormData();
    form.append('file', new Blob([big]), 'big.png');
    const multipart = await a.api.raw('/v1/assets', { method: 'POST', headers: { authorization: `Bearer ${a.key}` }, body: form });
    expect(multipart.status).toBe(413);
    expect((await a.api.get('/v1/assets?limit=100')).body.every((x: any) => x.bytes <= LIMIT)).toBe(true);
  });

  test('list: newest first, every asset once across cursor pages', async () => {
    const org = await newOrg();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(expectOk(await upload(solidPng(2, 2, [i, i, i]), 'image/png', org), 201).body.id);
    const { items, pages } = await readAllPages(org.api, '/v1/assets', 2);
    expect(pages).toBe(3);
    expectNewestFirstOnce(items, ids);
    expect(items.every((x) => typeof x.url === 'string' && x.url.includes('/files/'))).toBe(true);
  });

  test("another org's asset answers 404; delete removes it and clears people's photo", async () => {
    const asset = expectOk(await upload(png, 'image/png'), 201).body;
    expectNotFound(await b.api.get(`/v1/assets/${asset.id}`));
    expectNotFound(await b.api.delete(`/v1/assets/${asset.id}`));
    expect(expectOk(await b.api.get('/v1/assets')).body.map((x: any) => x.id)).not.toContain(asset.id);

    const person = expectOk(await a.api.post('/v1/people', { first_name: 'Pic', photo_asset_id: asset.id }), 201).body;
    expect((await a.api.delete(`/v1/assets/${asset.id}`)).status).toBe(204);
    expectNotFound(await a.api.get(`/v1/assets/${asset.id}`));
    expectNotFound(await a.api.delete(`/v1/assets/${asset.id}`));
    expect((await fetchBytes(asset.url)).status).toBe(404);
    expect(expectOk(await a.api.get(`/v1/people/${person.id}`)).body).toMatchObject({ photo_asset_id: null, photo_url: null });
  });
});
