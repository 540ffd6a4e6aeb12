import type { Node } from '@takumi-rs/core';
import { staticFromMs } from './static-from-ms';

const tree = (style: Record<string, string> = {}, extra: Partial<Node> = {}): Node =>
  ({ type: 'container', style: {}, children: [{ type: 'container', style, ...extra } as Node] }) as Node;
const at = (css: string, node = tree()) => staticFromMs(node, [css]);

describe('staticFromMs', () => {
  it('is 0 for a document that declares no motion', () => {
    expect(at('.a{color:red}')).toBe(0);
  });

  it('bounds the animation shorthand by its duration, delay and iterations', () => {
    expect(at('.a{animation:slide 1.2s ease-out both}')).toBe(1200);
    expect(at('.a{animation:fade 1s ease-in 0.6s both}')).toBe(1600);
    expect(at('.a{animation:pop .8s cubic-bezier(.2,.9,.3,1.4) 1s 3 both}')).toBe(1000 + 800 * 3);
    expect(at('.a{animation:type 2s steps(20, end) both, blink 500ms 2.5s}')).toBe(2500 + 2000);
  });

  it('bounds an animation over @-webkit-keyframes as one over @keyframes', () => {
    const doc = (at: string) => `@${at} fade{from{opacity:0}to{opacity:1}} .a{animation:fade 800ms ease-in 400ms 2 both}`;
    expect(at(doc('-webkit-keyframes'))).toBe(400 + 800 * 2);
    expect(at(doc('keyframes'))).toBe(400 + 800 * 2);
  });

  it('takes the largest of every longhand, whichever rule and element they come from', () => {
    expect(at('.a{animation-name:x;animation-duration:2s}.b{animation-iteration-count:2}.c{animation-delay:300ms,-1s}')).toBe(300 + 2000 * 2);
  });

  it('counts transitions, and inline styles in the tree', () => {
    expect(at('.a{transition:transform .3s ease .1s, box-shadow .3s ease}')).toBe(400);
    expect(at('.a{transition-duration:.2s}.b{transition-duration:.5s,.1s}.c{transition-delay:250ms}')).toBe(750);
    expect(staticFromMs(tree({ animationDuration: '4s', animationDelay: '1s' }), [])).toBe(5000);
    expect(staticFromMs(tree({ animation: 'wipe 1s ease-in-out 1.5s both' }), [])).toBe(2500);
  });

  it('is Infinity for what never settles or cannot be read', () => {
    expect(at('.a{animation:spin 1s linear infinite}')).toBe(Infinity);
    expect(at('.a{animation-iteration-count:infinite}')).toBe(Infinity);
    expect(at('.a{animation-play-state:paused}')).toBe(Infinity);
    expect(at('.a{animation-duration:var(--d)}')).toBe(Infinity);
    expect(at('.a{animation:slide var(--d) ease}')).toBe(Infinity);
    expect(at('.a{animation:x 1s}.b{content:"x}')).toBe(Infinity);
    // a stray `}` drops the rule it falls into (and the next block) as in Chromium; `.a` stays
    expect(at('.a{animation:x 1s}} .a{animation:x 9s} .b{}')).toBe(1000);
    expect(staticFromMs(tree(), [{ '.a': { animationDuration: '1s' } } as never])).toBe(Infinity);
  });

  it('is Infinity when an image may move without CSS', () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
    const webp = Buffer.concat([Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8X', 'latin1'), Buffer.alloc(10)]);
    const apng = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.from('....IHDR.............acTL........IDAT', 'latin1')]);
    const png = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.from('....IHDR.............IDAT........', 'latin1')]);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"><animate attributeName="r" dur="1s"/></circle></svg>');
    for (const data of [gif, webp, apng, svg]) expect(staticFromMs(tree(), [], [{ src: 'https://x/y', data }])).toBe(Infinity);
    expect(staticFromMs(tree(), [], [{ src: 'https://x/y', data: png }])).toBe(0);
    expect(at(`.a{background:url("data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7")}`)).toBe(Infinity);
    expect(staticFromMs(tree({ backgroundImage: 'url(data:image/webp;base64,AAAA)' }), [])).toBe(Infinity);
    expect(staticFromMs(tree({}, { type: 'image', src: `data:image/svg+xml,${encodeURIComponent(svg.toString())}` } as Partial<Node>), [])).toBe(Infinity);
    expect(staticFromMs(tree({}, { type: 'image', src: svg.toString() } as Partial<Node>), [])).toBe(Infinity);
  });
});
