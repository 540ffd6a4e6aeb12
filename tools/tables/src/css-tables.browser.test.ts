import fs from 'node:fs';
import { CHROMIUM_CSS_ALIASES, CHROMIUM_UA_DEFAULTS, CHROMIUM_UA_STYLESHEET } from '@rp/engine-gate';
import { chromiumProcess } from '@rp/render-worker/renderer';
import { chromiumPath } from '@rp/render-worker/testing';
import { BLINK_ALIAS_FOR } from './blink-alias-for';
import { measureCssTables } from './measure-css-tables';
import { DRAW_PROPERTIES, UA_CASES } from './ua-cases';
import { CSS_ALIASES_PATH, UA_DEFAULTS_PATH, cssAliasesSource, uaDefaultsSource } from './write-css-tables';

// Browser tier. The CSS tables the normalisation step reads are measurements of the installed Chromium: a fresh one
// gives the written files byte for byte (`npm run css:tables` rewrites them), and what they say holds in Chromium.
jest.setTimeout(120_000);

const { aliases, webkitBox } = CHROMIUM_CSS_ALIASES;

describe('the Chromium CSS tables', () => {
  it('the written tables are what the installed Chromium measures now (`npm run css:tables` rewrites them)', async () => {
    const fresh = await measureCssTables(chromiumPath());
    expect(fresh.aliases).toEqual(CHROMIUM_CSS_ALIASES);
    expect(fresh.ua).toEqual(CHROMIUM_UA_DEFAULTS);
    expect(fs.readFileSync(CSS_ALIASES_PATH, 'utf8')).toBe(cssAliasesSource(fresh.aliases));
    expect(fs.readFileSync(UA_DEFAULTS_PATH, 'utf8')).toBe(uaDefaultsSource(fresh.ua));
  });

  it("every alias Blink's property definitions declare is stored under the same property", () => {
    for (const [name, target] of Object.entries(BLINK_ALIAS_FOR)) expect({ name, target: aliases[name] }).toEqual({ name, target });
    // the prefixed names real templates use, and the legacy reading the normalisation must keep
    expect(aliases).toMatchObject({
      '-webkit-filter': 'filter', '-webkit-background-size': 'background-size', '-webkit-animation': 'animation',
      '-webkit-animation-name': 'animation-name', '-webkit-transform': 'transform', '-webkit-box-shadow': 'box-shadow',
      '-webkit-border-radius': 'border-radius', '-webkit-transition': 'transition', '-webkit-flex': 'flex',
      '-webkit-align-items': 'align-items', '-webkit-mask-image': 'mask-image',
    });
    expect(CHROMIUM_CSS_ALIASES.valueDifferences['-webkit-background-size']).toContainEqual({ value: '10px', means: '10px 10px' });
    // a real property is not an alias
    for (const name of ['-webkit-line-clamp', '-webkit-box-orient', '-webkit-text-stroke', 'filter']) expect(aliases[name]).toBeUndefined();
    // the properties Chromium parses as themselves: no alias among them, and no other browser's or program's name
    const { properties } = CHROMIUM_CSS_ALIASES;
    expect(properties).toEqual(expect.arrayContaining(['display', 'filter', '-webkit-line-clamp', '-webkit-box-orient', '-webkit-text-stroke']));
    expect(properties.filter((p) => p in aliases || /^(-moz-|-ms-|mso-)/.test(p))).toEqual([]);
  });

  it('the line-clamp idiom needs -webkit-box and a vertical orient; its -webkit-box-* properties are real', () => {
    expect(webkitBox.lineClamp).toMatchObject({ idiom: 2, idiomWithoutOrient: webkitBox.lineClamp.unclamped, idiomOnBlock: webkitBox.lineClamp.unclamped });
    expect(webkitBox.lineClamp.unclamped).toBeGreaterThan(2);
    expect(webkitBox.properties['-webkit-box-orient']).toEqual({ real: true, initial: 'horizontal' });
    expect(webkitBox.properties['-webkit-box-shadow']).toEqual({ real: false, aliasOf: 'box-shadow' });
    expect(webkitBox.displays['-webkit-box']).toBe('-webkit-box');
  });

  it("the UA stylesheet gives elements Chromium's UA sheet does not style the computed style of those it does", async () => {
    // the same markup twice: as HTML, and with every tag renamed to a custom element styled by the written sheet only
    const renamed = (s: string) => s.replace(/<(\/?)([a-z][a-z0-9]*)/g, '<$1x-$2');
    const sheet = CHROMIUM_UA_STYLESHEET.replace(/(^|[\s,}])([a-z][a-z0-9]*)(?=[\s{[,])/gm, '$1x-$2');
    const cases = UA_CASES.filter((c) => c.markup !== null);
    const mark = (markup: string, key: string) => markup.replace(' data-t', ` data-case="${key}"`);
    const body = cases.map((c) => `<div>${mark(c.markup!, c.key)}</div><div>${renamed(mark(c.markup!, `x:${c.key}`))}</div>`).join('');
    const launched = await chromiumProcess.launch({ executablePath: chromiumPath() });
    try {
      const page = await launched.browser.newPage();
      await page.setContent(`<!DOCTYPE html><html><head><style>${sheet}</style></head><body>${body}</body></html>`);
      const differences = (await page.evaluate(`((keys, props) => keys.flatMap((k) => {
        const real = getComputedStyle(document.querySelector('[data-case="' + k + '"]'));
        const custom = getComputedStyle(document.querySelector('[data-case="x:' + k + '"]'));
        return props.filter((p) => real.getPropertyValue(p) !== custom.getPropertyValue(p))
          .map((p) => k + ' ' + p + ': ' + real.getPropertyValue(p) + ' / ' + custom.getPropertyValue(p));
      }))(${JSON.stringify(cases.map((c) => c.key))}, ${JSON.stringify(DRAW_PROPERTIES)})`)) as string[];
      expect(differences).toEqual([]);
      // and the comparison can fail: without the sheet, a custom ul is no list
      await page.setContent(`<!DOCTYPE html><html><body>${body}</body></html>`);
      expect(await page.evaluate(`getComputedStyle(document.querySelector('[data-case="x:ul"]')).marginTop`)).toBe('0px');
    } finally {
      await chromiumProcess.close(launched.browser, 5_000);
      await chromiumProcess.removeProfile(launched.userDataDir, launched.browser, launched.owner);
    }
  });

  it('list markers: a disc is a filled bullet outside the item, sized and placed by the font size', () => {
    const disc = CHROMIUM_UA_DEFAULTS.markers.filter((m) => m.listStyleType === 'disc');
    expect(disc.map((m) => m.text)).toEqual(['• ', '• ']);
    for (const m of disc) {
      expect(m.box.x + m.box.width).toBeLessThan(0);
      expect(m.ink.width).toBeGreaterThan(2);
    }
    expect(disc[1]!.ink.width).toBeGreaterThan(disc[0]!.ink.width);
  });
});
