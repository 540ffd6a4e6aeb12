import { covers, missingGlyphs, parseCharsets } from './font-coverage';

describe('font coverage', () => {
  it('merges fontconfig charset lines into sorted ranges', () => {
    expect(parseCharsets('20-7e a0-17f\n41-5a 180\n3000')).toEqual([
      [0x20, 0x7e],
      [0xa0, 0x180],
      [0x3000, 0x3000],
    ]);
  });

  it('finds the characters no range covers, each once, ignoring whitespace and joiners', () => {
    const cov = parseCharsets('20-7e');
    expect(covers(cov, 0x41)).toBe(true);
    expect(covers(cov, 0x7f)).toBe(false);
    expect(missingGlyphs('Aé é\u200d\nB', cov)).toEqual(['é']);
  });
});
