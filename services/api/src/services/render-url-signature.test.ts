import crypto from 'node:crypto';
import { canonicalRenderUrl, rfc3986, signRenderUrl, verifyRenderUrlSignature } from './render-url-signature';

describe('render URL signature', () => {
  test('canonical form: sig left out, RFC 3986 encoding, sorted by name then value', () => {
    const c = canonicalRenderUrl('/u/k/t.png', [
      ['title', "Hello world (it's me)!"],
      ['sig', 'ignored'],
      ['exp', '1800000000'],
      ['a', 'ü*'],
    ]);
    expect(c).toBe('/u/k/t.png?a=%C3%BC%2A&exp=1800000000&title=Hello%20world%20%28it%27s%20me%29%21');
    expect(rfc3986('-_.~')).toBe('-_.~');
  });

  test('verifies its own signature and refuses tampered, short or non-hex ones', () => {
    const c = canonicalRenderUrl('/u/k/t.png', [['title', 'Hi']]);
    const sig = signRenderUrl('secret', c);
    expect(sig).toBe(crypto.createHmac('sha256', 'secret').update(c).digest('hex'));
    expect(verifyRenderUrlSignature('secret', c, sig)).toBe(true);
    expect(verifyRenderUrlSignature('secret', c, sig.toUpperCase())).toBe(true);
    expect(verifyRenderUrlSignature('other', c, sig)).toBe(false);
    expect(verifyRenderUrlSignature('secret', c.replace('Hi', 'Ho'), sig)).toBe(false);
    expect(verifyRenderUrlSignature('secret', c, sig.slice(2))).toBe(false);
    expect(verifyRenderUrlSignature('secret', c, 'z'.repeat(64))).toBe(false);
  });
});
