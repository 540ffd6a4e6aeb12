import { injectVirtualClock } from './inject-virtual-clock';

const at = (html: string) => injectVirtualClock(html).indexOf('<script>');

describe('injectVirtualClock', () => {
  it('goes first inside <head>', () => {
    const html = '<!DOCTYPE html><html lang="en"><head data-x="1"><script>tpl()</script></head><body></body></html>';
    const out = injectVirtualClock(html);
    expect(at(html)).toBe(html.indexOf('<head data-x="1">') + '<head data-x="1">'.length);
    expect(out.indexOf('__rpVirtualClock')).toBeLessThan(out.indexOf('tpl()'));
  });

  it('stays after a leading <meta charset> and before a CSP <meta>', () => {
    const html = '<!DOCTYPE html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="x"></head></html>';
    expect(at(html)).toBe(html.indexOf('<meta http-equiv'));
  });

  it('keeps the doctype first (no quirks mode)', () => {
    expect(injectVirtualClock('<!doctype html><body>x</body>').startsWith('<!doctype html><script>')).toBe(true);
  });

  it('falls back to after <html>, then to the very start', () => {
    expect(injectVirtualClock('<html><body></body></html>').startsWith('<html><script>')).toBe(true);
    expect(injectVirtualClock('<div>x</div>').startsWith('<script>')).toBe(true);
  });

  it('does not mistake <header> for <head>', () => {
    expect(injectVirtualClock('<html><body><header>h</header></body></html>').startsWith('<html><script>')).toBe(true);
  });

  it('bakes the epoch into the script', () => {
    expect(injectVirtualClock('<p>', { epochMs: 1234 })).toContain('var EPOCH = 1234;');
  });
});
