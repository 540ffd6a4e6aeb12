import crypto from 'node:crypto';
import type { RenderWarning } from '@rp/workflow-safe';
import { missingGlyphs, type Coverage } from '../../../warnings/font-coverage';
import { fileCoverage, fontBytesCoverage, unionCoverage } from '../../../warnings/font-file-coverage';
import type { LayoutFacts } from '../../../warnings/layout-facts-script';
import type { FetchedAsset } from '../../../warnings/asset-hash-recorder';
import { warningsFromFacts } from '../../../warnings/warnings-from-facts';
import { SYSTEM_FACES } from '../process/system-fonts';

let system: Promise<Coverage | null> | null = null;

/**
 * What the native engine can draw: the faces it registers (system-fonts.ts, read once per process) and the render's
 * own `@font-face` files. Not every installed font: takumi falls back only through the faces it was given, so a
 * character only another installed font has is a box on this engine (and is reported).
 */
export async function nativeCoverage(facts: LayoutFacts, uploaded: ReadonlyArray<Uint8Array>): Promise<Coverage | null> {
  system ??= fileCoverage([...new Set(SYSTEM_FACES.map((f) => f.file))]);
  const base = await system;
  // the uploaded fonts are read (fc-query, cached by content) only when a text has characters the system lacks
  if (!base || uploaded.length === 0 || !facts.texts.some((t) => missingGlyphs(t.text, base).length > 0)) return base;
  return unionCoverage([base, ...(await Promise.all(uploaded.map(fontBytesCoverage)))]);
}

/** The native render's warnings: the engine process's layout facts through the same rules as Chromium's. */
export async function nativeWarnings(facts: LayoutFacts, fonts: ReadonlyArray<{ data: Uint8Array }>): Promise<RenderWarning[]> {
  return warningsFromFacts(facts, await nativeCoverage(facts, fonts.map((f) => f.data)));
}

/**
 * Provenance of a native render: the sha256 of every image and font file it fetched (data: URLs left out, as on
 * Chromium), sorted by URL, so two renders of the same inputs list the same assets.
 */
export function fetchedAssetsOf(files: ReadonlyArray<{ url: string; data: Uint8Array }>): FetchedAsset[] {
  const unique = new Map<string, FetchedAsset>();
  for (const f of files) {
    if (/^data:/i.test(f.url)) continue;
    const a = { url: f.url.slice(0, 500), sha256: crypto.createHash('sha256').update(f.data).digest('hex') };
    unique.set(`${a.url} ${a.sha256}`, a);
  }
  return [...unique.values()].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : a.sha256 < b.sha256 ? -1 : 1));
}
