import { isStylesheetLink } from './is-stylesheet-link';

const link = (rel: string, tagName = 'link') => ({ tagName, attrs: [{ name: 'rel', value: rel }, { name: 'href', value: 'a.css' }] });

describe('isStylesheetLink', () => {
  it('is a link whose rel has the stylesheet token, in any case', () => {
    for (const rel of ['stylesheet', 'StyleSheet', 'alternate stylesheet', ' preload  stylesheet ']) expect(isStylesheetLink(link(rel))).toBe(true);
    for (const rel of ['preconnect', 'icon', 'stylesheets', 'preload']) expect(isStylesheetLink(link(rel))).toBe(false);
    expect(isStylesheetLink(link('stylesheet', 'a'))).toBe(false);
    expect(isStylesheetLink({ tagName: 'link', attrs: [] })).toBe(false);
  });
});
