import type { TemplateVersionRow } from '@rp/db';
import type { UrlSigner } from '@rp/serializers';

/**
 * A version's parity check for the studio: the figures of each sample with signed URLs of its Chromium render, its
 * native render and their difference view. A version without a parity check (gated, forced, pending) has no samples.
 */
export function serializeVersionParity(v: TemplateVersionRow, sign: UrlSigner) {
  const parity = v.engine_parity;
  return {
    template_id: v.template_id,
    version: v.version,
    engine: v.engine,
    reason: v.engine_reason,
    threshold: parity?.threshold ?? null,
    samples: (parity?.samples ?? []).map((s) => {
      const images = parity?.images?.[s.sample];
      return {
        sample: s.sample,
        ssim: s.ssim,
        psnr: s.psnr,
        ...(s.ssim_region === undefined ? {} : { ssim_region: s.ssim_region }),
        chromium_url: images ? sign(images.chromium) : null,
        native_url: images ? sign(images.native) : null,
        diff_url: images ? sign(images.diff) : null,
      };
    }),
  };
}
