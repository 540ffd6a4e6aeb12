import {
  closeTestDb,
  createCardTemplate,
  decodePng,
  expectError,
  fieldsOf,
  newOrg,
  stackInfo,
  testDb,
  waitForRender,
  type TestOrg,
} from '../index';
import { fetchUrl, signWithExample, type UrlKey } from './render-url-kit';

const near = (a: number[], b: number[], tol = 12) => a.every((v, i) => Math.abs(v - b[i]!) <= tol);
/** The bg placeholder paints the top 400×150 box of the card. */
const bgOf = (png: Buffer) => decodePng(png).mean(20, 20, 360, 110);

describe('signed render URLs and the render cache', () => {
  let org: TestOrg;
  let other: TestOrg;
  let key: UrlKey;
  let templateId: string;
  let otherTemplateId: string;
  let base: string;
  const renders = async (orgId: string) => Number((await testDb()('renders').where({ org_id: orgId }).count('* as n'))[0]!.n);

  beforeAll(async () => {
    base = stackInfo().apiUrl;
    [org, other] = await Promise.all([newOrg(), newOrg()]);
    templateId = (await createCardTemplate(org.api)).id;
    otherTemplateId = (await createCardTemplate(other.api)).id;
    const created = await org.api.post('/v1/url-keys', { name: 'newsletter' });
    expect(created.status).toBe(201);
    key = { id: created.body.id, secret: created.body.secret };
  });
  afterAll(() => closeTestDb());

  test('keys: the secret is shown once; the list has no secrets; another org sees none of them', async () => {
    expect(key.secret).toMatch(/^uk_/);
    const list = await org.api.get('/v1/url-keys');
    expect(list.status).toBe(200);
    expect(list.body.find((k: any) => k.id === key.id)).toMatchObject({ name: 'newsletter', revoked_at: null });
    expect(list.body.every((k: any) => k.secret === undefined)).toBe(true);
    expect((await other.api.get('/v1/url-keys')).body).toEqual([]);
    expectError(await other.api.delete(`/v1/url-keys/${key.id}`), 404);
  });

  test('URLs from the Node and the Python example both render the modification; a second request is a cache hit', async () => {
    const nodeUrl = signWithExample('node', base, key, `${templateId}.png`, { bg: '#ff0000', title: 'Node (it\'s 100%)' });
    const before = await renders(org.orgId);
    const first = await fetchUrl(nodeUrl);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(first.headers.get('x-render-cache')).toBe('miss');
    expect(near(bgOf(first.body), [255, 0, 0])).toBe(true);
    expect(decodePng(first.body).width).toBe(400);
    expect(await renders(org.orgId)).toBe(before + 1);

    const exp = String(Math.floor(Date.now() / 1000) + 3600);
    const pyUrl = signWithExample('python', base, key, `${templateId}.png`, { bg: '#0000ff', title: 'Python ü', exp });
    const py = await fetchUrl(pyUrl);
    expect(py.status).toBe(200);
    expect(near(bgOf(py.body), [0, 0, 255])).toBe(true);
    const maxAge = Number(/max-age=(\d+)/.exec(py.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(3600);

    // the same URL again: served from the stored result, no new render, same ETag, same bytes
    const count = await renders(org.orgId);
    const second = await fetchUrl(nodeUrl);
    expect(second.status).toBe(200);
    expect(second.headers.get('x-render-cache')).toBe('hit');
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.body.equals(first.body)).toBe(true);
    expect(await renders(org.orgId)).toBe(count);
    // the same modifications signed by the other example hit the same cache entry
    const pySame = await fetchUrl(signWithExample('python', base, key, `${templateId}.png`, { title: 'Node (it\'s 100%)', bg: '#ff0000' }));
    expect(pySame.headers.get('x-render-cache')).toBe('hit');
    expect(pySame.headers.get('etag')).toBe(first.headers.get('etag'));
    const notModified = await fetchUrl(nodeUrl, { 'if-none-match': first.headers.get('etag')! });
    expect(notModified.status).toBe(304);
  });

  test('POST /v1/images reuses a completed identical render only with cache: true, and never across orgs', async () => {
    const mods = [{ name: 'bg', color: '#00ff00' }, { name: 'title', text: 'Cached' }];
    const source = await org.api.post('/v1/images', { template_id: templateId, modifications: mods }, { prefer: 'wait=60' });
    expect(source.body).toMatchObject({ status: 'completed', cached_from: null });
    // same content, other order of modifications
    const reused = await org.api.post('/v1/images', { template_id: templateId, modifications: [...mods].reverse(), cache: true }, { prefer: 'wait=60' });
    expect(reused.body).toMatchObject({ status: 'completed', cached_from: source.body.id });
    expect(reused.body.image_metadata.sha256).toBe(source.body.image_metadata.sha256);
    const rows = await testDb()('renders').whereIn('id', [source.body.id, reused.body.id]).select('id', 'result_path');
    expect(new Set(rows.map((r) => r.result_path)).size).toBe(1); // one stored result: the cached record rendered nothing
    const fresh = await org.api.post('/v1/images', { template_id: templateId, modifications: mods }, { prefer: 'wait=60' });
    expect(fresh.body).toMatchObject({ status: 'completed', cached_from: null });
    // another org with the very same template and modifications renders its own
    const foreign = await other.api.post('/v1/images', { template_id: otherTemplateId, modifications: mods, cache: true }, { prefer: 'wait=60' });
    expect(foreign.body).toMatchObject({ status: 'completed', cached_from: null });
    const png = await fetchUrl(reused.body.result_url);
    expect(near(bgOf(png.body), [0, 255, 0])).toBe(true);
  });

  test('403: tampered signature, unknown key, revoked key, expired URL', async () => {
    const url = signWithExample('node', base, key, `${templateId}.png`, { title: 'Signed' });
    const tampered = url.replace('title=Signed', 'title=Signee');
    expectError(await asApi(tampered), 403, 'invalid_signature');
    expectError(await asApi(url.replace(/sig=[0-9a-f]+/, `sig=${'0'.repeat(64)}`)), 403, 'invalid_signature');
    const unknownKey = signWithExample('node', base, { id: '00000000-0000-4000-8000-000000000000', secret: key.secret }, `${templateId}.png`, {});
    expectError(await asApi(unknownKey), 403, 'invalid_signature');
    const past = signWithExample('python', base, key, `${templateId}.png`, { exp: String(Math.floor(Date.now() / 1000) - 1) });
    expectError(await asApi(past), 403, 'url_expired');

    const k2 = await org.api.post('/v1/url-keys', { name: 'to revoke' });
    const revocable = signWithExample('node', base, { id: k2.body.id, secret: k2.body.secret }, `${templateId}.png`, { bg: '#ff0000', title: 'Node (it\'s 100%)' });
    expect((await fetchUrl(revocable)).status).toBe(200); // a cache hit while the key lives
    expect((await org.api.delete(`/v1/url-keys/${k2.body.id}`)).status).toBe(204);
    expectError(await asApi(revocable), 403, 'url_key_revoked');
  });

  test('404 for an unknown template and for another org\'s template even with a valid signature; 422 and 502 as JSON', async () => {
    expectError(await asApi(signWithExample('node', base, key, '00000000-0000-4000-8000-000000000000.png', {})), 404, 'not_found');
    expectError(await asApi(signWithExample('python', base, key, `${otherTemplateId}.png`, { title: 'x' })), 404, 'not_found');
    const otherKey = await other.api.post('/v1/url-keys', {});
    expectError(await asApi(signWithExample('node', base, otherKey.body, `${templateId}.png`, {})), 404, 'not_found');

    const badColor = await asApi(signWithExample('node', base, key, `${templateId}.png`, { bg: 'not-a-colour' }));
    expectError(badColor, 422, 'validation_failed');
    expect(fieldsOf(badColor)).toEqual(['bg']);
    const unknown = await asApi(signWithExample('node', base, key, `${templateId}.png`, { subtitle: 'x' }));
    expect(fieldsOf(unknown)).toEqual(['subtitle']);
    expect(fieldsOf(await asApi(signWithExample('node', base, key, `${templateId}.webp`, {})))).toEqual(['template_file']);

    // 127.0.0.1 is outside the test stack's SSRF allow-list: the render fails and the URL says why
    const failing = await asApi(signWithExample('python', base, key, `${templateId}.png`, { photo: 'http://127.0.0.1:9/x.png' }));
    expectError(failing, 502);
    const failed = await testDb()('renders').where({ org_id: org.orgId }).whereRaw("modifications::text like '%127.0.0.1:9%'").first();
    expect(failing.body.error.code).toBe(failed.error.code);
    await waitForRender(org.api, 'image', failed.id);
  });
});

/** The URL fetched through the API client, so error bodies are parsed and checked like every other route's. */
async function asApi(url: string) {
  const res = await fetch(url);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}
