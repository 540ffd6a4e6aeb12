import { notAnimationName } from './animation-gate';

describe('notAnimationName', () => {
  it.each(['1.2s', '300ms', '2', '.5', 'ease-out', 'linear', 'cubic-bezier(.2,.9,.3,1.4)', 'steps(4, jump-end)', 'alternate-reverse', 'normal', 'both', 'none', 'paused', 'running', 'infinite', 'inherit'])(
    '%s is not a name',
    (token) => expect(notAnimationName(token)).toBe(true),
  );

  it.each(['slide-in', 'fade', '"fill"', 'steps(oops)'])('%s may name keyframes', (token) => expect(notAnimationName(token)).toBe(false));
});
