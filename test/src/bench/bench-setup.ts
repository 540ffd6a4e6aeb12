import { animatedFixture, cardFixture } from '../support';
import type { ApiClient } from '../support/api-client';

/** Templates the bench renders, created through the API like a customer would, from the renderer's own fixtures. */

export const VIDEO_FPS = 30;
export const VIDEO_SECONDS = 5;

/**
 * The card template on a given engine. Chromium by default: with `auto` the card is decided native within seconds
 * of its save (docs/engines.md), so the Chromium phases (their floor is a browser) would measure a mix of both.
 */
export async function createCardFixtureTemplate(
  api: ApiClient,
  format: 'png' | 'pdf' = 'png',
  engine: 'chromium' | 'native' | 'auto' = 'chromium',
  card: Pick<typeof cardFixture, 'width' | 'height' | 'html' | 'placeholders'> = cardFixture,
): Promise<string> {
  const res = await api.post('/v1/templates', {
    name: `Bench card 1080 ${format} ${engine}${card === cardFixture ? '' : ' (Arial)'}`,
    engine,
    type: 'image',
    format,
    width: card.width,
    height: card.height,
    composition_html: card.html,
    placeholders: card.placeholders,
  });
  if (res.status !== 201) throw new Error(`card template create failed: ${res.status} ${res.text}`);
  return res.body.id as string;
}

/** The template's engine decision once the parity check has made it (polled; `auto` decides within seconds). */
export async function engineDecisionOf(api: ApiClient, templateId: string, timeoutMs = 120_000): Promise<{ engine: string; reason: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api.get(`/v1/templates/${templateId}`);
    const d = res.body?.engine_decision as { engine: string; reason: string } | undefined;
    if (d && d.reason !== 'parity_pending') return { engine: d.engine, reason: d.reason };
    if (Date.now() > deadline) throw new Error(`template ${templateId}: no engine decision within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

export async function createVideoFixtureTemplate(
  api: ApiClient,
  width: number,
  height: number,
  { format = 'mp4', fps = VIDEO_FPS, seconds = VIDEO_SECONDS }: { format?: 'mp4' | 'webm' | 'gif'; fps?: number; seconds?: number } = {},
): Promise<string> {
  const res = await api.post('/v1/templates', {
    name: `Bench video ${width}x${height} ${format} ${seconds}s`,
    type: 'video',
    format,
    width,
    height,
    // the same document benchRawVideo captures ('mixed' driver: CSS sweep, rAF counter, transition)
    composition_html: animatedFixture({ width, height, seconds, driver: 'mixed' }),
    canvas_data: { duration_seconds: seconds, fps },
    // no video_strategy: the default (auto), as users get it
    placeholders: [],
  });
  if (res.status !== 201) throw new Error(`video template create failed: ${res.status} ${res.text}`);
  return res.body.id as string;
}

/** The image request body: the fixture's own modifications, so e2e renders the exact document the raw baseline does. */
export function cardRenderBody(templateId: string, i?: number) {
  const modifications = cardFixture.modifications.map((m) =>
    // a per-item headline keeps collection items distinct without changing the amount of work
    i !== undefined && m.name === 'headline' ? { ...m, text: `${m.text} #${i}` } : m,
  );
  return { template_id: templateId, modifications };
}

export { cardFixture };
