import { PUBLIC_TEMPLATES, placeholdersOf, publicTemplateHtml } from '../../fixtures/public-templates/public-templates';
import { animatedDecided, loadPublicCorpus } from './public-corpus';

describe('the public corpus as the bench reads it', () => {
  const corpus = loadPublicCorpus();

  it('is the manifest itself: the same templates, HTML and placeholders as an import of it gives', () => {
    expect(corpus.PUBLIC_TEMPLATES).toEqual(PUBLIC_TEMPLATES);
    const name = PUBLIC_TEMPLATES[0]!.name;
    expect(corpus.publicTemplateHtml(name)).toBe(publicTemplateHtml(name));
    expect(corpus.placeholdersOf(corpus.publicTemplateHtml(name))).toEqual(placeholdersOf(publicTemplateHtml(name)));
  });

  it.each(['native', 'chromium'])('picks the animated templates the manifest records as decided %s, and only those', (engine) => {
    const picked = animatedDecided(corpus.PUBLIC_TEMPLATES, engine);
    expect(picked.length).toBeGreaterThan(0);
    expect(picked.every((t) => t.type === 'video' && t.expected.engine === engine)).toBe(true);
    const names = new Set(picked.map((t) => t.name));
    expect(PUBLIC_TEMPLATES.filter((t) => t.type === 'video' && t.expected.engine === engine && !names.has(t.name))).toEqual([]);
    expect(PUBLIC_TEMPLATES.filter((t) => names.has(t.name) && (t.type !== 'video' || t.expected.engine !== engine))).toEqual([]);
  });
});
