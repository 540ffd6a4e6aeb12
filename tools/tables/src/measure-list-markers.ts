import type { CDPSession, Page } from 'puppeteer';
import type { ChromiumUaDefaults, ListMarkerFacts } from '@rp/engine-gate';
import { decodeForParity } from '@rp/render-worker';

const LIST_TYPES = ['disc', 'circle', 'square', 'decimal'];
const FONT_SIZES = [16, 32];
/** The marker's computed properties worth knowing to draw it another way. */
const MARKER_PROPERTIES = [
  'display', 'content', 'font-family', 'font-size', 'font-variant-numeric', 'white-space', 'text-transform',
  'unicode-bidi', 'text-indent', 'text-align', 'margin-left', 'margin-right', 'color', 'list-style-position',
];

/** One list item whose own text is transparent, so that only its marker paints (black on white). */
const listDocument = (type: string, px: number) =>
  `<!DOCTYPE html><html><body style="margin:0;background:#fff">` +
  `<div style="padding:20px 60px;font-size:${px}px"><ul style="margin:0;color:#000;list-style-type:${type}">` +
  `<li id="t"><span style="color:transparent">Item</span></li></ul></div></body></html>`;

interface DomNode {
  nodeId: number;
  attributes?: string[];
  children?: DomNode[];
  pseudoElements?: Array<{ nodeId: number; pseudoType?: string }>;
}

function findById(n: DomNode, id: string): DomNode | null {
  const i = n.attributes?.indexOf('id') ?? -1;
  if (i >= 0 && i % 2 === 0 && n.attributes![i + 1] === id) return n;
  for (const c of n.children ?? []) {
    const found = findById(c, id);
    if (found) return found;
  }
  return null;
}

/** The text of the layout object a `::marker` pseudo element holds (DOMSnapshot's layout tree). */
async function markerText(cdp: CDPSession): Promise<string> {
  const { documents, strings } = await cdp.send('DOMSnapshot.captureSnapshot', { computedStyles: [] });
  const { nodes, layout } = documents[0]!;
  const i = layout.nodeIndex.findIndex((n, k) => strings[nodes.nodeName![n]!] === '::marker' && layout.text[k] !== -1);
  if (i < 0) throw new Error('no ::marker text in the layout tree');
  return strings[layout.text[i]!]!;
}

/** The painted box of everything not white in a screenshot. */
async function inkBox(page: Page): Promise<ListMarkerFacts['ink']> {
  const img = await decodeForParity(Buffer.from(await page.screenshot({ type: 'png' })));
  let [x0, y0, x1, y1] = [Infinity, Infinity, -1, -1];
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (img.data[(y * img.width + x) * 4]! >= 250) continue;
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
    }
  }
  if (x1 < 0) throw new Error('the marker painted nothing');
  return { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

async function measureOne(page: Page, type: string, px: number): Promise<{ facts: ListMarkerFacts; style: Record<string, string> }> {
  await page.setContent(listDocument(type, px));
  const cdp = await page.createCDPSession();
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const li = findById(root as DomNode, 't')!;
  const marker = li.pseudoElements?.find((p) => p.pseudoType === 'marker');
  if (!marker) throw new Error(`no ::marker on a ${type} list item`);
  const [{ model: m }, { model: l }] = await Promise.all([
    cdp.send('DOM.getBoxModel', { nodeId: marker.nodeId }),
    cdp.send('DOM.getBoxModel', { nodeId: li.nodeId }),
  ]);
  const { computedStyle } = await cdp.send('CSS.getComputedStyleForNode', { nodeId: marker.nodeId });
  const text = await markerText(cdp);
  await cdp.detach();
  const [lx, ly] = [l.content[0]!, l.content[1]!];
  const ink = await inkBox(page);
  const facts: ListMarkerFacts = {
    listStyleType: type,
    fontSize: px,
    text,
    box: { x: m.content[0]! - lx, y: m.content[1]! - ly, width: m.width, height: m.height },
    ink: { ...ink, x: ink.x - lx, y: ink.y - ly },
    lineHeight: l.height,
  };
  const style = Object.fromEntries(computedStyle.filter((p) => MARKER_PROPERTIES.includes(p.name)).map((p) => [p.name, p.value]));
  return { facts, style };
}

/**
 * How Chromium draws list markers, measured: for each list type and two font sizes, the marker's text, its box
 * (CDP box model of the `::marker` pseudo element) and its painted pixels, relative to the item's content box; and
 * the marker's computed style (the same for every type at 16px but its font size, which follows the item's).
 */
export async function measureListMarkers(page: Page): Promise<Pick<ChromiumUaDefaults, 'markerStyle' | 'markers'>> {
  await page.setViewport({ width: 400, height: 200 });
  const markers: ListMarkerFacts[] = [];
  let markerStyle: Record<string, string> = {};
  for (const type of LIST_TYPES) {
    for (const px of FONT_SIZES) {
      const { facts, style } = await measureOne(page, type, px);
      markers.push(facts);
      if (type === 'disc' && px === 16) markerStyle = style;
    }
  }
  return { markerStyle, markers };
}
