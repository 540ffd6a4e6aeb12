import { easingOf } from '@rp/engine-gate';
import { splitTurns } from './split-turns';

const KEYFRAMES = '@keyframes s{from{transform:translate(-50%,-50%) rotate(0deg)}to{transform:translate(-50%,-50%) rotate(1turn)}}';
const angles = (css: string) => [...css.matchAll(/(\d+(?:\.\d+)?)% \{ transform: translate\(-50%,-50%\) rotate\(([-\d.]+)deg\)/g)].map((m) => [Number(m[1]), Number(m[2])]);

describe('splitTurns', () => {
  it('splits a full turn run linear into quarter turns, the other functions kept as written', () => {
    const [css] = splitTurns([`${KEYFRAMES} .a{animation:s 1s linear infinite}`]);
    expect(css!.match(/rotate\([^)]*\)/g)).toEqual(['rotate(0deg)', 'rotate(90deg)', 'rotate(180deg)', 'rotate(270deg)', 'rotate(1turn)']);
    expect(css).toContain('25% { transform: translate(-50%,-50%) rotate(90deg) }');
    expect(css).toContain('75% { transform: translate(-50%,-50%) rotate(270deg) }');
    expect(css).toContain('animation:s 1s linear infinite');
  });

  it('bakes an eased turn into 32 linear pieces on its curve, and every use of it runs linear', () => {
    const [css] = splitTurns([`${KEYFRAMES} .a{animation:s 2s infinite ease 1.5s} .b{animation:s 2s ease infinite, fade 1s linear}`]);
    const ease = easingOf('ease')!;
    const pieces = angles(css!);
    expect(pieces).toHaveLength(31);
    for (const [offset, deg] of pieces) expect(deg).toBeCloseTo(360 * ease(offset! / 100), 3);
    const degs = [0, ...pieces.map(([, deg]) => deg!), 360];
    expect(Math.max(...degs.slice(1).map((deg, i) => deg - degs[i]!))).toBeLessThan(90);
    expect(css).toContain('.a{animation:2000ms linear 1500ms infinite normal none running s}');
    expect(css).toContain('.b{animation:2000ms linear 0ms infinite normal none running s, fade 1s linear}');
  });

  it('bakes an eased turn only where every rule of its name can be baked', () => {
    const other = '@-webkit-keyframes s{to{transform:rotate(360deg)}}';
    expect(splitTurns([`${KEYFRAMES} ${other} .a{animation:s 1s ease}`])).toEqual([`${KEYFRAMES} ${other} .a{animation:s 1s ease}`]);
  });

  it('bakes a stepped turn into one keyframe per step, each holding what its step shows, and the uses run step-end', () => {
    const [css] = splitTurns([`${KEYFRAMES} .a{animation:s 1.2s steps(8) infinite}`]);
    expect(angles(css!)).toEqual([12.5, 25, 37.5, 50, 62.5, 75, 87.5].map((offset, k) => [offset, 45 * (k + 1)]));
    expect(css).toContain('.a{animation:1200ms step-end 0ms infinite normal none running s}');
    // jump-none shows both ends: 4 steps of a third of a turn
    const [none] = splitTurns([`${KEYFRAMES} .a{animation:s 1s steps(4, jump-none)}`]);
    expect(angles(none!)).toEqual([[25, 120], [50, 240], [75, 360]]);
  });

  it('splits the rotate property given as one angle, and leaves it given with an axis', () => {
    const [css] = splitTurns(['@keyframes r{from{rotate:0deg}to{rotate:1turn}} .a{animation:r 1s linear infinite}']);
    expect(css!.match(/rotate:[^;}]*/g)).toEqual(['rotate:0deg', 'rotate: 90deg ', 'rotate: 180deg ', 'rotate: 270deg ', 'rotate:1turn']);
    const axis = '@keyframes r{from{rotate:z 0deg}to{rotate:z 360deg}} .a{animation:r 1s linear}';
    expect(splitTurns([axis])).toEqual([axis]);
    const mixed = '@keyframes r{from{rotate:0deg}to{transform:rotate(360deg)}} .a{animation:r 1s linear}';
    expect(splitTurns([mixed])).toEqual([mixed]);
  });

  it('leaves what it cannot split exactly: two timing functions, steps that jump at the start, longhands, other properties, under half a turn', () => {
    const same = (css: string) => expect(splitTurns([css])).toEqual([css]);
    same(`${KEYFRAMES} .a{animation:s 1s linear infinite} .b{animation:s 2s infinite}`);
    same(`${KEYFRAMES} .a{animation:s 1s steps(8, jump-start) infinite}`);
    same(`${KEYFRAMES} .a{animation:s 1s step-end infinite}`);
    same(`${KEYFRAMES} .a{animation:s 1s linear;animation-timing-function:ease-in}`);
    same('@keyframes s{from{transform:rotate(0deg);opacity:0}to{transform:rotate(360deg);opacity:1}} .a{animation:s 1s linear}');
    same('@keyframes s{from{transform:rotate(0deg)}to{transform:rotate(170deg)}} .a{animation:s 1s ease}');
    same('@keyframes s{from{transform:rotate(0deg)}to{transform:scale(2) rotate(360deg)}} .a{animation:s 1s linear}');
    same('@keyframes s{to{transform:rotate(360deg)}} .a{animation:s 1s ease}');
  });
});
