import type { ApiClient } from './api-client';
import { cssAnimatedCard, waitFor } from '@rp/test-kit';

/** A 400×300 card: background box (color), title (text) and photo (image) placeholders at known boxes. */
export const CARD_HTML = `<div id="bg" data-placeholder="bg" data-placeholder-prop="background"
  style="position:absolute;left:0;top:0;width:400px;height:150px;background:#000000"></div>
<div id="title" data-placeholder="title" style="position:absolute;left:10px;top:170px;width:380px;height:60px;font:bold 40px sans-serif;color:#000;background:#fff">Hello</div>
<img id="photo" data-placeholder="photo" style="position:absolute;left:300px;top:240px;width:100px;height:60px;object-fit:cover" src="">`;

export const CARD_PLACEHOLDERS = [
  { name: 'bg', type: 'color', default: '#000000' },
  { name: 'title', type: 'text', default: 'Hello' },
  { name: 'photo', type: 'image', default: null },
];

export async function createCardTemplate(api: ApiClient, overrides: Record<string, unknown> = {}) {
  const res = await api.post('/v1/templates', {
    name: 'Card',
    type: 'image',
    format: 'png',
    width: 400,
    height: 300,
    composition_html: CARD_HTML,
    placeholders: CARD_PLACEHOLDERS,
    ...overrides,
  });
  if (res.status !== 201) throw new Error(`template create failed: ${res.status} ${res.text}`);
  return res.body as { id: string; current_version: number };
}

/** A video template of this HTML (5 s of CSS motion, no script: what `engine: auto` may draw natively); answers its id. */
export async function createCssVideo(
  api: ApiClient,
  o: { name: string; html: string; width: number; height: number; seconds: number; fps: number; engine: 'auto' | 'chromium' | 'native' },
): Promise<string> {
  const res = await api.post('/v1/templates', {
    name: `${o.name} ${o.seconds}s ${o.engine}`,
    type: 'video',
    format: 'mp4',
    engine: o.engine,
    width: o.width,
    height: o.height,
    composition_html: o.html,
    canvas_data: { duration_seconds: o.seconds, fps: o.fps },
  });
  if (res.status !== 201) throw new Error(`${o.name} video template create failed: ${res.status} ${res.text}`);
  return res.body.id as string;
}

/** The CSS-animated promo card (test-kit cssAnimatedCard) as an mp4 video template on `engine` (native unless told); answers its id. */
export function createPromoVideo(
  api: ApiClient,
  o: { width: number; height: number; seconds: number; fps: number; engine?: 'auto' | 'chromium' | 'native'; barOnly?: boolean },
): Promise<string> {
  const html = cssAnimatedCard({ width: o.width, height: o.height, barOnly: o.barOnly });
  return createCssVideo(api, { ...o, name: `Promo${o.barOnly ? ' bar' : ''} ${o.width}x${o.height}`, html, engine: o.engine ?? 'native' });
}

/** Polls GET until the render is final. */
export async function waitForRender(api: ApiClient, kind: 'image' | 'video', id: string, timeoutMs = 120_000) {
  return waitFor(
    async () => {
      const r = await api.get(`/v1/${kind}s/${id}`);
      return r.body.status === 'completed' || r.body.status === 'failed' ? r.body : null;
    },
    { timeoutMs, what: `${kind} ${id} to finish`, everyMs: 250 },
  );
}

/** Polls GET until the collection is final. */
export async function waitForCollection(org: { api: ApiClient }, id: string, timeoutMs: number) {
  return waitFor(
    async () => {
      const r = await org.api.get(`/v1/collections/${id}`);
      return ['completed', 'completed_with_errors', 'failed'].includes(r.body.status) ? r.body : null;
    },
    { timeoutMs, everyMs: 1000, what: `collection ${id}` },
  );
}

export async function fetchBytes(url: string): Promise<{ status: number; type: string | null; body: Buffer }> {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
}
