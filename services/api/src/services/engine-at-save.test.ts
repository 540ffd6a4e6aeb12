import type { PinnedResource } from '@rp/workflow-safe';
import { engineAtSave } from './engine-at-save';

const content = (html: string, extra: object = {}) => ({ type: 'image', format: 'png', composition_html: html, placeholders: [], ...extra });

describe('engineAtSave', () => {
  it('forces chromium without looking at the content', () => {
    expect(engineAtSave('chromium', content('<script>1</script>'), [])).toEqual({ engine_mode: 'chromium', engine: 'chromium', engine_reason: 'forced', engine_parity: null });
  });

  it('forces native only where the gate allows it, naming the reason in a 422 on field engine', () => {
    expect(engineAtSave('native', content('<p style="color:red">x</p>'), [])).toMatchObject({ engine: 'native', engine_reason: 'forced' });
    expect(() => engineAtSave('native', content('<canvas></canvas>'), [])).toThrow(
      expect.objectContaining({ status: 422, code: 'engine_unsupported', details: [{ field: 'engine', message: expect.stringContaining('unsupported_element:canvas') }] }),
    );
  });

  it('auto: the gate reason on Chromium, or pending on Chromium until the parity check decides', () => {
    expect(engineAtSave('auto', content('<p>x</p>', { type: 'video', format: 'mp4' }), [])).toMatchObject({ engine: 'chromium', engine_reason: 'not_an_image_template' });
    expect(engineAtSave('auto', content('<p>x</p>'), [])).toMatchObject({ engine_mode: 'auto', engine: 'chromium', engine_reason: 'parity_pending' });
  });

  it('a remote @font-face is drawable natively only when the version pinned its source', () => {
    const url = 'https://fonts.example.com/brand.woff2';
    const html = `<style>@font-face{font-family:Brand;src:url(${url})}</style><p style="font-family:Brand">x</p>`;
    const entry = (status: PinnedResource['status']): PinnedResource => ({
      url, kind: 'font', status, asset_key: null, sha256: null, bytes: null, content_type: null, error: null, gate: null,
    });
    expect(engineAtSave('native', content(html), [entry('pinned')])).toMatchObject({ engine: 'native', engine_reason: 'forced' });
    expect(() => engineAtSave('native', content(html), [entry('unresolved')])).toThrow(expect.objectContaining({ status: 422, code: 'engine_unsupported' }));
    expect(() => engineAtSave('native', content(html), [])).toThrow(expect.objectContaining({ status: 422, code: 'engine_unsupported' }));
  });
});
