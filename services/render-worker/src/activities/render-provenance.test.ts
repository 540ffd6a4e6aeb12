import { buildProvenance, parseDpkgVersions } from './render-provenance';

const parts = {
  template_id: 't1',
  template_version: 1,
  document_sha256: 'd'.repeat(64),
  engine: 'chromium',
  engine_version: 'chromium 131.0',
  chromium_version: '131.0',
  fonts: { 'fonts-dejavu-core': '2.37-6' },
  assets: [{ url: 'https://example.com/a.png', sha256: 'a'.repeat(64) }],
};

describe('provenance', () => {
  it('fingerprints equal parts equally, whatever the key order, and a new version differently', () => {
    const a = buildProvenance(parts);
    const b = buildProvenance({ ...parts, fonts: { ...parts.fonts }, template_id: 't1' });
    expect(a.fingerprint).toBe(b.fingerprint);
    expect(buildProvenance({ ...parts, template_version: 2 }).fingerprint).not.toBe(a.fingerprint);
  });

  it('reads dpkg versions, null for a package that is not installed', () => {
    expect(parseDpkgVersions('fonts-dejavu-core 2.37-6\nfonts-liberation 1:1.07.4-11\n')).toEqual({
      'fonts-dejavu-core': '2.37-6',
      'fonts-liberation': '1:1.07.4-11',
      'fonts-noto-color-emoji': null,
    });
  });
});
