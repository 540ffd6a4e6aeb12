import { ENGINE_REASON_CODES, ENGINE_REASONS, engineFor, reasonCode } from './engine-decision';

describe('ENGINE_REASONS', () => {
  it.each(ENGINE_REASON_CODES)('%s has a meaning and an engine', (code) => {
    const info: { meaning: string; engine: string; detail?: string } = ENGINE_REASONS[code];
    expect(info.meaning.trim().length).toBeGreaterThan(0);
    expect(['chromium', 'native', 'either']).toContain(info.engine);
    if (info.detail !== undefined) expect(info.detail).toMatch(/^[a-z]+$/);
  });

  it('lists each code once, as ENGINE_REASON_CODES does', () => {
    expect(ENGINE_REASON_CODES).toEqual(Object.keys(ENGINE_REASONS));
    expect(ENGINE_REASON_CODES.length).toBeGreaterThan(10);
    for (const code of ENGINE_REASON_CODES) expect(code).toMatch(/^[a-z_]+$/);
  });
});

describe('reasonCode', () => {
  it('reads the code before a detail, and refuses a code not in ENGINE_REASONS', () => {
    expect(['forced', 'unsupported_css:mask-image', 'unsupported_css:selector:has', 'font_unavailable:Brand Sans', 'parity_error:render_timeout'].map(reasonCode))
      .toEqual(['forced', 'unsupported_css', 'unsupported_css', 'font_unavailable', 'parity_error']);
    expect(['unsupported_colour:red', '', 'toString', 'constructor:x'].map(reasonCode)).toEqual([null, null, null, null]);
  });
});

describe('engineFor', () => {
  const native = { engine: 'native' };
  it('renders a version decided native natively, except its PDFs and video preview frames', () => {
    expect((['image', 'video', 'pdf', 'video_frame'] as const).map((kind) => engineFor(native, kind))).toEqual(['native', 'native', 'chromium', 'chromium']);
  });

  it('renders anything else with Chromium', () => {
    for (const version of [{ engine: 'chromium' }, {}, { engine: null }, { engine: 'NATIVE' }]) {
      expect((['image', 'video'] as const).map((kind) => engineFor(version, kind))).toEqual(['chromium', 'chromium']);
    }
  });
});
