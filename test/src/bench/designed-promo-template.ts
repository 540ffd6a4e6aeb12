import { solidPng } from '@rp/test-kit';
import type { Placeholder } from '@rp/workflow-safe';
import type { ApiClient } from '../support/api-client';
import { designedPromo, promoSize } from '../support/fixtures/designed-promo';

/** A saved video template: its id, and the HTML and placeholders the renders compose. */
export interface SavedVideo {
  id: string;
  html: string;
  placeholders: Placeholder[];
}

/**
 * The studio's designed promo (support/fixtures/designed-promo.ts) saved from canvas_data through the API, so the
 * API's compileDesign makes its HTML as for a user's save. Its photo is the timeline test's (a 64 px green PNG) as a
 * `data:` URL rather than an uploaded asset, so the raw pipeline, which has no asset resolver, draws the same document.
 */
export async function saveDesignedPromo(api: ApiClient, engine: 'auto' | 'chromium', fps: number, scale = 1): Promise<SavedVideo> {
  const photo = `data:image/png;base64,${solidPng(64, 64, [0, 200, 0]).toString('base64')}`;
  const canvas_data = designedPromo(photo, fps, scale);
  const res = await api.post('/v1/templates', { name: `designed promo ${engine}`, type: 'video', format: 'mp4', engine, ...promoSize(scale), canvas_data });
  if (res.status !== 201) throw new Error(`designed promo template create failed: ${res.status} ${res.text}`);
  return { id: res.body.id as string, html: res.body.composition_html as string, placeholders: res.body.placeholders as Placeholder[] };
}
