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

  it('forced native on a video template the gate refuses: 422 naming the animation, field engine', () => {
    const wipe = '<style>@keyframes w{from{clip-path:inset(0 100% 0 0)}to{clip-path:inset(0)}}h1{animation:w 1s both}</style><h1>x</h1>';
    expect(() => engineAtSave('native', content(wipe, { type: 'video', format: 'webm' }), [])).toThrow(
      expect.objectContaining({ status: 422, code: 'engine_unsupported', details: [{ field: 'engine', message: expect.stringContaining('unsupported_animation:clip-path') }] }),
    );
    expect(engineAtSave('native', content('<style>@keyframes a{to{opacity:0}}p{animation:a 1s both}</style><p>x</p>', { type: 'video', format: 'gif' }), [])).toMatchObject({ engine: 'native', engine_reason: 'forced' });
  });

  it('auto: the gate reason on Chromium, or pending on Chromium until the parity check decides', () => {
    expect(engineAtSave('auto', content('<p>x</p><video src="a.mp4"></video>', { type: 'video', format: 'mp4' }), [])).toMatchObject({ engine: 'chromium', engine_reason: 'media_element' });
    expect(engineAtSave('auto', content('<style>@keyframes a{to{opacity:0}}p{animation:a 1s both}</style><p>x</p>', { type: 'video', format: 'mp4' }), [])).toMatchObject({ engine: 'chromium', engine_reason: 'parity_pending' });
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
