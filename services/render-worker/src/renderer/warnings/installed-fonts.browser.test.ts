import { fontPackageVersions } from '../../activities/render-provenance';
import { installedFontCoverage, missingGlyphs } from './font-coverage';

// Browser tier: needs the fonts and fontconfig scripts/setup.sh installs (the unit tier needs nothing).
describe('the installed fonts', () => {
  it('cover Latin, Turkish and emoji, and not a Linear B syllable', async () => {
    const cov = await installedFontCoverage();
    expect(cov).not.toBeNull();
    expect(missingGlyphs('Ada Lovelace Şükrü Çağlar 🎂', cov!)).toEqual([]);
    expect(missingGlyphs('\u{10000}x', cov!)).toEqual(['\u{10000}']);
  });

  it('have dpkg versions for provenance', async () => {
    const v = await fontPackageVersions();
    expect(v['fonts-dejavu-core']).toMatch(/\d/);
    expect(v['fonts-liberation']).toMatch(/\d/);
    expect(v['fonts-noto-color-emoji']).toMatch(/\d/);
  });
});
