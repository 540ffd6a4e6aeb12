import type { Modification } from '@rp/workflow-safe';
import { canonicalRenderUrl, signRenderUrl } from '@rp/api';
import type { ApiClient } from '../support/api-client';
import { cardRenderBody } from './bench-setup';
import { syncRender } from './image-bench';
import { summarize, type LatencySummary } from './stats';

export interface UrlRenderResult {
  /** A URL seen for the first time: verify, render through the image workflow, stream. */
  miss: LatencySummary & { failed: number };
  /** The same URL again: verify, cache lookup, stream the stored result (no render). */
  hit: LatencySummary & { failed: number };
  /** POST /v1/images with Prefer: wait in the same phase, the baseline the miss is compared against. */
  sync: LatencySummary;
}

const valueOf = (m: Modification) => String(m.text ?? m.image_url ?? m.color ?? m.number ?? '');

function signedUrl(apiUrl: string, key: { id: string; secret: string }, templateId: string, mods: Modification[]): string {
  const path = `/u/${key.id}/${templateId}.png`;
  const params = mods.map((m): [string, string] => [m.name, valueOf(m)]);
  const sig = signRenderUrl(key.secret, canonicalRenderUrl(path, params));
  const query = new URLSearchParams([...params, ['sig', sig]]);
  return `${apiUrl}${path}?${query.toString()}`;
}

async function timedGet(url: string): Promise<{ ms: number; ok: boolean }> {
  const t0 = performance.now();
  const res = await fetch(url);
  const body = await res.arrayBuffer();
  return { ms: performance.now() - t0, ok: res.status === 200 && body.byteLength > 0 };
}

/** Render URL latency on a cache miss and a hit, one client, next to sync POST /v1/images of the same run. */
export async function urlRenders(api: ApiClient, apiUrl: string, templateId: string, n: number, signal: AbortSignal): Promise<UrlRenderResult> {
  const key = (await api.post('/v1/url-keys', { name: 'bench' })).body as { id: string; secret: string };
  const miss: { ms: number; ok: boolean }[] = [];
  const hit: { ms: number; ok: boolean }[] = [];
  const sync: number[] = [];
  // warm-up: one of each, not counted
  const warm = signedUrl(apiUrl, key, templateId, cardRenderBody(templateId, 90_000).modifications);
  await timedGet(warm);
  await timedGet(warm);
  for (let i = 0; i < n && !signal.aborted; i++) {
    const url = signedUrl(apiUrl, key, templateId, cardRenderBody(templateId, 100_000 + i).modifications);
    miss.push(await timedGet(url));
    hit.push(await timedGet(url));
    const s = await syncRender(api, cardRenderBody(templateId, 200_000 + i));
    if (s.status === 'completed') sync.push(s.ms);
  }
  const ok = (xs: { ms: number; ok: boolean }[]) => ({ ...summarize(xs.filter((x) => x.ok).map((x) => x.ms)), failed: xs.filter((x) => !x.ok).length });
  return { miss: ok(miss), hit: ok(hit), sync: summarize(sync) };
}
