import { checkPlaceholderValue, isCssColor, isImageRef, isPlaceholderName } from '@rp/workflow-safe';

// Pure checks (no stack needed); the API and the renderer share them, so their edges are pinned here.
describe('placeholder values', () => {
  test('isCssColor', () => {
    for (const ok of ['#fff', '#FFFA', '#a1b2c3', '#a1b2c3d4', 'red', 'RebeccaPurple', 'transparent', 'rgb(1, 2, 3)', 'rgba(1,2,3,0.5)', 'hsl(120deg 50% 50% / 0.3)', 'hsla(120, 50%, 50%, .5)', ' #fff ']) {
      expect([ok, isCssColor(ok)]).toEqual([ok, true]);
    }
    for (const bad of ['', '#ff', '#fffff', '#ggg', 'reddish', 'rgb(1,2,3', 'url(x)', 'rgb(1;2;3)', 'rgb(1,2)', 'oklch(70% 0.1 200)', 'rgb(1 2 3 /)', 'rgb(1,2,3); x:y', 5, null, `#${'f'.repeat(200)}`]) {
      expect([bad, isCssColor(bad)]).toEqual([bad, false]);
    }
  });

  test('isImageRef', () => {
    for (const ok of ['https://example.com/a.png', 'http://127.0.0.2:8080/x?y=1', 'data:image/png;base64,AAAA', 'data:image/svg+xml,<svg/>', 'asset://6f1c2a8e-1d7b-4a43-9a55-0c3f7f3b2d10']) {
      expect([ok, isImageRef(ok)]).toEqual([ok, true]);
    }
    const long = `https://example.com/${'a'.repeat(2048)}`;
    for (const bad of ['ftp://x/a.png', 'file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,<b>', 'asset://123', 'https://', '/relative.png', long, 7]) {
      expect([bad, isImageRef(bad)]).toEqual([bad, false]);
    }
  });

  test('checkPlaceholderValue by type; null always fits', () => {
    expect(checkPlaceholderValue('text', 'hi')).toBeNull();
    expect(checkPlaceholderValue('text', 1)).toMatch(/string/);
    expect(checkPlaceholderValue('text', 'x'.repeat(10_000))).toBeNull();
    expect(checkPlaceholderValue('text', 'x'.repeat(10_001))).toMatch(/at most/);
    expect(checkPlaceholderValue('number', 0)).toBeNull();
    expect(checkPlaceholderValue('number', Number.NaN)).toMatch(/finite/);
    expect(checkPlaceholderValue('number', '1')).toMatch(/finite/);
    expect(checkPlaceholderValue('color', '#000')).toBeNull();
    expect(checkPlaceholderValue('image', 'nope')).toMatch(/URL/);
    expect(checkPlaceholderValue('video', 'x')).toMatch(/unknown placeholder type/);
    for (const t of ['text', 'image', 'color', 'number']) expect(checkPlaceholderValue(t, null)).toBeNull();
  });

  test('isPlaceholderName', () => {
    expect(isPlaceholderName('a.b-c_9')).toBe(true);
    expect(isPlaceholderName('x'.repeat(64))).toBe(true);
    expect(isPlaceholderName('x'.repeat(65))).toBe(false);
    expect(isPlaceholderName('has space')).toBe(false);
    expect(isPlaceholderName('')).toBe(false);
  });
});
