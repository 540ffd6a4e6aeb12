import type { RenderWarning } from '@rp/workflow-safe';
import type { RequestGuard } from '../../../request-guard';
import { RenderFailure, type BrowserPool } from '../../../types';
import { waitForPageReady } from '../pages/wait-for-page-ready';
import { warningsOf } from '../../../warnings/collect-warnings';
import { holdAnimations } from '../pages/hold-animations';
import { resourceVerdict } from '../../../resource-verdict';
import type { PlaceholderKinds } from '../../../warnings/layout-facts-script';

export interface PreflightLayoutOptions {
  document: string;
  width: number;
  height: number;
  guard: RequestGuard;
  orgId: string;
  warnFor: PlaceholderKinds;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** A failure the real render would end with, told as the warning a preflight reports instead. */
function warningOfFailure(f: RenderFailure): RenderWarning {
  if (f.code === 'asset_unreachable' || f.code === 'ssrf_blocked') return { code: 'image_failed', placeholder: null, message: f.message };
  throw f;
}

/**
 * Lays one document out on a pooled page exactly as captureImage does (viewport, setContent with animations held at
 * their start, fonts, decode, fit) and reads its warnings: no capture, no encode, nothing stored. Where the real
 * render would fail on a resource (a photo that does not load, a blocked address) the preflight reports
 * `image_failed` and goes on, so one run lists every item's problems; what the real render would go on without (a
 * hidden image, a font that falls through) it reports as the render does.
 */
export async function preflightLayout(pool: BrowserPool, opts: PreflightLayoutOptions): Promise<RenderWarning[]> {
  const deadline = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, deadline.signal]) : deadline.signal;
  const timer = setTimeout(() => deadline.abort(new RenderFailure('render_timeout', `layout did not finish within ${opts.timeoutMs} ms`)), opts.timeoutMs);
  try {
    return await pool.withPage(
      async (page) => {
        const guarded = await opts.guard.install(page);
        try {
          const vp = page.viewport();
          if (vp?.width !== opts.width || vp.height !== opts.height || vp.deviceScaleFactor !== 1) {
            await page.setViewport({ width: opts.width, height: opts.height, deviceScaleFactor: 1 });
          }
          await page.setContent(holdAnimations(opts.document), { waitUntil: 'load', timeout: opts.timeoutMs });
          const readiness = await waitForPageReady(page, { factsFor: opts.warnFor, required: guarded.required, holdAnimations: true });
          const { failure, warnings: tolerated } = resourceVerdict(readiness, guarded);
          const warnings = [...tolerated, ...(await warningsOf(page, readiness.facts))];
          // the page's own facts already name the broken <img>; the verdict's failure adds what they cannot see (CSS)
          if (failure && !warnings.some((w) => w.code === 'image_failed')) warnings.push(warningOfFailure(failure));
          return warnings;
        } finally {
          await guarded.uninstall();
        }
      },
      { orgId: opts.orgId, signal },
    );
  } finally {
    clearTimeout(timer);
  }
}
