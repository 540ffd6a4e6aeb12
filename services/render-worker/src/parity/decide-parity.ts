import { PARITY_THRESHOLD, type EngineDecision, type EngineParity, type ParitySample } from '@rp/workflow-safe';

/** The decision the figures make: native only when every sample meets the three thresholds. */
export function decideParity(samples: ParitySample[], nativeVersion?: string, threshold = PARITY_THRESHOLD): EngineDecision {
  const minSsim = Math.min(...samples.map((s) => s.ssim));
  const psnrs = samples.map((s) => s.psnr ?? Infinity);
  const minPsnr = Math.min(...psnrs);
  const minRegion = Math.min(...samples.map((s) => s.ssim_region));
  const passed = samples.length > 0 && samples.every((s) => s.ssim >= threshold.ssim && (s.psnr ?? Infinity) >= threshold.psnr && s.ssim_region >= threshold.ssim_region);
  const parity: EngineParity = {
    metric: 'ssim+psnr',
    threshold: { ...threshold },
    samples,
    min_ssim: round(minSsim, 4),
    min_psnr: Number.isFinite(minPsnr) ? round(minPsnr, 2) : null,
    min_ssim_region: round(minRegion, 4),
    ...(nativeVersion ? { native_version: nativeVersion } : {}),
  };
  return passed ? { engine: 'native', reason: 'parity_passed', parity } : { engine: 'chromium', reason: 'parity_below_threshold', parity };
}

export const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
