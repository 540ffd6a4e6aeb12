import { composeDocument } from '../renderer/compose-document';
import type { EngineAssets } from '../renderer/engines/image-engine';
import type { NativeEngine } from '../renderer/engines/native/image/native-engine';
import { prepareNativeDocument } from '../renderer/engines/native/image/prepare-native-document';
import type { BrowserPool } from '../renderer/types';
import { captureFrames } from '../renderer/engines/chromium/capture/capture-frames';
import { compareSample, type MeasuredSample, type ParityVersion } from './measure-parity';
import { animationTimings, videoParityInstants, type ParityInstant } from './video-parity-instants';

/** A video version as the parity check draws it: its content, frame rate and length, alpha for a transparent webm. */
export interface VideoParityVersion extends ParityVersion {
  fps: number;
  totalFrames: number;
  transparent: boolean;
}

interface Opts {
  assets: EngineAssets;
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * The measuring half of a video version's parity check (docs/engines.md): at each instant (videoParityInstants) the
 * Chromium frame, captured under the virtual clock as a video chunk of one frame would be, against the native frame
 * drawn at the same time; compared with the same metric as images. Deciding and storing are the caller's.
 */
export async function measureVideoParity(
  engines: { chromiumPool: BrowserPool; native: NativeEngine },
  v: VideoParityVersion,
  opts: Opts,
): Promise<{ samples: MeasuredSample[]; nativeVersion: string }> {
  const document = composeDocument({ html: v.composition_html, width: v.width, height: v.height, placeholders: v.placeholders, modifications: [] });
  const samples: MeasuredSample[] = [];
  for (const instant of instantsOf(document, v)) {
    const t0 = Date.now();
    const chromium = await chromiumFrame(engines.chromiumPool, document, v, instant, opts);
    const t1 = Date.now();
    const native = await engines.native.drawFrame({ document, width: v.width, height: v.height, transparent: v.transparent, timeMs: instant.timeMs, timeoutMs: opts.timeoutMs, assets: opts.assets }, opts.signal);
    const t2 = Date.now();
    samples.push(await compareSample(instant.name, { image: chromium, ms: t1 - t0 }, { image: native, ms: t2 - t1 }));
  }
  return { samples, nativeVersion: engines.native.version() };
}

/** The instants for this document: its animations read from its stylesheets and inline styles. */
function instantsOf(document: string, v: VideoParityVersion): ParityInstant[] {
  let sheets: string[] = [];
  try {
    sheets = prepareNativeDocument(document).css;
  } catch {
    // a document the native engine cannot read fails in drawFrame with its code; the instants need no animations
  }
  const inline = [...document.matchAll(/\sstyle\s*=\s*"([^"]*animation[^"]*)"/gi)].map((m) => m[1]!);
  return videoParityInstants(animationTimings(sheets, inline), v);
}

/** Frame k as a one-frame chunk captures it: the page loaded with the virtual clock, ticked to k, a lossless PNG. */
async function chromiumFrame(pool: BrowserPool, document: string, v: VideoParityVersion, instant: ParityInstant, opts: Opts): Promise<Buffer> {
  return pool.withPage(
    async (page) => {
      const guarded = await opts.assets.guard.install(page);
      try {
        let png: Buffer | undefined;
        await captureFrames(page, {
          document, width: v.width, height: v.height, fps: v.fps, startFrame: instant.frame, endFrame: instant.frame + 1,
          strategy: 'screenshot',
          // PNG frames (lossless); an opaque template's empty canvas compares as the white both engines show
          transparent: true,
          loadTimeoutMs: opts.timeoutMs, frameTimeoutMs: opts.timeoutMs, signal: opts.signal, guarded,
          onFrame: (buf) => {
            png = buf;
          },
        });
        if (guarded.failure) throw guarded.failure;
        return png!;
      } finally {
        await guarded.uninstall();
      }
    },
    { orgId: v.org_id, signal: opts.signal },
  );
}
