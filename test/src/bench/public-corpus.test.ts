import { PUBLIC_TEMPLATES, placeholdersOf, publicTemplateHtml } from '../../fixtures/public-templates/public-templates';
import { loadPublicCorpus, nativeAnimated } from './public-corpus';

describe('the public corpus as the bench reads it', () => {
  const corpus = loadPublicCorpus();

  it('is the manifest itself: the same templates, HTML and placeholders as an import of it gives', () => {
    expect(corpus.PUBLIC_TEMPLATES).toEqual(PUBLIC_TEMPLATES);
    const name = PUBLIC_TEMPLATES[0]!.name;
    expect(corpus.publicTemplateHtml(name)).toBe(publicTemplateHtml(name));
    expect(corpus.placeholdersOf(corpus.publicTemplateHtml(name))).toEqual(placeholdersOf(publicTemplateHtml(name)));
  });

  it('picks the animated templates the manifest records as decided native, and only those', () => {
    const picked = nativeAnimated(corpus.PUBLIC_TEMPLATES);
    expect(picked.length).toBeGreaterThan(0);
    expect(picked.every((t) => t.type === 'video' && t.expected.engine === 'native')).toBe(true);
    const names = new Set(picked.map((t) => t.name));
    expect(PUBLIC_TEMPLATES.filter((t) => t.type === 'video' && t.expected.engine === 'native' && !names.has(t.name))).toEqual([]);
    expect(PUBLIC_TEMPLATES.filter((t) => names.has(t.name) && (t.type !== 'video' || t.expected.engine !== 'native'))).toEqual([]);
  });
});
