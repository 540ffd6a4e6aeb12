import { parseAnimations } from './parse-animations';

describe('parseAnimations', () => {
  it('reads each comma item: the first time is the duration, the second the delay, keywords by kind', () => {
    expect(parseAnimations('slide-in 1.2s cubic-bezier(.2,.9,.3,1.4) 300ms 2 alternate both paused')).toEqual([
      { name: 'slide-in', durationMs: 1200, delayMs: 300, iterations: 2, timing: 'cubic-bezier(.2,.9,.3,1.4)', direction: 'alternate', fillMode: 'both', playState: 'paused' },
    ]);
    expect(parseAnimations('Fade 1s, spin 500ms steps(4, jump-end) infinite !important').map((a) => [a.name, a.durationMs, a.timing, a.iterations])).toEqual([
      ['Fade', 1000, 'ease', 1],
      ['spin', 500, 'steps(4, jump-end)', Infinity],
    ]);
  });

  it('gives a keyword to the first part it fits that is not set yet, and what is left names the keyframes', () => {
    expect(parseAnimations('none')[0]).toMatchObject({ name: null, fillMode: 'none' });
    expect(parseAnimations('none 1s')[0]!.name).toBeNull();
    expect(parseAnimations('ease ease 1s')[0]).toMatchObject({ name: 'ease', timing: 'ease' });
    expect(parseAnimations('both both 1s')[0]).toMatchObject({ name: 'both', fillMode: 'both' });
    expect(parseAnimations('"quoted" 1s')[0]!.name).toBe('"quoted"');
    expect(parseAnimations('var(--a) 1s')[0]!.name).toBe('var(--a)');
    expect(parseAnimations('inherit')[0]!.name).toBeNull();
  });

  it('leaves omitted parts at their initial values', () => {
    expect(parseAnimations('a')).toEqual([{ name: 'a', durationMs: 0, delayMs: 0, iterations: 1, timing: 'ease', direction: 'normal', fillMode: 'none', playState: 'running' }]);
    expect(parseAnimations('a -250ms 1.5s')[0]).toMatchObject({ durationMs: -250, delayMs: 1500 });
  });
});
