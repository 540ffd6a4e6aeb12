import type { Page } from 'puppeteer';

const SAMPLE = 'Hamburgefonstiv 0123';

/**
 * Waits until what the page holds is laid out and painted with the fonts it asked for: CDP reports a node's platform
 * fonts from its shaped text, which exists only after a layout that found the font loaded. A forced layout starts the
 * loads, `document.fonts.ready` waits for them, and the second of two frames paints after them.
 */
export async function afterPaint(page: Page): Promise<void> {
  await page.evaluate(`(async () => {
    void document.body.offsetHeight;
    await document.fonts.ready;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  })()`);
}

/** What Chromium draws each element's text with: the face with the most glyphs (CDP `CSS.getPlatformFontsForNode`). */
export async function drawnFamilies(page: Page, lists: string[]): Promise<string[]> {
  const html = lists.map((l, i) => `<p id="f${i}" style="font-family:${l.replace(/"/g, '&quot;')}">${SAMPLE}</p>`).join('');
  await page.setContent(`<!DOCTYPE html><html><body>${html}</body></html>`);
  await afterPaint(page);
  const cdp = await page.createCDPSession();
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const out: string[] = [];
  for (let i = 0; i < lists.length; i++) {
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: `#f${i}` });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    out.push([...fonts].sort((a, b) => b.glyphCount - a.glyphCount)[0]?.familyName ?? '');
  }
  await cdp.detach();
  return out;
}
