import { cssAnimatedCard } from '@rp/test-kit';
import { createPromoVideo } from '../support/render-helpers';
import { composeDocument } from '@rp/render-worker/renderer';
import { engineDecisionOf, VIDEO_FPS, VIDEO_SECONDS } from './bench-setup';
import type { PhaseContext } from './phase-context';
import { row, type SummaryRow } from './report';
import { ratio } from './stats';
import { e2eVideo, rawVideo, type E2eVideoResult, type RawVideoResult } from './video-bench';

/** The promo card (a full-frame gradient, a blurred shadow) at 720p and 1080p. */
const SIZES: [number, number][] = [
  [1280, 720],
  [1920, 1080],
];

export interface NativeVideoSize {
  /** What `auto` decided for the card (the phase measures whatever it decided, and says so). */
  decision: { engine: string; reason: string };
  /** The same document through one browser, CDP begin-frame capture and x264: the baseline of this run. */
  raw_begin_frame: RawVideoResult | null;
  /** The template saved with `auto`, through the API. */
  e2e_auto: E2eVideoResult | null;
  /** The same template forced to Chromium, through the API: the platform's browser path in this run. */
  e2e_chromium: E2eVideoResult | null;
  /**
   * At 720p: the card with nothing but its gradient and progress bar, saved with `auto`, through the API. The least
   * a frame costs on the native path (a takumi draw, its raw frame piped, x264): the ceiling of any template's ratio.
   */
  floor?: { decision: { engine: string; reason: string }; e2e_auto: E2eVideoResult | null };
}

/**
 * Issue #38: the CSS-animated promo card, 5 s at 30 fps (no script), saved with `engine: auto`, through the API at
 * each of SIZES; judged against the raw begin-frame pipeline (Chromium, CDP frames, x264) capturing the same document in
 * this run, with the same template forced to Chromium beside it.
 */
export async function nativeVideoPhase({ run, settings, org }: PhaseContext): Promise<void> {
  const out: Record<string, NativeVideoSize> = {};
  for (const [width, height] of SIZES) {
    const name = `promo ${width}x${height}`;
    const key = name.replace(' ', '-');
    const card = { width, height, seconds: VIDEO_SECONDS, fps: VIDEO_FPS };
    const auto = await createPromoVideo(org.api, { ...card, engine: 'auto' });
    const chromium = await createPromoVideo(org.api, { ...card, engine: 'chromium' });
    const decision = await engineDecisionOf(org.api, auto, 300_000);
    // the raw pipeline captures the document as the renders compose it
    const document = composeDocument({ html: cssAnimatedCard({ width, height }), width, height, placeholders: [], modifications: [] });
    const raw = await run.phase(`native-video.${key}.raw-begin-frame`, 180, () => rawVideo(settings, width, height, { document, only: 'begin-frame' }));
    const e2eAuto = await run.phase(`native-video.${key}.e2e-auto`, 240, (s) => e2eVideo(org.api, auto, s));
    const e2eChromium = await run.phase(`native-video.${key}.e2e-chromium`, 240, (s) => e2eVideo(org.api, chromium, s));
    out[name] = { decision, raw_begin_frame: raw ?? null, e2e_auto: e2eAuto ?? null, e2e_chromium: e2eChromium ?? null };
    if (width === 1280) out[name].floor = await floorOf(run, org.api, card, key);
  }
  run.result.native_video = out;
}

/** The bar-only card through the API with `auto` (NativeVideoSize.floor). */
async function floorOf(run: PhaseContext['run'], api: PhaseContext['org']['api'], card: { width: number; height: number; seconds: number; fps: number }, key: string) {
  const template = await createPromoVideo(api, { ...card, engine: 'auto', barOnly: true });
  const decision = await engineDecisionOf(api, template, 300_000);
  const e2e = await run.phase(`native-video.${key}.floor-e2e-auto`, 240, (s) => e2eVideo(api, template, s));
  return { decision, e2e_auto: e2e ?? null };
}

export function nativeVideoRows(r: Record<string, NativeVideoSize> | undefined): SummaryRow[] {
  return Object.entries(r ?? {}).flatMap(([size, v]) => {
    const rawFps = v.raw_begin_frame?.fps ?? null;
    const label = 'raw begin-frame pipeline, same document';
    return [
      row({
        figure: `CSS-animated ${size} 5 s, engine auto`,
        value: v.e2e_auto?.fps ?? null,
        unit: 'fps',
        baseline: rawFps,
        baseline_label: label,
        ratio: ratio(v.e2e_auto?.fps, rawFps),
        // #38's target is at 720p; 1080p is reported beside it
        ...(size.endsWith('1280x720') ? { target: '>= 2.5' } : {}),
        note: `decided ${v.decision.engine} (${v.decision.reason}); wall ${v.e2e_auto?.wall_s ?? '-'} s, ${v.e2e_auto?.chunks ?? '-'} chunks`,
      }),
      ...(v.floor
        ? [
            row({
              figure: `the same card's gradient and bar alone ${size} 5 s, engine auto`,
              value: v.floor.e2e_auto?.fps ?? null,
              unit: 'fps',
              baseline: rawFps,
              baseline_label: label,
              ratio: ratio(v.floor.e2e_auto?.fps, rawFps),
              note: `the native path's ceiling here; decided ${v.floor.decision.engine} (${v.floor.decision.reason}); wall ${v.floor.e2e_auto?.wall_s ?? '-'} s`,
            }),
          ]
        : []),
      row({
        figure: `CSS-animated ${size} 5 s, forced chromium`,
        value: v.e2e_chromium?.fps ?? null,
        unit: 'fps',
        baseline: rawFps,
        baseline_label: label,
        ratio: ratio(v.e2e_chromium?.fps, rawFps),
        note: v.e2e_chromium ? `wall ${v.e2e_chromium.wall_s} s` : undefined,
      }),
    ];
  });
}
