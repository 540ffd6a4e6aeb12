import { directedProgress, easingOf } from './animation-progress';
import { cascadeAnimations } from './cascade-animations';
import { parseAnimations } from './parse-animations';
import { svgMotion, type SvgMotion } from './svg-motion';

const motionOf = (markup: string): SvgMotion => {
  const plan = svgMotion(markup);
  if (!plan || !('motion' in plan)) throw new Error(`no motion: ${JSON.stringify(plan)}`);
  return plan.motion;
};
const attrs = (markup: string, name: string) => [...markup.matchAll(new RegExp(`\\s${name}="([^"]*)"`, 'g'))].map((m) => m[1]);

describe('svgMotion', () => {
  // the shape of the public corpus's SVG animations: a group turning one way, its children the other by parity
  const PINWHEEL = `<svg viewBox="-50 -50 100 100" width="100" height="100"><style>
    .o { transform-origin: 0 0; animation: o 15s linear infinite }
    .i:nth-child(even) .r { animation: r 5s linear infinite }
    .i:nth-child(odd) .r { animation: r 5s linear reverse infinite }
    @keyframes o { from { transform: rotate(360deg) } to { transform: rotate(0deg) } }
    @keyframes r { to { transform: rotate(1turn) } from { transform: rotate(0deg) } }
  </style><g class="o"><g class="i" transform="translate(0 10)"><rect class="r" width="5" height="5"/></g><g class="i"><rect class="r" width="5" height="5"/></g></g></svg>`;

  it('writes each animated transform into the markup at the instant asked, as the cascade and the animation say', () => {
    const m = motionOf(PINWHEEL);
    expect(m.endMs).toBe(Infinity);
    // 1 s in: the group 1/15 of the way back from 360; the first (odd) rect reversed, 0.8 of a turn; the second 0.2
    expect(attrs(m.at(1000), 'transform')).toEqual(['rotate(336)', 'translate(0 10)', 'rotate(288)', 'rotate(72)']);
    expect(attrs(m.at(0), 'transform')).toEqual(['rotate(360)', 'translate(0 10)', 'rotate(360)', 'rotate(0)']);
    // everything else is the markup as it was
    expect(m.at(2500).replace(/ transform="rotate\([^"]*\)"/g, '')).toBe(PINWHEEL);
  });

  it('replaces an animated element\'s own transform attribute and adds numbers to its style, with the element\'s own style kept', () => {
    const m = motionOf(`<svg><style>@keyframes f{from{opacity:0;transform:translate(0,0)}to{opacity:1;transform:translate(10px,20px)}} g{animation:f 2s linear both}</style><g transform="scale(2)" style="fill:red"></g></svg>`);
    const at = m.at(500);
    expect(attrs(at, 'transform')).toEqual(['translate(2.5 5)']);
    expect(attrs(at, 'style')).toEqual(['fill:red;opacity:0.25']);
    expect(m.endMs).toBe(2000);
    expect(attrs(m.at(5000), 'style')).toEqual(['fill:red;opacity:1']);
  });

  it('leaves an element as written where its animation has no effect: before a delay without fill, after its end without fill', () => {
    const m = motionOf('<svg><style>@keyframes f{from{opacity:0}to{opacity:.5}} rect{animation:f 1s linear 1s}</style><rect/></svg>');
    expect(attrs(m.at(500), 'style')).toEqual([]);
    expect(attrs(m.at(1500), 'style')).toEqual(['opacity:0.25']);
    expect(attrs(m.at(2500), 'style')).toEqual([]);
  });

  it('answers null for an SVG that does not move, and the reason for one it cannot bake', () => {
    expect(svgMotion('<svg><rect style="fill:red"/></svg>')).toBeNull();
    expect(svgMotion('<svg><style>rect{animation:missing 1s}</style><rect/></svg>')).toBeNull();
    expect(svgMotion('<svg><style>@keyframes f{from{transform:rotateX(0)}to{transform:rotateX(1turn)}} rect{animation:f 1s}</style><rect/></svg>')).toEqual({ refused: 'unsupported_animation:svg:transform' });
    expect(svgMotion('<svg><style>@keyframes f{from{transform:translate(0%)}to{transform:translate(50%)}} rect{animation:f 1s}</style><rect/></svg>')).toEqual({ refused: 'unsupported_animation:svg:transform' });
    expect(svgMotion('<svg><style>@keyframes f{from{r:1}to{r:2}} circle{animation:f 1s}</style><circle/></svg>')).toEqual({ refused: 'unsupported_animation:svg:r' });
  });

  it('applies an inline style attribute over the sheets, and the more specific rule over the later one', () => {
    const markup = '<svg><style>@keyframes a{from{opacity:0}to{opacity:1}} @keyframes b{from{opacity:1}to{opacity:1}} #x{animation:a 1s linear} rect{animation:b 1s linear}</style><rect id="x"/><rect style="animation: a 2s linear"/></svg>';
    expect(attrs(motionOf(markup).at(500), 'style')).toEqual(['opacity:0.5', 'animation: a 2s linear;opacity:0.25']);
  });
});

describe('animation timing', () => {
  it('eases as CSS Easing defines the keywords, cubic-bezier and steps', () => {
    expect(easingOf('linear')!(0.3)).toBe(0.3);
    expect(easingOf('ease')!(0.5)).toBeCloseTo(0.8024, 3);
    expect(easingOf('ease-in-out')!(0.5)).toBeCloseTo(0.5, 6);
    expect(easingOf('steps(4)')!(0.3)).toBe(0.25);
    expect(easingOf('steps(4, start)')!(0.3)).toBe(0.5);
    expect(easingOf('step-end')!(0.99)).toBe(0);
    expect(easingOf('steps(2, jump-none)')!(0.6)).toBe(1);
    expect(easingOf('cubic-bezier(2, 0, 1, 1)')).toBeNull();
    expect(easingOf('linear(0, 1)')).toBeNull();
  });

  it('runs iterations, directions, delays and fills', () => {
    const [a] = parseAnimations('x 1s 2 alternate 500ms both');
    expect(directedProgress(a!, 0)).toBe(0);
    expect(directedProgress(a!, 750)).toBe(0.25);
    expect(directedProgress(a!, 1750)).toBe(0.75);
    expect(directedProgress(a!, 9000)).toBe(0);
    const [r] = parseAnimations('x 1s 1.5 reverse');
    expect(directedProgress(r!, 250)).toBe(0.75);
    expect(directedProgress(r!, 2000)).toBeNull();
    expect(directedProgress({ ...r!, fillMode: 'forwards' }, 2000)).toBe(0.5);
  });

  it('cascades the shorthand and the longhands, the list as long as the names', () => {
    const list = cascadeAnimations([
      { prop: 'animation', value: 'a 1s linear' },
      { prop: 'animation-name', value: 'a, b' },
      { prop: 'animation-duration', value: '2s' },
    ]);
    expect(list).toMatchObject([{ name: 'a', durationMs: 2000, timing: 'linear' }, { name: 'b', durationMs: 2000, timing: 'linear' }]);
    expect(cascadeAnimations([{ prop: 'animation-timeline', value: 'scroll()' }])).toEqual({ unknown: 'animation-timeline' });
  });
});
