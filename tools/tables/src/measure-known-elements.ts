import type { Page } from 'puppeteer';
import { html } from 'parse5';
import htmlTags from 'html-tags';

/**
 * The HTML element names Chromium gives behaviour of its own, measured: of the names the HTML parser treats
 * specially (parse5's list, the obsolete ones among them) and the standard's elements (`html-tags`), those for
 * which Chromium does not create an `HTMLUnknownElement`. An element outside this list is drawn as a plain inline
 * box with no user-agent style, as a `<span>` is.
 */
export async function measureKnownElements(page: Page): Promise<string[]> {
  const candidates = [...new Set([...Object.values(html.TAG_NAMES), ...htmlTags])].filter((t) => /^[a-z][a-z0-9]*$/.test(t)).sort();
  // a string, as the other measurements' page functions: this package compiles without the DOM's types
  const known = `(names) => names.filter((n) => !(document.createElement(n) instanceof HTMLUnknownElement))`;
  return page.evaluate(`(${known})(${JSON.stringify(candidates)})`) as Promise<string[]>;
}
