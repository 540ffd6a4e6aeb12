import type { Page } from 'puppeteer';
import type { ThemedButtonFacts } from '@rp/engine-gate';
import { decodeForParity } from '@rp/render-worker';

/**
 * In the page: the button's box. It is alone on a white page at (10, 10), text "Button", with the UA style only.
 */
const BOX_FN = `() => { const r = document.getElementById('b').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; }`;

const rgb = (d: Uint8Array, i: number) => `rgb(${d[i]}, ${d[i + 1]}, ${d[i + 2]})`;

/**
 * What Chromium paints for a `<button>` with the UA style (`appearance: auto`): the native theme's button, not the
 * CSS border and background its computed style lists. Read from the pixels of a screenshot: along the row through
 * the middle of the left edge, the edge colour and how many pixels have it (the painted border), then the fill; along
 * the top edge, how far from the corner the edge colour starts (the rounding).
 */
export async function measureThemedButton(page: Page): Promise<ThemedButtonFacts> {
  await page.setViewport({ width: 200, height: 60 });
  await page.setContent('<!DOCTYPE html><html><body style="margin:10px;background:#fff"><button id="b">Button</button></body></html>');
  const [left, top, width, height] = ((await page.evaluate(`(${BOX_FN})()`)) as number[]).map(Math.round) as [number, number, number, number];
  const img = await decodeForParity(Buffer.from(await page.screenshot({ type: 'png' })));
  const at = (x: number, y: number) => rgb(img.data, (y * img.width + x) * 4);
  const mid = top + Math.floor(height / 2);
  const edge = at(left, mid);
  let borderWidth = 0;
  while (borderWidth < width && at(left + borderWidth, mid) === edge) borderWidth++;
  let cornerInset = 0;
  while (cornerInset < width && at(left + cornerInset, top) !== edge) cornerInset++;
  return { box: { width, height }, borderColor: edge, borderWidth, background: at(left + borderWidth + 1, mid), cornerInset };
}
