import { api } from './api';
import { ErrorBanner, usePolled } from './ui';
import { STUDIO_LISTS } from './studio-lists';
import { SaveWarnings } from './save-warnings';

interface Sample { sample: string; ssim: number; psnr: number | null; ssim_region?: number; chromium_url: string | null; native_url: string | null; diff_url: string | null }
interface Parity { engine: string; reason: string | null; threshold: { ssim: number; psnr: number; ssim_region?: number } | null; samples: Sample[] }

const explain = STUDIO_LISTS.reasonMeaning;

/** A video version's samples are instants of its animation, named `t=<ms>ms`; an image's are sets of values. */
function instantMs(sample: string): number | null {
  const m = /^t=(\d+(?:\.\d+)?)ms$/.exec(sample);
  return m ? Number(m[1]) : null;
}

/** How a sample is labelled: an instant as its time in seconds (`frame at 1.5 s`), a set of values by its name. */
function sampleLabel(sample: string): string {
  const ms = instantMs(sample);
  return ms === null ? sample : `frame at ${Number((ms / 1000).toFixed(3))} s`;
}

/** One sample: the Chromium reference beside the native render and their difference view. */
function SampleRow({ s, threshold }: { s: Sample; threshold: Parity['threshold'] }) {
  const regionMeets = threshold?.ssim_region === undefined || s.ssim_region === undefined || s.ssim_region >= threshold.ssim_region;
  const meets = !threshold || (s.ssim >= threshold.ssim && (s.psnr ?? Infinity) >= threshold.psnr && regionMeets);
  const label = sampleLabel(s.sample);
  const ms = instantMs(s.sample);
  return (
    <figure class="parity-sample" data-sample={s.sample} data-meets={String(meets)} data-instant-ms={ms === null ? undefined : String(ms)}>
      <figcaption>
        {label}: SSIM {s.ssim.toFixed(4)}, PSNR {s.psnr == null ? '∞' : `${s.psnr.toFixed(2)} dB`}
        {s.ssim_region !== undefined && `, worst region SSIM ${s.ssim_region.toFixed(4)}`} {meets ? '✓' : '✗ below threshold'}
      </figcaption>
      <div class="parity-images">
        {s.chromium_url && <img class="parity-chromium" src={s.chromium_url} alt={`Chromium reference, ${label}`} />}
        {s.native_url && <img class="parity-native" src={s.native_url} alt={`Native engine, ${label}`} />}
        {s.diff_url && <img class="parity-diff" src={s.diff_url} alt={`Difference, ${label} (red: pixels that differ)`} />}
      </div>
    </figure>
  );
}

/**
 * A version's engine and the reason, and for `auto` the parity check's samples: Chromium's render, the native
 * render and a difference view, so an author sees why a template is or is not on the fast path; for a video, the
 * frames of both engines at each instant compared. Polls while pending. Above it, what the version's save found
 * that will not load (`warnings` of the template).
 */
export function EnginePanel({ templateId, version, mode, warnings }: { templateId: string; version: number; mode: string; warnings?: any[] }) {
  const { data, error } = usePolled(
    () => api<Parity>('GET', `/v1/templates/${templateId}/versions/${version}/parity`),
    [templateId, version],
    1000,
    (d) => d.reason === 'parity_pending',
  );
  return (
    <section class="engine" aria-labelledby="engine-title">
      <h2 id="engine-title">Engine</h2>
      <SaveWarnings id="save-warnings" version={version} warnings={warnings} />
      <ErrorBanner error={error} />
      {data && (
        <>
          <p id="engine-decision" data-engine={data.engine} data-reason={data.reason ?? ''}>
            v{version} renders with <strong>{data.engine}</strong> (asked: {mode}) · reason <code>{data.reason}</code>
            {explain(data.reason) && ` (${explain(data.reason)})`}
          </p>
          {data.threshold && (
            <p class="meta">
              Threshold: SSIM ≥ {data.threshold.ssim}, PSNR ≥ {data.threshold.psnr} dB
              {data.threshold.ssim_region !== undefined && ` and SSIM ≥ ${data.threshold.ssim_region} in its worst 64-pixel region`} on every{' '}
              {data.samples.some((x) => instantMs(x.sample) !== null) ? 'frame compared (start, middle, end, inside each animation)' : 'sample'}.
            </p>
          )}
          {data.samples.map((s) => <SampleRow key={s.sample} s={s} threshold={data.threshold} />)}
        </>
      )}
    </section>
  );
}
