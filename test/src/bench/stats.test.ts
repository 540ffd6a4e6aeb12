import { median } from './stats';

describe('median', () => {
  it('is the middle value of an odd count and the mean of the two middle values of an even one, in any order', () => {
    expect(median([3.1, 1.2, 2.6])).toBe(2.6);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it('is null for no values, not 0', () => {
    expect(median([])).toBeNull();
  });
});
