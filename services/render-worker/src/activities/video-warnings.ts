import { MAX_WARNINGS_PER_RENDER, type RenderWarning } from '@rp/workflow-safe';
import { preflightLayout } from '../renderer/engines/chromium/capture/preflight-layout';
import { placeholderKinds } from '../renderer/warnings/collect-warnings';
import type { RenderActivityDeps } from './deps';
import type { RenderJob } from './render-rows';
import { requestGuardFor } from './request-guard-for';

/**
 * A video's warnings: its bound document laid out once at the video's size on an interactive page, as a preflight
 * does, and read with the images' rules (text_overflow, image_missing, glyph_missing, image_upscaled). What it judges
 * is the document as it stands once loaded, i.e. the video's first frame: an animation that later moves a name out of
 * its box is not seen (docs/renders.md). Warnings never fail a render, so a layout that fails gives none.
 */
export async function videoWarnings(deps: RenderActivityDeps, job: RenderJob, size: { width: number; height: number }, document: string): Promise<RenderWarning[]> {
  const warnFor = placeholderKinds(job.version.placeholders, job.modifications);
  // every warning is about a placeholder's value: without one there is nothing to lay out a page for
  if (warnFor.text.length === 0 && warnFor.image.length === 0) return [];
  try {
    const found = await preflightLayout(deps.pool, {
      document,
      width: size.width,
      height: size.height,
      guard: requestGuardFor(deps, job.org_id, job.version.pinned_resources, job.modifications),
      orgId: job.org_id,
      warnFor,
      timeoutMs: deps.config.PAGE_LOAD_TIMEOUT_MS,
    });
    return found.slice(0, MAX_WARNINGS_PER_RENDER);
  } catch {
    return [];
  }
}
