import type { ChromiumCssAliasTable, ChromiumUaDefaults } from '@rp/engine-gate';
import { chromiumProcess } from '@rp/render-worker/renderer';
import { measureCssAliases } from './measure-css-aliases';
import { measureKnownElements } from './measure-known-elements';
import { measureListMarkers } from './measure-list-markers';
import { measureThemedButton } from './measure-themed-button';
import { measureUaDefaults } from './measure-ua-defaults';

export interface CssTables {
  aliases: ChromiumCssAliasTable;
  ua: ChromiumUaDefaults;
}

/**
 * Both CSS tables the normalisation step reads, measured on one Chromium (the worker's launch flags, so colours are
 * sRGB as in renders): the property aliases, and the user-agent defaults with the list markers, the themed button and
 * the elements Chromium knows.
 */
export async function measureCssTables(executablePath: string): Promise<CssTables> {
  const launched = await chromiumProcess.launch({ executablePath });
  try {
    const page = await launched.browser.newPage();
    const aliases = await measureCssAliases(page);
    const { declarations, computed } = await measureUaDefaults(page);
    const { markerStyle, markers } = await measureListMarkers(page);
    const button = await measureThemedButton(page);
    const knownElements = await measureKnownElements(page);
    return { aliases, ua: { chromium: aliases.chromium, declarations, computed, markerStyle, markers, button, knownElements } };
  } finally {
    await chromiumProcess.close(launched.browser, 5_000);
    await chromiumProcess.removeProfile(launched.userDataDir, launched.browser, launched.owner);
  }
}
