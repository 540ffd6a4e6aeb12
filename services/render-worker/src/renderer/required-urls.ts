import type { Modification } from '@rp/workflow-safe';
import { withoutFragment } from './request-guard';
import { normalizeImageUrl } from './resolve-bindings';

/**
 * The URLs a render's modifications bind as images (`image_url`), as the document holds them and without fragment.
 * Their failure fails the render wherever the image is, hidden or not: the caller asked for that image. Every other
 * image and font of the document is the template's own (a placeholder's default included), and a browser's
 * tolerance applies to it (docs/renders.md "Warnings").
 */
export function requiredUrls(modifications: ReadonlyArray<Modification> | null | undefined): Set<string> {
  const out = new Set<string>();
  for (const m of modifications ?? []) {
    if (typeof m?.image_url !== 'string' || m.image_url === '') continue;
    try {
      out.add(withoutFragment(normalizeImageUrl(m.image_url)));
    } catch {
      // not a URL: the binding refuses it before anything loads
    }
  }
  return out;
}
