import { compileDesign, designPlaceholders, qrSvg, type DesignDocument } from '@rp/design';
import type { Modification } from '@rp/workflow-safe';
import { composeDocument } from './compose-document';
import { RenderFailure } from './types';

// A designed template's drawn content (data-design-content) bound per render: the QR code and the animated letters
// of each render's own text, drawn by the compiler's function.
const at = { x: 0, y: 0, width: 100, height: 100 };
const doc: DesignDocument = {
  layers: [
    { id: 'code', type: 'qr', ...at, value: 'https://example.test/default', error_correction: 'Q', color: '#102030', background: null, margin: 2, bindings: { value: 'url' } },
    { id: 'line', type: 'text', ...at, text: 'Hi', enter: { preset: 'typewriter', start_ms: 0, duration_ms: 900 }, bindings: { text: 'line' } },
  ],
};
const compose = (modifications: Modification[]) =>
  composeDocument({ html: compileDesign(doc), width: 200, height: 100, placeholders: designPlaceholders(doc.layers), modifications });
const style = { level: 'Q', color: '#102030', background: null, margin: 2 } as const;

describe('drawn content of a designed template, bound per render', () => {
  it('draws the QR code of the modification\'s text, not the default\'s', () => {
    const html = compose([{ name: 'url', text: 'https://example.test/item/42' }]);
    expect(html).toContain(qrSvg('https://example.test/item/42', style));
    expect(html).not.toContain(qrSvg('https://example.test/default', style));
  });

  it('without a modification, the default\'s QR code (as compiled)', () => {
    expect(compose([])).toContain(qrSvg('https://example.test/default', style));
  });

  it('times the letters of the modification\'s text: one span per letter, the last appearing at the end', () => {
    const html = compose([{ name: 'line', text: 'a <b>\nc' }]);
    const spans = [...html.matchAll(/<span style="animation:([^"]*)">([^<]*)<\/span>/g)].map((m) => [m[2], m[1]]);
    expect(spans.map(([c]) => c)).toEqual(['a', '&lt;', 'b', '&gt;', 'c']);
    expect(spans.map(([, a]) => a)).toEqual([180, 360, 540, 720, 900].map((ms) => `k-line-lhide ${ms}ms linear`));
    expect(html).toContain('&gt;</span><br><span');
  });

  it('a text too long for a QR code fails the render as template_invalid', () => {
    let failure: unknown;
    try {
      compose([{ name: 'url', text: 'x'.repeat(2000) }]);
    } catch (err) {
      failure = err;
    }
    expect(failure).toBeInstanceOf(RenderFailure);
    expect((failure as RenderFailure).code).toBe('template_invalid');
    expect((failure as RenderFailure).message).toMatch(/QR code's text is longer than the largest QR code at error correction Q holds \(2000 UTF-8 bytes\)/);
  });

  it('a hand-written element with an attribute the compiler never writes is bound as text', () => {
    const html = composeDocument({
      html: '<p data-placeholder="t" data-design-content="{&quot;qr&quot;:{&quot;level&quot;:&quot;Z&quot;}}">x</p>',
      width: 10, height: 10, placeholders: [{ name: 't', type: 'text' }], modifications: [{ name: 't', text: '<i>' }],
    });
    expect(html).toContain('style="overflow:hidden">&lt;i&gt;</p>');
  });
});
