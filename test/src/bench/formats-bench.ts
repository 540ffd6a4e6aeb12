import { GIF_LIMITS } from '@rp/workflow-safe';
import type { ApiClient } from '../support/api-client';
import { cardRenderBody, createCardFixtureTemplate, createVideoFixtureTemplate } from './bench-setup';
import { syncRender } from './image-bench';
import { round, summarize, type LatencySummary } from './stats';
import { e2eVideo, type E2eVideoResult } from './video-bench';

/** The same animated fixture at 1280x720 in each video format, at the gif cap (25 fps) so all three do equal work. */
export const FORMAT_FPS = GIF_LIMITS.maxFps;

export interface FormatVideos {
  fps: number;
  mp4: E2eVideoResult | null;
  webm: E2eVideoResult | null;
  gif: E2eVideoResult | null;
}

/** One 720p video per format through the API, one after the other, so the figures sit side by side in one run. */
export async function formatVideos(api: ApiClient, signal: AbortSignal): Promise<FormatVideos> {
  const out: FormatVideos = { fps: FORMAT_FPS, mp4: null, webm: null, gif: null };
  for (const format of ['mp4', 'webm', 'gif'] as const) {
    const id = await createVideoFixtureTemplate(api, 1280, 720, { format, fps: FORMAT_FPS });
    out[format] = await e2eVideo(api, id, signal, FORMAT_FPS);
  }
  return out;
}

export interface PdfVsPng {
  n: number;
  /** Latency per render, sync (`Prefer: wait`), one client: the card fixture as PNG and as PDF. */
  png: LatencySummary | null;
  pdf: LatencySummary | null;
  /** Median seconds per render. */
  png_s_per_render: number | null;
  pdf_s_per_render: number | null;
  pdf_over_png_p50: number | null;
  failures: number;
}

/** n sync renders of the card as PNG, then n as PDF, after one warm-up each; seconds per render. */
export async function pdfVsPng(api: ApiClient, n: number, signal: AbortSignal): Promise<PdfVsPng> {
  const ms: Record<'png' | 'pdf', number[]> = { png: [], pdf: [] };
  let failures = 0;
  for (const format of ['png', 'pdf'] as const) {
    const id = await createCardFixtureTemplate(api, format);
    await syncRender(api, cardRenderBody(id));
    for (let i = 0; i < n && !signal.aborted; i++) {
      const r = await syncRender(api, cardRenderBody(id, i));
      if (r.status === 'completed') ms[format].push(r.ms);
      else failures++;
    }
  }
  const png = ms.png.length ? summarize(ms.png) : null;
  const pdf = ms.pdf.length ? summarize(ms.pdf) : null;
  return {
    n,
    png,
    pdf,
    png_s_per_render: png ? round(png.p50_ms / 1000, 3) : null,
    pdf_s_per_render: pdf ? round(pdf.p50_ms / 1000, 3) : null,
    pdf_over_png_p50: png && pdf ? round(pdf.p50_ms / png.p50_ms, 2) : null,
    failures,
  };
}
