import { isCssColor } from '@rp/workflow-safe';
import { validateModificationValue } from './validate-modification';

describe('validateModificationValue', () => {
  const p = (type: 'text' | 'image' | 'color' | 'number') => ({ name: 'x', type });

  it('accepts the value field of each type', () => {
    expect(validateModificationValue(p('text'), { name: 'x', text: '' })).toBeNull();
    expect(validateModificationValue(p('image'), { name: 'x', image_url: 'https://example.com/a.png' })).toBeNull();
    expect(validateModificationValue(p('image'), { name: 'x', image_url: 'data:image/png;base64,iVBORw0=' })).toBeNull();
    expect(validateModificationValue(p('image'), { name: 'x', image_url: 'asset://0b6a9f7e-6f0c-4a5e-9f8e-2f8d3c1a7b10' })).toBeNull();
    expect(validateModificationValue(p('color'), { name: 'x', color: '#abc' })).toBeNull();
    expect(validateModificationValue(p('number'), { name: 'x', number: -1.5 })).toBeNull();
  });

  it('rejects missing or wrong fields with a message naming the field', () => {
    expect(validateModificationValue(p('text'), { name: 'x', color: 'red' })).toMatch(/'text'/);
    expect(validateModificationValue(p('image'), { name: 'x', image_url: 'ftp://a/b' })).toMatch(/http/);
    expect(validateModificationValue(p('image'), { name: 'x', image_url: 'file:///etc/passwd' })).toMatch(/http/);
    expect(validateModificationValue(p('image'), { name: 'x', image_url: 'data:text/html,<script>' })).toMatch(/data:image/);
    expect(validateModificationValue(p('image'), { name: 'x', image_url: 'asset://nope' })).toMatch(/asset:\/\//);
    expect(validateModificationValue(p('color'), { name: 'x', color: 'red; background: url(x)' })).toMatch(/CSS color/);
    expect(validateModificationValue(p('number'), { name: 'x', number: Infinity })).toMatch(/finite/);
    expect(validateModificationValue(p('number'), { name: 'x', text: '1' })).toMatch(/number/);
    expect(validateModificationValue(p('text'), { name: 'x', text: 'a'.repeat(10_001) })).toMatch(/at most 10000/);
  });
});

describe('isCssColor', () => {
  it.each(['#fff', '#FFFA', '#ff0000', '#ff000080', 'rgb(255, 0, 0)', 'rgba(255,0,0,0.5)', 'rgb(255 0 0 / 50%)', 'hsl(120deg 50% 50%)',
    'hsla(120, 50%, 50%, .3)', 'RebeccaPurple', 'transparent'])('accepts %p', (c) => expect(isCssColor(c)).toBe(true));
  it.each(['', '#ff', '#ggg', 'rgb(1,2)', 'rgb(1,2,3,4,5)', 'red;', 'url(x)', 'rgb(1,2,3) red', 'notacolor', 'expression(alert(1))',
    'rgb(1 2 3 / )'])('rejects %p', (c) => expect(isCssColor(c)).toBe(false));
});
