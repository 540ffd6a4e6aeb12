import fs from 'node:fs';
import path from 'node:path';
import { PARITY_THRESHOLD } from '@rp/workflow-safe';
import { closeTestDb, decodePng, engineCorpus, fetchBytes, newOrg, testDb, waitFor, type CorpusTemplate, type TestOrg } from '../index';

// The parity corpus through the API (docs/engines.md): each template is created with engine auto and must reach its
// expected decision: the static gate's at once, the parity check's once its workflow has run.
const FONT = fs.readFileSync(path.join(__dirname, '../../fixtures/fonts/LiberationMono-Regular.ttf'));

describe('engine decision', () => {
  let org: TestOrg;
  let fontId: string;
  const create = (t: CorpusTemplate, extra: object = {}) =>
    org.api.post('/v1/templates', {
      name: t.name, type: t.type ?? 'image', format: t.format ?? (t.type === 'video' ? 'mp4' : 'png'), width: t.width, height: t.height,
      composition_html: t.html.replace('{{FONT}}', fontId), placeholders: t.placeholders, ...extra,
    });
  const decided = (id: string) =>
    waitFor(async () => {
      const res = await org.api.get(`/v1/templates/${id}`);
      return res.body.engine_decision.reason === 'parity_pending' ? null : res.body;
    }, { timeoutMs: 90_000, what: `the engine decision of ${id}` });

  beforeAll(async () => {
    org = await newOrg();
    const up = await org.api.post('/v1/assets', FONT, { 'content-type': 'font/ttf' });
    expect(up.status).toBe(201);
    fontId = up.body.id;
  });
  afterAll(closeTestDb);

  test.each(engineCorpus.filter((t) => !t.expected.reason.startsWith('parity_')).map((t) => [t.name, t] as const))(
    '%s: the static gate decides at save',
    async (_name, t) => {
      const res = await create(t);
      expect(res.status).toBe(201);
      expect(res.body.engine).toBe('auto');
      expect(res.body.engine_decision).toEqual({ engine: 'chromium', reason: t.expected.reason, parity: null });
      const v = await org.api.get(`/v1/templates/${res.body.id}/versions/1`);
      expect(v.body.engine_decision).toEqual(res.body.engine_decision);
    },
  );

  test.each(engineCorpus.filter((t) => t.expected.reason.startsWith('parity_')).map((t) => [t.name, t] as const))(
    '%s: the parity check decides',
    async (_name, t) => {
      const res = await create(t);
      expect(res.status).toBe(201);
      // renders use Chromium until the check decides
      expect(res.body.engine_decision).toEqual({ engine: 'chromium', reason: 'parity_pending', parity: null });
      const body = await decided(res.body.id);
      const { engine, reason, parity } = body.engine_decision;
      expect({ engine, reason }).toEqual(t.expected);
      expect(parity).toMatchObject({ metric: 'ssim+psnr', threshold: PARITY_THRESHOLD });
      const names = parity.samples.map((s: { sample: string }) => s.sample);
      expect(names[0]).toBe('defaults');
      // the figures carry the decision: native exactly when every sample meets both thresholds
      const meets = parity.samples.every((s: { ssim: number; psnr: number | null }) => s.ssim >= PARITY_THRESHOLD.ssim && (s.psnr ?? Infinity) >= PARITY_THRESHOLD.psnr);
      expect(meets).toBe(engine === 'native');
      expect(parity.min_ssim).toBe(Math.min(...parity.samples.map((s: { ssim: number }) => s.ssim)));
      const v = await org.api.get(`/v1/templates/${res.body.id}/versions/1`);
      expect(v.body.engine_decision).toEqual(body.engine_decision);
    },
  );

  test('native is forced only where the static gate allows it; chromium is always forced', async () => {
    const scripted = engineCorpus.find((t) => t.name === 'scripted-counter')!;
    const refused = await create(scripted, { engine: 'native' });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'engine_unsupported', details: [{ field: 'engine', message: expect.stringContaining('has_script') }] });

    const og = engineCorpus.find((t) => t.name === 'og-card')!;
    const native = await create(og, { engine: 'native' });
    expect(native.status).toBe(201);
    expect(native.body).toMatchObject({ engine: 'native', engine_decision: { engine: 'native', reason: 'forced', parity: null } });
    const chromium = await create(scripted, { engine: 'chromium' });
    expect(chromium.body).toMatchObject({ engine: 'chromium', engine_decision: { engine: 'chromium', reason: 'forced', parity: null } });

    // a change of engine is a new version with its own decision; the old version keeps its own
    const patched = await org.api.patch(`/v1/templates/${native.body.id}`, { engine: 'chromium' });
    expect(patched.body).toMatchObject({ current_version: 2, engine: 'chromium', engine_decision: { engine: 'chromium', reason: 'forced' } });
    const v1 = await org.api.get(`/v1/templates/${native.body.id}/versions/1`);
    expect(v1.body).toMatchObject({ engine: 'native', engine_decision: { engine: 'native', reason: 'forced' } });
    // forcing native onto content the gate rules out changes nothing
    const bad = await org.api.patch(`/v1/templates/${native.body.id}`, { engine: 'native', composition_html: scripted.html });
    expect(bad.status).toBe(422);
    expect((await org.api.get(`/v1/templates/${native.body.id}`)).body.current_version).toBe(2);
  });

  test('a decision whose check never started is made by the sweeper, not left pending', async () => {
    const banner = engineCorpus.find((t) => t.name === 'banner')!;
    const res = await create(banner);
    const first = await decided(res.body.id);
    // as if the API had died between the commit and the workflow start: pending, older than the sweeper's 30 s
    const where = { template_id: res.body.id, version: 1 };
    await testDb()('template_versions').where(where)
      .update({ engine: 'chromium', engine_reason: 'parity_pending', engine_parity: null, created_at: testDb().raw("now() - interval '2 minutes'") });
    await testDb()('templates').where({ id: res.body.id }).update({ engine: 'chromium', engine_reason: 'parity_pending', engine_parity: null });
    const again = await decided(res.body.id);
    expect(again.engine_decision).toMatchObject({ engine: first.engine_decision.engine, reason: first.engine_decision.reason });
    expect(again.engine_decision.parity.samples).toHaveLength(first.engine_decision.parity.samples.length);
  }, 200_000); // above its two decisions' budgets (90 s each)

  test('a canvas over 2 megapixels is compared scaled down, both renders alike', async () => {
    const html = `<div style="width:2400px;height:1600px;display:flex;align-items:center;justify-content:center;background:#0b3d91;
      color:#fff;font-family:'DejaVu Sans';font-size:160px;font-weight:700" data-placeholder="t">Poster</div>`;
    const res = await org.api.post('/v1/templates', {
      name: 'poster', type: 'image', width: 2400, height: 1600, composition_html: html, placeholders: [{ name: 't', type: 'text', default: 'Poster' }],
    });
    expect(res.status).toBe(201);
    await decided(res.body.id);
    const parity = await org.api.get(`/v1/templates/${res.body.id}/versions/1/parity`);
    expect(parity.status).toBe(200);
    expect(parity.body.samples.map((s: { sample: string }) => s.sample)).toEqual(['defaults', 'long-text']);
    for (const url of ['chromium_url', 'native_url', 'diff_url']) {
      const png = decodePng((await fetchBytes(parity.body.samples[0][url])).body);
      expect(png.width * png.height).toBeLessThanOrEqual(2_000_000);
      expect(png.width * png.height).toBeGreaterThan(1_900_000);
      expect(Math.abs(png.width / png.height - 1.5)).toBeLessThan(0.01);
    }
  });

  test('another org sees none of it', async () => {
    const other = await newOrg();
    const mine = await create(engineCorpus[0]!);
    expect((await other.api.get(`/v1/templates/${mine.body.id}`)).status).toBe(404);
    expect((await other.api.get(`/v1/templates/${mine.body.id}/versions/1`)).status).toBe(404);
    expect((await other.api.get(`/v1/templates/${mine.body.id}/versions/1/parity`)).status).toBe(404);
  });
});
