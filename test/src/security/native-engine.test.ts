import { stackControl } from '@rp/stack';
import {
  cardFixture, closeTestDb, descendants, newOrg, readProc, startFixtureServer, solidPng, testDb, waitFor, waitForCollection, waitForRender,
  type FixtureServer, type TestOrg,
} from '../index';

// The native engine under hostile templates and faults: it fetches nothing by itself (the platform's guard decides),
// caps what it draws, and a killed engine process loses no render (docs/engines.md).
jest.setTimeout(300_000);

const isEngineProcess = (cmdline: string) => cmdline.includes('native-engine-process.js');

async function engineProcesses(): Promise<number[]> {
  const worker = (await stackControl.status()).processes.find((p) => p.name === 'render-worker');
  expect(worker?.pid).toBeTruthy();
  return descendants(worker!.pid!).filter((p) => isEngineProcess(p.cmdline)).map((p) => p.pid);
}

describe('native engine safety', () => {
  let org: TestOrg;
  let fixtures: FixtureServer;
  let blockedHits = 0;
  let blocked: FixtureServer;
  beforeAll(async () => {
    org = await newOrg();
    fixtures = await startFixtureServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(solidPng(8, 8, [0, 160, 0]));
    });
    // 127.0.0.1 is outside the test stack's SSRF allow-list (only 127.0.0.2 is admitted)
    blocked = await startFixtureServer((_req, res) => {
      blockedHits++;
      res.end();
    }, '127.0.0.1');
  });
  afterAll(async () => {
    await fixtures?.close();
    await blocked?.close();
    await closeTestDb();
  });

  const nativeTemplate = async (html: string, extra: Record<string, unknown> = {}) => {
    const res = await org.api.post('/v1/templates', { name: 'hostile', type: 'image', format: 'png', width: 200, height: 100, composition_html: html, placeholders: [], engine: 'native', ...extra });
    expect(res.status).toBe(201);
    expect(res.body.engine_decision.engine).toBe('native');
    return res.body.id as string;
  };
  const renderFinal = async (templateId: string) => {
    const res = await org.api.post('/v1/images', { template_id: templateId }, { prefer: 'wait=60' });
    expect([200, 202]).toContain(res.status);
    return res.status === 200 ? res.body : waitForRender(org.api, 'image', res.body.id);
  };

  test('a remote image on a private address is blocked before any connection, with ssrf_blocked', async () => {
    const r = await renderFinal(await nativeTemplate(`<img src="${blocked.url}/x.png" style="width:10px;height:10px">`));
    expect(r).toMatchObject({ status: 'failed', error: { code: 'ssrf_blocked' } });
    expect(r.error.message).toContain(`${blocked.url}/x.png`);
    expect(blockedHits).toBe(0);
    // a public-by-policy address (the fixture host) loads, through the same guard
    const ok = await renderFinal(await nativeTemplate(`<div style="width:20px;height:20px;background-image:url(${fixtures.url}/a.png)"></div>`));
    expect(ok).toMatchObject({ status: 'completed', image_metadata: { engine: 'native' } });
  });

  test('file:// never resolves, in an <img> or a CSS url()', async () => {
    for (const html of ['<img src="file:///etc/passwd">', '<div style="width:9px;height:9px;background:url(file:///etc/hostname)"></div>']) {
      const r = await renderFinal(await nativeTemplate(html));
      expect(r).toMatchObject({ status: 'failed', error: { code: 'ssrf_blocked', message: expect.stringContaining('scheme not allowed') } });
    }
  });

  test('100,000 nodes fail with template_too_complex, and the worker goes on rendering', async () => {
    const r = await renderFinal(await nativeTemplate('<i>x</i>'.repeat(100_000)));
    expect(r).toMatchObject({ status: 'failed', error: { code: 'template_too_complex' } });
    const ok = await renderFinal(await nativeTemplate('<div style="width:10px;height:10px;background:#000"></div>'));
    expect(ok.status).toBe('completed');
  });

  test('a huge canvas answers 422 by the pixel caps, on the native engine as on Chromium', async () => {
    const res = await org.api.post('/v1/templates', { name: 'huge', type: 'image', width: 20000, height: 20000, composition_html: '<div></div>', placeholders: [], engine: 'native' });
    expect(res.status).toBe(422);
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['width']));
  });

  test('SIGKILL of the engine processes mid-collection: every item final exactly once, the single render too', async () => {
    const templateId = await nativeTemplate(cardFixture.html, { width: cardFixture.width, height: cardFixture.height, placeholders: cardFixture.placeholders });
    const items = Array.from({ length: 30 }, (_, i) => ({ modifications: [{ name: 'headline', text: `Item ${i}` }] }));
    const res = await org.api.post('/v1/collections', { template_id: templateId, items });
    expect(res.status).toBe(202);
    const id = res.body.id as string;
    const single = org.api.post('/v1/images', { template_id: templateId }, { prefer: 'wait=60' });
    // three rounds: as soon as engine processes draw, kill every one of them (they restart on the next render)
    const killed = new Set<number>();
    let midway = 0;
    for (let round = 0; round < 3; round++) {
      const pids = await waitFor(async () => {
        const fresh = (await engineProcesses()).filter((p) => !killed.has(p));
        return fresh.length > 0 ? fresh : null;
      }, { what: 'engine processes', everyMs: 20, timeoutMs: 60_000 });
      const progress = (await org.api.get(`/v1/collections/${id}`)).body;
      if (progress.completed + progress.failed < 30) midway++;
      for (const pid of pids) {
        if (readProc(pid)) process.kill(pid, 'SIGKILL');
        killed.add(pid);
      }
    }
    expect(midway).toBeGreaterThan(0);
    const done = await waitForCollection(org, id, 240_000);
    expect(done.total).toBe(30);
    expect(done.completed + done.failed).toBe(30);
    // an item fails only when its engine process died under it twice, so each failure took kills of its own: the
    // kills bound the failures, and the rest completed
    expect(done.failed).toBeLessThanOrEqual(Math.floor(killed.size / 2));
    for (const item of done.items) expect({ status: item.status, code: item.error?.code ?? null }).toEqual(
      item.status === 'completed' ? { status: 'completed', code: null } : { status: 'failed', code: 'engine_crashed' },
    );
    const rows = await testDb()('renders').where({ collection_id: id }).select('collection_index', 'render_count', 'status', 'image_metadata');
    expect(rows).toHaveLength(30);
    for (const row of rows.filter((r: { status: string }) => r.status === 'completed')) {
      expect(row.render_count).toBe(1);
      expect(row.image_metadata.engine).toBe('native');
    }
    const first = await single;
    const final = first.status === 200 ? first.body : await waitForRender(org.api, 'image', first.body.id);
    const outcome = final.status === 'completed' ? 'completed' : `${final.status}: ${final.error?.code}`;
    expect(['completed', 'failed: engine_crashed']).toContain(outcome);
    // the engine is back: a render after the kills completes
    const after = await renderFinal(await nativeTemplate('<div style="width:10px;height:10px;background:#000"></div>'));
    expect(after.status).toBe('completed');
  });
});
