import { parseCharsets } from './font-coverage';
import { placeholderKinds } from './collect-warnings';
import { warningsFromFacts } from './warnings-from-facts';

const latin = parseCharsets('20-7e a0-17f');
const text = (over: Partial<{ placeholder: string; text: string; overflow: boolean; fontPx: number; minPx: number | null }>) => ({
  placeholder: 'name',
  text: 'Ada',
  overflow: false,
  fontPx: 40,
  minPx: null,
  ...over,
});
const image = (over: Partial<{ placeholder: string | null; src: string; naturalWidth: number; naturalHeight: number; scale: number }>) => ({
  placeholder: 'photo',
  src: 'https://example.com/a.png',
  naturalWidth: 400,
  naturalHeight: 400,
  scale: 1,
  ...over,
});

describe('warningsFromFacts', () => {
  it('says nothing about a text that fits in covered characters and a photo drawn at its size', () => {
    expect(warningsFromFacts({ texts: [text({})], images: [image({})] }, latin)).toEqual([]);
  });

  it('flags overflow, and says so when text fit already reached the minimum', () => {
    const [plain] = warningsFromFacts({ texts: [text({ overflow: true })], images: [] }, latin);
    expect(plain).toMatchObject({ code: 'text_overflow', placeholder: 'name' });
    expect(plain!.message).toMatch(/clipped/);
    const [shrunk] = warningsFromFacts({ texts: [text({ overflow: true, fontPx: 12, minPx: 12 })], images: [] }, latin);
    expect(shrunk!.message).toMatch(/minimum size of 12px/);
  });

  it('names the characters no font has', () => {
    const [w] = warningsFromFacts({ texts: [text({ text: 'Ada 中' })], images: [] }, latin);
    expect(w).toMatchObject({ code: 'glyph_missing', placeholder: 'name' });
    expect(w!.message).toContain('"中" (U+4E2D)');
  });

  it('tells a missing image from a failed one and from one blown up past 2x', () => {
    const out = warningsFromFacts(
      { texts: [], images: [image({ src: '' }), image({ naturalWidth: 0, naturalHeight: 0 }), image({ scale: 4 }), image({ scale: 2 })] },
      latin,
    );
    expect(out.map((w) => w.code)).toEqual(['image_missing', 'image_failed', 'image_upscaled']);
    expect(out[2]!.message).toContain('4.0x');
  });

  it('skips glyph checks without coverage (no fontconfig)', () => {
    expect(warningsFromFacts({ texts: [text({ text: '中' })], images: [] }, null)).toEqual([]);
  });
});

describe('placeholderKinds', () => {
  it('sorts declared placeholders by type and infers undeclared ones from the modification', () => {
    const kinds = placeholderKinds(
      [
        { name: 'title', type: 'text' },
        { name: 'age', type: 'number' },
        { name: 'photo', type: 'image' },
        { name: 'accent', type: 'color' },
      ],
      [{ name: 'extra', text: 'x' }, { name: 'logo', image_url: 'https://example.com/l.png' }, { name: 'accent', color: '#fff' }],
    );
    expect(kinds).toEqual({ text: ['title', 'age', 'extra'], image: ['photo', 'logo'] });
  });
});
