import { NATIVE_FONT_TABLE } from '@rp/workflow-safe';
import { chromiumPath } from '@rp/render-worker/testing';
import { measureFontTable } from './measure-font-table';

// Browser tier (`npm run build` first). The font table the static gate and the native engine read is a measurement:
// a fresh one on this platform's Chromium and fontconfig gives the written table.
describe('the native font table', () => {
  it('is what this platform measures now (`npm run fonts:table` rewrites it)', async () => {
    expect(await measureFontTable(chromiumPath())).toEqual(NATIVE_FONT_TABLE);
  });
});
