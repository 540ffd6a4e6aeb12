import fs from 'node:fs';
import { Renderer, type Node } from '@takumi-rs/core';
import { composeDocument } from '../../../compose-document';
import { cardFixture } from '@rp/render-worker/testing';
import { fitText } from './fit-text';
import { nativeUaStylesheet } from './native-ua-stylesheet';
import { prepareNativeDocument } from './prepare-native-document';
import { SYSTEM_FACES } from '../process/system-fonts';

// Browser tier (system fonts): shrink-to-fit on takumi settles where Chromium's page script does. The sizes are
// Chromium's, read from getComputedStyle after __rpFit() on the bench card with each headline (this machine's fonts).
const CHROMIUM: [string, number | null][] = [
  ['The weekend flash sale: up to 70% off everything in store and online', 54.3984],
  ['Birthday wishes for the whole team on this wonderful day', 56.8594],
  ['Supercalifragilisticexpialidocious is a very long word indeed', 51.3906],
  ['Summer sale', null],
];

describe('fitText', () => {
  let renderer: Renderer;
  beforeAll(async () => {
    renderer = new Renderer();
    for (const f of SYSTEM_FACES) {
      if (fs.existsSync(f.file)) await renderer.registerFont({ data: fs.readFileSync(f.file), name: f.name, weight: f.weight, style: f.style, ...(f.generic ? { generic: f.generic } : {}) });
    }
  });

  it.each(CHROMIUM)('%s -> the size Chromium picks', async (headline, expected) => {
    const document = composeDocument({ ...cardFixture, modifications: [{ name: 'headline', text: headline }] });
    const doc = prepareNativeDocument(document);
    await fitText(renderer, doc.node, doc.fitPaths, { width: 1080, height: 1080, css: [nativeUaStylesheet({ transparent: false }), ...doc.css] });
    const node = doc.fitPaths[0]!.reduce<Node>((n, i) => (n as { children: Node[] }).children[i]!, doc.node);
    if (expected === null) expect(node.style?.fontSize).toBeUndefined();
    else expect(Math.abs(Number.parseFloat(String(node.style?.fontSize)) - expected)).toBeLessThanOrEqual(0.25);
  });
});
