import type { Page } from 'puppeteer';
import type { Modification, Placeholder, RenderWarning } from '@rp/workflow-safe';
import { installedFontCoverage } from './font-coverage';
import type { LayoutFacts, PlaceholderKinds } from './layout-facts-script';
import { warningsFromFacts } from './warnings-from-facts';
import { pageCoverage } from './page-font-coverage';

/**
 * Text and image placeholders by name: declared ones by type, undeclared modifications by the field they carry
 * (the same inference resolve-bindings.ts binds them with).
 */
export function placeholderKinds(placeholders: Placeholder[], modifications: Modification[]): PlaceholderKinds {
  const text = new Set<string>();
  const image = new Set<string>();
  for (const p of placeholders ?? []) {
    if (p.type === 'text' || p.type === 'number') text.add(p.name);
    else if (p.type === 'image') image.add(p.name);
  }
  for (const m of modifications ?? []) {
    if (!m || text.has(m.name) || image.has(m.name) || (placeholders ?? []).some((p) => p.name === m.name)) continue;
    if (typeof m.text === 'string' || typeof m.number === 'number') text.add(m.name);
    else if (typeof m.image_url === 'string') image.add(m.name);
  }
  return { text: [...text], image: [...image] };
}

/**
 * The rules, in Node, on the facts the page reported in its readiness evaluate (wait-for-page-ready.ts: no evaluate of
 * its own). Glyph coverage: the installed fonts (read once per process) and the page's own @font-face files (read
 * only when a text needs them: page-font-coverage.ts).
 */
export async function warningsOf(page: Page, facts: LayoutFacts | null): Promise<RenderWarning[]> {
  const laidOut = facts ?? { texts: [], images: [] };
  return warningsFromFacts(laidOut, await pageCoverage(page, laidOut, await installedFontCoverage()));
}
