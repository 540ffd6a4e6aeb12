import { cssAnimatedCard } from '@rp/test-kit';
import fs from 'node:fs';
import path from 'node:path';
import { createCssVideo, createPromoVideo } from '../support/render-helpers';
import { promoSize } from '../support/fixtures/designed-promo';
import { composeDocument } from '@rp/render-worker/renderer';
import { engineDecisionOf, VIDEO_FPS, VIDEO_SECONDS } from './bench-setup';
import type { ApiClient } from '../support/api-client';
import { saveDesignedPromo, type SavedVideo } from './designed-promo-template';
import type { PhaseContext } from './phase-context';
import { medianRun, rawVsNative, repeated, settled, type RawVsNative } from './raw-vs-native';
import { row, type SummaryRow } from './report';
import { ratio } from './stats';
import { e2eVideo, type E2eVideoResult } from './video-bench';

interface VideoCase {
  name: string;
  width: number;
  height: number;
  /** Saves the case as a video template with this engine; answers its id, its HTML and placeholders as the renders compose them. */
  save(api: ApiClient, engine: 'auto' | 'chromium'): Promise<SavedVideo>;
  /** Also measure the card's gradient and bar alone (the promo card at 720p). */
  floor?: boolean;
  /** The ratio an issue asks of this case; the others are reported beside them. */
  target?: string;
}

const htmlCase = (name: string, html: string, width: number, height: number, more: Partial<VideoCase> = {}): VideoCase => ({
  name,
  width,
  height,
  ...more,
  save: async (api, engine) => ({ id: await createCssVideo(api, { name, html, width, height, seconds: VIDEO_SECONDS, fps: VIDEO_FPS, engine }), html, placeholders: [] }),
});
const promo = (width: number, height: number, more: Partial<VideoCase> = {}) => htmlCase(`promo ${width}x${height}`, cssAnimatedCard({ width, height }), width, height, more);
/** The studio's designed promo on the timeline test's canvas (scale 1) or the same design laid out larger. */
const designed = (scale: number, more: Partial<VideoCase>): VideoCase => {
  const { width, height } = promoSize(scale);
  return { name: `designed promo ${width}x${height}`, width, height, ...more, save: (api, engine) => saveDesignedPromo(api, engine, VIDEO_FPS, scale) };
};
// as its author wrote it, its placeholders' defaults in the HTML (test/fixtures/animated-templates, from test/dist/bench)
const lowerThird = () => fs.readFileSync(path.resolve(__dirname, '../../fixtures/animated-templates/lower-third.html'), 'utf8');

/**
 * The promo card (a full-frame gradient, a blurred shadow, a progress bar to the last frame) at 720p and 1080p, the
 * corpus lower third (in by 1 s, then held: the shape of most lower thirds and title cards), and the studio's
 * designed promo (saved from canvas_data, compiled by the API) on the timeline test's 480×270 canvas and laid out on
 * a 1280×720 one, the size a promo video is made at, as 5 s videos at 30 fps.
 */
const CASES: VideoCase[] = [
  promo(1280, 720, { floor: true, target: '>= 2.5' }),
  promo(1920, 1080),
  htmlCase('lower third 1280x720', lowerThird(), 1280, 720),
  designed(1, {}),
  designed(8 / 3, { target: '>= 2.5' }),
];

export interface NativeVideoSize extends RawVsNative {
  /** VideoCase.target */
  target?: string;
  /** What `auto` decided for the card (the phase measures whatever it decided, and says so). */
  decision: { engine: string; reason: string };
  /** The same template forced to Chromium, through the API: the platform's browser path in this run. */
  e2e_chromium: E2eVideoResult | null;
  /**
   * At 720p: the card with nothing but its gradient and progress bar, saved with `auto`, through the API. The least
   * a frame costs on the native path (a takumi draw, its raw frame piped, x264): the ceiling of any template's ratio.
   */
  floor?: { decision: { engine: string; reason: string }; e2e_auto: E2eVideoResult | null; runs_fps: number[] };
}

/**
 * Each case, 5 s at 30 fps (no script), saved with `engine: auto`, through the API; judged against the raw
 * begin-frame pipeline (Chromium, CDP frames, x264) capturing the same document in this run, with the same template
 * forced to Chromium beside it.
 */
export async function nativeVideoPhase(ctx: PhaseContext): Promise<void> {
  const out: Record<string, NativeVideoSize> = {};
  for (const c of CASES) out[c.name] = await measureCase(ctx, c);
  ctx.run.result.native_video = out;
}

async function measureCase(ctx: PhaseContext, c: VideoCase): Promise<NativeVideoSize> {
  const { run, org } = ctx;
  const key = c.name.replaceAll(' ', '-');
  const { width, height } = c;
  const auto = await c.save(org.api, 'auto');
  const chromium = await c.save(org.api, 'chromium');
  const decision = await engineDecisionOf(org.api, auto.id, 300_000);
  // the raw pipeline captures the document as the renders compose it
  const document = composeDocument({ html: auto.html, width, height, placeholders: auto.placeholders, modifications: [] });
  const measured = await rawVsNative(ctx, 'native-video', { key, templateId: auto.id, document, width, height, fps: VIDEO_FPS, seconds: VIDEO_SECONDS });
  await settled();
  const e2eChromium = await run.phase(`native-video.${key}.e2e-chromium`, 240, (s) => e2eVideo(org.api, chromium.id, s));
  const floor = c.floor ? await floorOf(run, org.api, { width, height, seconds: VIDEO_SECONDS, fps: VIDEO_FPS }, key) : undefined;
  return { decision, ...measured, ...(c.target ? { target: c.target } : {}), e2e_chromium: e2eChromium ?? null, ...(floor ? { floor } : {}) };
}

/** The bar-only card through the API with `auto` (NativeVideoSize.floor). */
async function floorOf(run: PhaseContext['run'], api: ApiClient, card: { width: number; height: number; seconds: number; fps: number }, key: string) {
  const template = await createPromoVideo(api, { ...card, engine: 'auto', barOnly: true });
  const decision = await engineDecisionOf(api, template, 300_000);
  const runs = await repeated((i) => run.phase(`native-video.${key}.floor-e2e-auto.${i + 1}`, 240, (s) => e2eVideo(api, template, s)));
  return { decision, e2e_auto: medianRun(runs), runs_fps: runs.map((r) => r.fps) };
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
        ...(v.target ? { target: v.target } : {}),
        note: `decided ${v.decision.engine} (${v.decision.reason}); median of ${v.runs_fps.e2e_auto.join(' / ')} fps against raw ${v.runs_fps.raw_begin_frame.join(' / ')}; wall ${v.e2e_auto?.wall_s ?? '-'} s, ${v.e2e_auto?.chunks ?? '-'} chunks`,
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
              note: `the native path's ceiling here; decided ${v.floor.decision.engine} (${v.floor.decision.reason}); median of ${v.floor.runs_fps.join(' / ')} fps; wall ${v.floor.e2e_auto?.wall_s ?? '-'} s`,
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
