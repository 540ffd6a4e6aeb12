import { probeVideo, withTempFile } from '@rp/test-kit';
import { closeTestDb, decodePng, fetchBytes, newOrg, readZip, recordFigures, stackInfo, type TestOrg } from '../index';
import { createCardTemplate, createPromoVideo, waitForCollection, waitForRender } from '../support/render-helpers';
import { describeMemory, watchMemory, type MemoryReport } from './memory-watch';
import { SERVICES } from './podman';
import { suitePods } from './suite-pods';

/*
 * A render burst on one render worker under the chart's limits: three 500-item collections and five 1080p videos of
 * 2 s asked for at once, on both engines (two collections and three videos native, the others Chromium), the services
 * run from their images with their chart limits (cgroup limits podman sets from resources.limits). Every item and
 * every video must complete, each rendered once (the worker's render_duration_seconds counts, before and after, grow
 * by exactly the items, chunks and joins asked for), every image of every zip must decode, every video must be
 * 1920x1080 with its frames; no service may be OOM-killed or restarted, or exceed its limit. Each collection is its
 * own org's: an org may have MAX_PENDING_RENDERS_PER_ORG renders pending (1,000 in the chart). RENDER_BURST_ITEMS sets
 * another collection size. Then 300 previews within 10 s through POST /v1/previews, the route the studio's live
 * preview calls, each of an unsaved draft with a colour of its own: every one must answer 200 with its own colour.
 * docs/capacity.md has the figures.
 */

const ITEMS = Number(process.env.RENDER_BURST_ITEMS ?? 500);
const COLLECTIONS = 3;
const VIDEOS = 5;
const VIDEO = { width: 1920, height: 1080, seconds: 2, fps: 30 };
/** Collections and videos alternate between the engines: native first, Chromium second. */
const ENGINES = ['native', 'chromium'] as const;

const PREVIEWS = 300;
/** An unsaved draft as the studio previews it: a box whose colour is a placeholder. */
const STUDIO_DRAFT = {
  type: 'image',
  width: 64,
  height: 48,
  composition_html: '<div data-placeholder="bg" data-placeholder-prop="background" style="position:absolute;inset:0;background:#000"></div>',
  placeholders: [{ name: 'bg', type: 'color', default: '#000000' }],
};
/** A colour of its own for each of up to 1,000 previews, 20 apart in each channel. */
const previewColor = (i: number) => [40 + (i % 10) * 20, 40 + (Math.floor(i / 10) % 10) * 20, 40 + Math.floor(i / 100) * 20];
const hex = (rgb: number[]) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

const memoryFigures = ({ container, firstUsageBytes, peakBytes, peakSource, anonPeakBytes, chartLimitBytes, fractionOfLimit }: MemoryReport) => ({
  container, firstUsageBytes, peakBytes, peakSource, anonPeakBytes, chartLimitBytes, fractionOfLimit,
});

