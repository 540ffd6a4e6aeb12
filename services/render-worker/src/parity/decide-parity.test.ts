import { decideParity } from './decide-parity';
import { paritySamples } from './parity-samples';

const sample = (name: string, ssim: number, psnr: number | null, region = 0.95) => ({ sample: name, ssim, psnr, ssim_region: region, chromium_ms: 100, native_ms: 20 });

describe('decideParity', () => {
  it('keeps the native engine only when every sample meets the three thresholds', () => {
    expect(decideParity([sample('defaults', 0.99, 35), sample('long-text', 0.98, null)]).engine).toBe('native');
    const below = decideParity([sample('defaults', 0.99, 35), sample('long-text', 0.95, 30)]);
    expect(below).toMatchObject({ engine: 'chromium', reason: 'parity_below_threshold', parity: { min_ssim: 0.95, min_psnr: 30 } });
    expect(decideParity([sample('defaults', 0.99, 20)]).reason).toBe('parity_below_threshold');
  });

  it('refuses a sample whose worst region misses though the whole image meets SSIM and PSNR (a line of text lost)', () => {
    const d = decideParity([sample('defaults', 0.999, 40), sample('t=967ms', 0.9952, 32.83, 0.41)]);
    expect(d).toMatchObject({ engine: 'chromium', reason: 'parity_below_threshold', parity: { min_ssim: 0.9952, min_ssim_region: 0.41 } });
  });

  it('stores identical renders as a null PSNR', () => {
    const d = decideParity([sample('defaults', 1, null)], 'takumi 2.16.3');
    expect(d).toMatchObject({ engine: 'native', reason: 'parity_passed', parity: { min_psnr: null, native_version: 'takumi 2.16.3' } });
    expect(JSON.parse(JSON.stringify(d.parity)).min_psnr).toBeNull();
  });
});

describe('paritySamples', () => {
  it('renders the defaults, plus longer text and a large number when there are such placeholders', () => {
    expect(paritySamples([{ name: 'bg', type: 'color', default: '#fff' }])).toEqual([{ name: 'defaults', modifications: [] }]);
    const s = paritySamples([
      { name: 'title', type: 'text', default: 'Hello' },
      { name: 'price', type: 'number', default: 9, format: '$0,0.00' },
    ]);
    expect(s.map((x) => x.name)).toEqual(['defaults', 'long-text']);
    expect(s[1]!.modifications[0]).toMatchObject({ name: 'title', text: expect.stringMatching(/^Hello a longer sample/) });
    expect(s[1]!.modifications[1]).toEqual({ name: 'price', number: 1234567.89 });
  });
});
