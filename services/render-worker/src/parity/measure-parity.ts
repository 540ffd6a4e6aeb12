import sharp from 'sharp';
import type { ParitySample, Placeholder } from '@rp/workflow-safe';
import { composeDocument } from '../renderer/compose-document';
import type { EngineAssets, EngineRenderInput, ImageEngine } from '../renderer/engines/image-engine';
import { compareImages, differenceImage, type Rgba } from './compare-images';
import { round } from './decide-parity';
import { paritySamples } from './parity-samples';

/**
 * Renders larger than this are compared (and stored for the studio) scaled down to it, both the same way: the
 * metric's working set is about 60 bytes a pixel, so a 4096x4096 canvas at full size would take a gigabyte of the
 * batch process, and SSIM is customarily computed on a downsampled image at that size anyway.
 */
export const PARITY_MAX_PIXELS = 2_000_000;

/** An encoded image (PNG), or raw RGBA pixels, as the metric takes them: RGBA, scaled to PARITY_MAX_PIXELS at most. */
export const decodeForParity = async (input: Buffer | Rgba): Promise<Rgba> => {
  const img = Buffer.isBuffer(input) ? sharp(input) : sharp(input.data, { raw: { width: input.width, height: input.height, channels: 4 } });
  const { width = 0, height = 0 } = await img.metadata();
  const scale = Math.min(1, Math.sqrt(PARITY_MAX_PIXELS / Math.max(1, width * height)));
  if (scale < 1) img.resize(Math.max(1, Math.floor(width * scale)), Math.max(1, Math.floor(height * scale)), { fit: 'fill' });
  const { data, info } = await img.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

/** What the parity check renders: a version's content. */
export interface ParityVersion {
  composition_html: string;
  width: number;
  height: number;
  placeholders: Placeholder[];
  org_id: string;
}

export interface MeasuredSample {
  figures: ParitySample;
  images: Record<'chromium' | 'native' | 'diff', Rgba>;
}

/**
 * The measuring half of the parity check (docs/engines.md): each sample of the version rendered through both
 * engines to PNG, decoded, compared (SSIM, PSNR), with a difference view. Deciding and storing are the caller's.
 */
export async function measureParity(
  engines: { chromium: ImageEngine; native: ImageEngine },
  v: ParityVersion,
  opts: { assets: EngineAssets; timeoutMs: number; signal?: AbortSignal },
): Promise<{ samples: MeasuredSample[]; nativeVersion?: string }> {
  const samples: MeasuredSample[] = [];
  let nativeVersion: string | undefined;
  for (const s of paritySamples(v.placeholders)) {
    const document = composeDocument({ html: v.composition_html, width: v.width, height: v.height, placeholders: v.placeholders, modifications: s.modifications });
    const input: EngineRenderInput = {
      document, width: v.width, height: v.height, format: 'png', thumbnailWidth: 0, orgId: v.org_id,
      timeoutMs: opts.timeoutMs, assets: opts.assets,
    };
    const t0 = Date.now();
    const c = await engines.chromium.render(input, opts.signal);
    const t1 = Date.now();
    const n = await engines.native.render(input, opts.signal);
    const t2 = Date.now();
    nativeVersion = n.engineVersion;
    samples.push(await compareSample(s.name, { image: c.image, ms: t1 - t0 }, { image: n.image, ms: t2 - t1 }));
  }
  return { samples, nativeVersion };
}

/** One sample's figures and images from the two engines' pictures of it (encoded or raw) and how long each took. */
export async function compareSample(name: string, chromium: { image: Buffer | Rgba; ms: number }, native: { image: Buffer | Rgba; ms: number }): Promise<MeasuredSample> {
  const [ci, ni] = await Promise.all([decodeForParity(chromium.image), decodeForParity(native.image)]);
  // an engine that drew another size than asked differs everywhere: zero similarity rather than an error
  const sameSize = ci.width === ni.width && ci.height === ni.height;
  const cmp = sameSize ? compareImages(ci, ni) : { ssim: 0, ssimRegion: 0, psnr: 0 };
  return {
    figures: {
      sample: name, ssim: round(cmp.ssim, 4), psnr: Number.isFinite(cmp.psnr) ? round(cmp.psnr, 2) : null, ssim_region: round(cmp.ssimRegion, 4),
      chromium_ms: chromium.ms, native_ms: native.ms,
    },
    images: { chromium: ci, native: ni, diff: sameSize ? differenceImage(ci, ni) : ci },
  };
}