/** The render worker's render_duration_seconds observations by kind (main and batch process summed on /metrics). */
async function rendersByKind(healthPort: number): Promise<Record<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${healthPort}/metrics`)).text();
  const out: Record<string, number> = {};
  for (const m of text.matchAll(/^render_duration_seconds_count\{([^}]*)\} (\d+)/gm)) {
    const kind = /kind="([^"]+)"/.exec(m[1]!)![1]!;
    out[kind] = (out[kind] ?? 0) + Number(m[2]);
  }
  return out;
}

const delta = (after: Record<string, number>, before: Record<string, number>) =>
  Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - (before[k] ?? 0)]).filter(([, v]) => v !== 0));

describe('render bursts on one render worker, under the chart limits', () => {
  const info = stackInfo();
  const pods = suitePods(info, 'render-burst');

  afterAll(closeTestDb);

  test(`${COLLECTIONS} collections of ${ITEMS} items and ${VIDEOS} 1080p videos at once: each completes once and decodes; no service OOM-killed, restarted or over its limit`, async () => {
    const orgs: TestOrg[] = await Promise.all(Array.from({ length: COLLECTIONS + 1 }, () => newOrg()));
    // both engines, each forced at save so that no parity check renders beside the burst
    const cards = await Promise.all(orgs.slice(0, COLLECTIONS).map(async (o, i) => (await createCardTemplate(o.api, { engine: ENGINES[i % 2] })).id));
    const videoOrg = orgs[COLLECTIONS]!;
    const promos = await Promise.all(ENGINES.map((engine) => createPromoVideo(videoOrg.api, { ...VIDEO, engine })));
    const health = pods['render-worker']!.spec.probes[0]!.port;
    const before = await rendersByKind(health);
    const watches = await Promise.all(SERVICES.map((svc) => watchMemory(pods[svc]!)));
    let reports: MemoryReport[] = [];
    const began = Date.now();
    let collections: any[];
    let videos: any[];
    try {
      const items = Array.from({ length: ITEMS }, (_, i) => ({ modifications: [{ name: 'title', text: `Item ${i}` }] }));
      const asked = await Promise.all([
        ...cards.map((id, i) => orgs[i]!.api.post('/v1/collections', { template_id: id, items })),
        ...Array.from({ length: VIDEOS }, (_, i) => videoOrg.api.post('/v1/videos', { template_id: promos[i % 2] })),
      ]);
      for (const res of asked) expect(res.status).toBe(202);
      [collections, videos] = await Promise.all([
        Promise.all(asked.slice(0, COLLECTIONS).map((res, i) => waitForCollection(orgs[i]!, res.body.id, 1_500_000))),
        Promise.all(asked.slice(COLLECTIONS).map((res) => waitForRender(videoOrg.api, 'video', res.body.id, 1_500_000))),
      ]);
    } finally {
      reports = await Promise.all(watches.map((w) => w.stop()));
      for (const r of reports) console.log(describeMemory(r));
    }
    const seconds = (Date.now() - began) / 1000;

    for (const c of collections) {
      expect(c).toMatchObject({ status: 'completed', total: ITEMS, completed: ITEMS, failed: 0 });
      const zip = await readZip((await fetchBytes(c.zip_url)).body);
      expect(zip.size).toBe(ITEMS);
      for (const png of zip.values()) expect(decodePng(png).width).toBe(400);
    }
    for (const v of videos) {
      expect(v.status).toBe('completed');
      const probe = await withTempFile((await fetchBytes(v.result_url)).body, 'mp4', probeVideo);
      expect(probe).toMatchObject({ width: VIDEO.width, height: VIDEO.height, frames: VIDEO.seconds * VIDEO.fps });
    }
    // each item and chunk rendered once: a render retried or run twice would count twice
    const chunkFrames = Number(pods['render-worker']!.spec.env.VIDEO_CHUNK_FRAMES);
    const chunks = VIDEOS * Math.ceil((VIDEO.seconds * VIDEO.fps) / chunkFrames);
    expect(delta(await rendersByKind(health), before)).toEqual({ image: COLLECTIONS * ITEMS, video_chunk: chunks, video_concat: VIDEOS });
    for (const r of reports) {
      expect({ container: r.container, oomKills: r.oomKills, restarts: r.restarts, oomKilled: r.oomKilled }).toEqual({ container: r.container, oomKills: 0, restarts: 0, oomKilled: false });
      expect(r.fractionOfLimit).toBeLessThan(1);
    }
    recordFigures('containers_render_burst', {
      items_per_collection: ITEMS,
      collections: COLLECTIONS,
      videos: VIDEOS,
      seconds,
      memory: reports.map(memoryFigures),
    });
  }, 1_800_000);
  test(`${PREVIEWS} previews asked within 10 s through the studio's route, each answered with its own image`, async () => {
    // the preview limit is per key (PREVIEW_RATE_LIMIT_PER_MINUTE, 120 in the chart): the burst comes from three orgs
    const orgs = await Promise.all(Array.from({ length: 3 }, () => newOrg()));
    const watches = await Promise.all(SERVICES.map((svc) => watchMemory(pods[svc]!)));
    let reports: MemoryReport[] = [];
    let answers: { status: number; color: number[]; png: Buffer }[];
    const began = Date.now();
    try {
      answers = await Promise.all(
        Array.from({ length: PREVIEWS }, async (_, i) => {
          // spread over 10 s, as clients editing in the studio would send them
          await new Promise((resolve) => setTimeout(resolve, (i * 10_000) / PREVIEWS));
          const color = previewColor(i);
          const res = await fetch(`${info.apiUrl}/v1/previews`, {
            method: 'POST',
            headers: { authorization: `Bearer ${orgs[i % 3]!.key}`, 'content-type': 'application/json' },
            body: JSON.stringify({ template: STUDIO_DRAFT, modifications: [{ name: 'bg', color: hex(color) }] }),
          });
          return { status: res.status, color, png: Buffer.from(await res.arrayBuffer()) };
        }),
      );
    } finally {
      reports = await Promise.all(watches.map((w) => w.stop()));
      for (const r of reports) console.log(describeMemory(r));
    }
    const seconds = (Date.now() - began) / 1000;
    expect(answers.filter((a) => a.status !== 200).map((a) => a.status)).toEqual([]);
    // each answer is its own preview: the colour it asked for, in the middle of the image
    for (const a of answers) {
      const seen = decodePng(a.png).mean(16, 12, 32, 24);
      expect({ seen, asked: a.color, near: seen.every((v, k) => Math.abs(v - a.color[k]!) <= 4) }).toEqual({ seen, asked: a.color, near: true });
    }
    for (const r of reports) {
      expect({ container: r.container, oomKills: r.oomKills, restarts: r.restarts, oomKilled: r.oomKilled }).toEqual({ container: r.container, oomKills: 0, restarts: 0, oomKilled: false });
      expect(r.fractionOfLimit).toBeLessThan(1);
    }
    recordFigures('containers_preview_burst', { previews: PREVIEWS, seconds, memory: reports.map(memoryFigures) });
  }, 600_000);
});
