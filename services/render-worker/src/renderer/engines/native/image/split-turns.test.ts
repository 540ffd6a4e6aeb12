import { splitTurns } from './split-turns';

const KEYFRAMES = '@keyframes s{from{transform:translate(-50%,-50%) rotate(0deg)}to{transform:translate(-50%,-50%) rotate(1turn)}}';

describe('splitTurns', () => {
  it('splits a full turn run linear into quarter turns, the other functions kept as written', () => {
    const [css] = splitTurns([`${KEYFRAMES} .a{animation:s 1s linear infinite}`]);
    expect(css!.match(/rotate\([^)]*\)/g)).toEqual(['rotate(0deg)', 'rotate(90deg)', 'rotate(180deg)', 'rotate(270deg)', 'rotate(1turn)']);
    expect(css).toContain('25% { transform: translate(-50%,-50%) rotate(90deg) }');
    expect(css).toContain('75% { transform: translate(-50%,-50%) rotate(270deg) }');
  });

  it('leaves what it cannot split exactly: another timing function, longhands, other properties, under half a turn', () => {
    const same = (css: string) => expect(splitTurns([css])).toEqual([css]);
    same(`${KEYFRAMES} .a{animation:s 1s ease infinite}`);
    same(`${KEYFRAMES} .a{animation:s 1s linear infinite} .b{animation:s 2s infinite}`);
    same(`${KEYFRAMES} .a{animation:s 1s linear;animation-timing-function:ease-in}`);
    same('@keyframes s{from{transform:rotate(0deg);opacity:0}to{transform:rotate(360deg);opacity:1}} .a{animation:s 1s linear}');
    same('@keyframes s{from{transform:rotate(0deg)}to{transform:rotate(170deg)}} .a{animation:s 1s linear}');
    same('@keyframes s{from{transform:rotate(0deg)}to{transform:scale(2) rotate(360deg)}} .a{animation:s 1s linear}');
  });
});
