import type { RenderWarning } from '@rp/workflow-safe';
import { withoutFragment, type GuardedPage } from './request-guard';
import { RenderFailure } from './types';
import type { PageReadiness } from './engines/chromium/pages/wait-for-page-ready';

export interface ResourceVerdict {
  /** What the render fails with, or null. */
  failure: RenderFailure | null;
  /** What it goes on with: the template's hidden images that failed, its fonts whose family list fell through. */
  warnings: RenderWarning[];
}

const show = (url: string) => (url.length > 200 ? `${url.slice(0, 197)}...` : url);

/** `image_failed` for an image of the template that did not load and is not shown (both engines). */
export function hiddenImageWarning(url: string, why: string | undefined, placeholder: string | null): RenderWarning {
  const message = `image ${show(url)} could not be loaded or decoded${why ? ` (${why})` : ''}; it is not shown, so the render goes on without it`;
  return { code: 'image_failed', placeholder, message };
}

/** `font_load_failed` for an @font-face family whose font did not load (both engines). */
export function fontFallbackWarning(family: string, why?: string): RenderWarning {
  const message = `@font-face "${family}" could not be loaded${why ? ` (${why})` : ''}: its text is drawn with the next family of its font-family list`;
  return { code: 'font_load_failed', placeholder: null, message };
}

/**
 * What a ready page's broken resources make of the render, as a browser would show it: a refused or required load
 * fails it (the guard's `failure`); an image the page shows fails it, with the guard's failure for that URL when it
 * has one (the code and message of the load, e.g. the error recorded at save); a failed image load the readiness
 * check did not find on the page (an SVG `<image>`, a mask, a list marker) fails it too, since no one checked that it
 * is hidden. A hidden image is `image_failed` and a font that failed is `font_load_failed`: the render goes on
 * without them, its text in the next family of its font-family list.
 */
export function resourceVerdict(readiness: PageReadiness, guarded: Pick<GuardedPage, 'failure' | 'tolerated'>): ResourceVerdict {
  if (guarded.failure) return { failure: guarded.failure, warnings: [] };
  const recorded = (url: string) => guarded.tolerated.get(withoutFragment(url))?.failure;
  const shown = readiness.brokenImages.find((b) => b.shown);
  if (shown) {
    return { failure: recorded(shown.url) ?? new RenderFailure('asset_unreachable', `image could not be loaded or decoded: ${show(shown.url)}`), warnings: [] };
  }
  const judged = new Set(readiness.brokenImages.map((b) => withoutFragment(b.url)));
  for (const [url, t] of guarded.tolerated) if (t.kind === 'image' && !judged.has(url)) return { failure: t.failure, warnings: [] };
  const warnings: RenderWarning[] = [
    ...readiness.brokenImages.map((b) => hiddenImageWarning(b.url, recorded(b.url)?.message, b.placeholder)),
    ...readiness.brokenFonts.map((family) => fontFallbackWarning(family)),
  ];
  return { failure: null, warnings };
}
